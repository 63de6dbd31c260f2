import { z } from 'zod';
import { LIMITS } from '@provisio/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../lib/caller';
import { type TenantScope, scopeToCaller } from '../tenants/tenant-scope';

const isEmail = (s: string) => z.email().safeParse(s).success;

/** Reads `cc` as a list of addresses (comma or semicolon separated), lowercased, without repeats. */
export function parseCc(cc: string | undefined): string[] {
  const list = [
    ...new Set(
      (cc ?? '')
        .split(/[,;]/)
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (list.length > LIMITS.ccMax) throw new AppError('validation_failed', 'ccTooMany', { max: LIMITS.ccMax });
  const bad = list.find((a) => !isEmail(a));
  if (bad !== undefined) throw new AppError('validation_failed', 'ccInvalid', { address: bad });
  return list;
}

/** The addresses of `wanted` that belong to the caller, or to a subscriber, portal user or reseller user of the scope. */
async function knownAddresses(db: Db, caller: Caller, scope: TenantScope, wanted: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  const add = (rows: { email: string }[]) => rows.forEach((r) => known.add(r.email.toLowerCase()));
  const self = caller.kind === 'user' ? 'users' : 'reseller_users';
  add(await db.kysely.selectFrom(self).select('email').where('id', '=', caller.id).execute());
  const subscribers = db.kysely
    .selectFrom('extensions')
    .select('email')
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', wanted));
  add(await scopeToCaller(db.kysely, subscribers, scope, 'tenant_id').execute());
  const users = db.kysely
    .selectFrom('users')
    .select('email')
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', wanted));
  add(await scopeToCaller(db.kysely, users, scope, 'company').execute());
  const resellerUsers = db.kysely
    .selectFrom('reseller_users as u')
    .innerJoin('reseller_user_links as l', 'l.reseller_user_id', 'u.id')
    .innerJoin('reseller_tenants as rt', 'rt.reseller_id', 'l.reseller_id')
    .select('u.email')
    .where((eb) => eb(eb.fn('lower', ['u.email']), 'in', wanted));
  add(await scopeToCaller(db.kysely, resellerUsers, scope, 'rt.tenant_id').execute());
  return known;
}

/**
 * Copies may go only to addresses known in the caller's scope (issue #13: the portal must not mail anyone an
 * attacker names); an admin may copy any valid address. The first unknown address is named in the 400.
 */
export async function assertCcInScope(db: Db, caller: Caller, scope: TenantScope, cc: string[]): Promise<void> {
  if (cc.length === 0 || caller.role === 'admin') return;
  const known = await knownAddresses(db, caller, scope, cc);
  const unknown = cc.find((a) => !known.has(a));
  if (unknown !== undefined) throw new AppError('validation_failed', 'ccNotAllowed', { address: unknown });
}
