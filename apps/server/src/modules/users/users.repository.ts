import type { Kysely } from 'kysely';
import type { Database, UserRow as StoredUser } from '../../db/schema';
import { flagReader } from '../../lib/flags';

type Q = Kysely<Database>;

/** A portal user's flag columns, stored 0/1. */
export const USER_FLAGS = ['active'] as const;

/** Any user row, whole or partial, with its flags as booleans. */
export const readUser = flagReader(USER_FLAGS);

/** One portal user by id, as stored (with the password hash: never reply with it). */
export function findUser(db: Q, id: number): Promise<StoredUser | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One portal user by sign-in name (stored lowercased), as stored. */
export function findUserByUsername(db: Q, username: string): Promise<StoredUser | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}
