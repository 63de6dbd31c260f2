import type { Kysely } from 'kysely';
import type { ResellerUserRow } from '@provisio/contract';
import type { Database } from '../../db/schema';
import { type ListParams, byColumn, byText, containsAny, runList } from '../../lib/list-query';

/** Adds reseller_name (their resellers' names, comma-joined) to a page of reseller users, in one query. */
async function withResellerNames(
  db: Kysely<Database>,
  users: { id: number; name: string; email: string }[],
): Promise<ResellerUserRow[]> {
  if (users.length === 0) return [];
  const links = await db
    .selectFrom('reseller_user_links as l')
    .innerJoin('resellers as r', 'r.id', 'l.reseller_id')
    .select(['l.reseller_user_id', 'r.name'])
    .where(
      'l.reseller_user_id',
      'in',
      users.map((u) => u.id),
    )
    .orderBy('r.name')
    .execute();
  const names = new Map<number, string[]>();
  for (const l of links) names.set(l.reseller_user_id, [...(names.get(l.reseller_user_id) ?? []), l.name]);
  return users.map((u) => ({ ...u, reseller_name: (names.get(u.id) ?? []).join(', ') }));
}

export async function listResellerUsers(db: Kysely<Database>, params: ListParams) {
  let base = db.selectFrom('reseller_users as u').select(['u.id', 'u.name', 'u.email']);
  const term = params.search?.trim();
  if (term) {
    // Search also matches the names of the user's resellers.
    base = base.where((eb) =>
      eb.or([
        containsAny(['u.name', 'u.email'], term),
        eb.exists(
          eb
            .selectFrom('reseller_user_links as l')
            .innerJoin('resellers as r', 'r.id', 'l.reseller_id')
            .select('l.id')
            .whereRef('l.reseller_user_id', '=', 'u.id')
            .where(containsAny(['r.name'], term)),
        ),
      ]),
    );
  }
  const { rows, total } = await runList(
    base,
    { ...params, search: undefined },
    {
      search: [],
      sorts: { id: byColumn('u.id'), name: byText('u.name'), email: byText('u.email') },
      defaultSort: 'id',
      tieBreak: 'u.id',
    },
  );
  return { rows: await withResellerNames(db, rows), total };
}

export async function findResellerUser(db: Kysely<Database>, id: number): Promise<ResellerUserRow | undefined> {
  const u = await db
    .selectFrom('reseller_users')
    .select(['id', 'name', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
  return u ? (await withResellerNames(db, [u]))[0] : undefined;
}

/** An email is a sign-in name: it must not belong to another reseller user nor be a portal username. */
export async function emailInUse(db: Kysely<Database>, email: string, exceptId?: number): Promise<boolean> {
  const other = await db
    .selectFrom('reseller_users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  if (other) return true;
  return !!(await db.selectFrom('users').select('id').where('username', '=', email).executeTakeFirst());
}
