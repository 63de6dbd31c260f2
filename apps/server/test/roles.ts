import { expect } from 'vitest';
import { type TestApp, createResellerUser, createUser } from './harness';

export interface RoleTokens {
  admin: string;
  /** A simple user of the company (tenant) 'bluebird.example'. */
  simple: string;
  /** A reseller user of the given resellers. */
  reseller: string;
  resellerUserId: number;
}

/** Signs in one caller of each role. */
export async function signInRoles(t: TestApp, resellerIds: number[] = [], tag = 'r'): Promise<RoleTokens> {
  await createUser(t.db, { username: `simple-${tag}`, password: 'simple-pass-1', company: 'bluebird.example' });
  const resellerUserId = await createResellerUser(t.db, `seller-${tag}@example.test`, 'seller-pass-1', resellerIds);
  return {
    admin: await t.login(),
    simple: await t.login(`simple-${tag}`, 'simple-pass-1'),
    reseller: await t.login(`seller-${tag}@example.test`, 'seller-pass-1'),
    resellerUserId,
  };
}

/** Anonymous callers get 401; a simple user and a reseller user get 403 on an admin-only call. */
export async function expectAdminOnly(t: TestApp, name: string, body: unknown, tokens: RoleTokens): Promise<void> {
  expect((await t.call(name, body)).statusCode, `${name} anonymous`).toBe(401);
  expect((await t.call(name, body, { token: tokens.simple })).statusCode, `${name} simple user`).toBe(403);
  expect((await t.call(name, body, { token: tokens.reseller })).statusCode, `${name} reseller user`).toBe(403);
}

export async function resellerIdByName(t: TestApp, name: string): Promise<number> {
  const row = await t.db.kysely.selectFrom('resellers').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}
