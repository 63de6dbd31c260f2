/**
 * Who signs in: portal users, reseller users, their sessions, resets and login failures; softphone app
 * accounts, their sessions and activation secrets.
 */
import type { Generated } from 'kysely';
import type { Flag, Millis } from './columns';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  email: string;
  phone_number: string;
  password_hash: string;
  user_type: 'admin' | 'simple user';
  active: Flag;
  company: string;
  subscriber_id: string;
  picture_url: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface ResellerUsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone_number: string;
  password_hash: string;
  picture_url: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  principal_type: 'user' | 'reseller_user';
  principal_id: number;
  ip: string;
  user_agent: string;
  created_at: Millis;
  last_used_at: Millis;
  revoked_at: Millis | null;
  /** Issue #18 "view as" (migration 019): the administrator's session a view session lives by, and the reason. */
  viewer_session_id: number | null;
  view_reason: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  principal_type: string;
  principal_id: number;
  token_hash: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  first_at: Millis;
  last_at: Millis;
  /** When housekeeping may remove the row (the end of its window). */
  expires_at: Millis;
}

export interface AppAccountsTable {
  id: Generated<number>;
  cloud_id: string;
  username: string;
  password_hash: string;
  tenant_id: string;
  extension: string;
  did: string;
  must_change_password: Flag;
  created_at: Millis;
  updated_at: Millis;
}

/** An app account's session (end-user settings pages); only the token's hash is kept. */
export interface AppSessionsTable {
  id: Generated<number>;
  token_hash: string;
  app_account_id: number;
  created_at: Millis;
  last_used_at: Millis;
  revoked_at: Millis | null;
}

/** Issue #14: an app account's activation secret (SHA-256 only), the previous one's grace, and its revocation. */
export interface AppActivationsTable {
  app_account_id: number;
  secret_hash: string;
  previous_hash: string;
  previous_until: Millis;
  issued_at: Millis;
  first_used_at: Millis | null;
  revoked_at: Millis | null;
}
