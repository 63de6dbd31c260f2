import type { PlatformRegistration } from './connector';
import { kamailioTime } from './kamailio-db';

/** A permanent contact (usrloc expires 0) never expires: shown with this date. */
export const PERMANENT = new Date('9999-12-31T23:59:59Z');
/**
 * usrloc writes expires 0 as the epoch (db_postgres in its local time, so up to ±14 h off UTC), or NULL with
 * db_expires_null: anything before the epoch's second day is a permanent contact.
 */
const EPOCH_DAY2 = 2 * 86_400_000;

/** `ul.dump` (usrloc's JSON-RPC, Kamailio 5.6): only the fields read here. */
export interface UlDump {
  Domains?: {
    Domain?: { Domain?: string; AoRs?: { Info?: { AoR?: string; Contacts?: { Contact?: UlContact }[] } }[] };
  }[];
}
interface UlContact {
  Address?: string;
  /** Seconds left, or "permanent" (expires 0), "expired", "deleted". */
  Expires?: number | string;
  'User-Agent'?: string;
}

/**
 * Which of the tenant's extensions an AoR belongs to, from `mine` (`<extension>@<SIP domain>` → extension):
 * `user@domain` (usrloc use_domain=1; domains compared without case) or a bare user (use_domain=0: Kamailio itself
 * tells users apart by name alone, and so do we).
 */
export class ContactOwners {
  private readonly keys: Map<string, string>;
  private readonly users: Set<string>;
  constructor(mine: ReadonlyMap<string, string>) {
    this.keys = new Map([...mine].map(([k, v]) => [lowerDomain(k), v]));
    this.users = new Set(mine.values());
  }
  of(user: string, domain: string | null | undefined): string | undefined {
    if (!domain) return this.users.has(user) ? user : undefined;
    return this.keys.get(lowerDomain(`${user}@${domain}`));
  }
  ofAor(aor: string): string | undefined {
    const at = aor.lastIndexOf('@');
    return at < 0 ? this.of(aor, null) : this.of(aor.slice(0, at), aor.slice(at + 1));
  }
}

const lowerDomain = (aor: string) =>
  `${aor.slice(0, aor.lastIndexOf('@'))}@${aor.slice(aor.lastIndexOf('@') + 1).toLowerCase()}`;

/** The owners' registrations in an `ul.dump` answer (table "location"), live contacts only. */
export function dumpedRegistrations(dump: UlDump, owners: ContactOwners, now = Date.now()): PlatformRegistration[] {
  const out: PlatformRegistration[] = [];
  for (const d of dump.Domains ?? []) {
    if (d.Domain?.Domain !== 'location') continue;
    for (const a of d.Domain.AoRs ?? []) {
      const extension = a.Info?.AoR ? owners.ofAor(a.Info.AoR) : undefined;
      if (!extension) continue;
      for (const { Contact: c } of a.Info?.Contacts ?? []) {
        if (!c?.Address) continue;
        const expiresAt =
          c.Expires === 'permanent'
            ? PERMANENT
            : typeof c.Expires === 'number' && c.Expires > 0
              ? new Date(now + c.Expires * 1000)
              : null;
        if (expiresAt) out.push({ extension, contact: c.Address, userAgent: c['User-Agent'] ?? '', expiresAt });
      }
    }
  }
  return out;
}

/** One `location` row as a registration of one of the owners' extensions, or null (another account, or expired). */
export function tableRegistration(
  r: {
    username: string;
    domain: string | null;
    contact: string;
    expires: string | number | Date | null;
    user_agent: string;
  },
  owners: ContactOwners,
  now = Date.now(),
): PlatformRegistration | null {
  const extension = owners.of(r.username, r.domain);
  if (!extension) return null;
  const t = r.expires === null ? null : kamailioTime(r.expires);
  const expiresAt = t === null || t.getTime() < EPOCH_DAY2 ? PERMANENT : t;
  return expiresAt.getTime() > now ? { extension, contact: r.contact, userAgent: r.user_agent, expiresAt } : null;
}
