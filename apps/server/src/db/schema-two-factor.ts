/** Two-factor sign-in (issue #18 item 1, migration 016) and the administrators' system settings. */
import type { Generated } from 'kysely';
import type { Millis } from './columns';

type PrincipalType = 'user' | 'reseller_user';

export interface TwoFactorTable {
  id: Generated<number>;
  principal_type: PrincipalType;
  principal_id: number;
  /** The TOTP secret, AES-256-GCM under a server key (modules/two-factor/secret-box.ts). */
  secret_enc: string;
  /** Null while a set-up waits for its first code. */
  enabled_at: Millis | null;
  /** The last 30-second step a code was accepted for: a code of it or an earlier step is refused. */
  last_step: Generated<number>;
  created_at: Millis;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  principal_type: PrincipalType;
  principal_id: number;
  code_hash: string;
  used_at: Millis | null;
  created_at: Millis;
}

export interface TwoFactorChallengesTable {
  id: Generated<number>;
  principal_type: PrincipalType;
  principal_id: number;
  token_hash: string;
  step: 'verify' | 'enrol';
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}

export interface TwoFactorRememberedTable {
  id: Generated<number>;
  principal_type: PrincipalType;
  principal_id: number;
  token_hash: string;
  /** A hash of the account's password hash when the token was made: a new password ends the token. */
  password_stamp: string;
  user_agent: Generated<string>;
  expires_at: Millis;
  created_at: Millis;
}

export interface SystemSettingsTable {
  name: string;
  value: string;
  updated_at: Millis;
  updated_by: Generated<string>;
}
