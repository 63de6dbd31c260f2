/** API keys for integrations (issue #18 item 2, migration 017). */
import type { Generated } from 'kysely';
import type { Millis } from './columns';

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** The first characters of the key (`pvk_` and 8 more), shown in the list to recognise it by. */
  prefix: string;
  /** SHA-256 of the whole key (lib/tokens.ts hashToken); the key itself is never stored. */
  key_hash: string;
  scope: 'all' | 'reseller' | 'tenant';
  reseller_id: number | null;
  tenant_id: string | null;
  read_only: number;
  expires_at: Millis | null;
  /** JSON array of addresses and CIDR ranges; '[]' for any address. */
  allowed_ips: string;
  created_by_type: 'user' | 'reseller_user';
  created_by_id: number;
  created_by_name: string;
  created_at: Millis;
  revoked_at: Millis | null;
}

/**
 * What each call with a key writes, apart from the key (so the permission matrix's checksum can leave it out): the
 * rate window's count and the last use.
 */
export interface ApiKeyUsageTable {
  key_id: number;
  window_start: Millis;
  count: number;
  last_used_at: Millis;
  last_used_ip: string;
}
