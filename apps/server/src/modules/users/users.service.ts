import type { Kysely } from 'kysely';
import { type CreateUpdateUserBody, LIMITS, type UserRow } from '@provisio/contract';
import type { Database, UserRow as StoredUser } from '../../db/schema';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError, notFound, uniqueOr } from '../../lib/errors';
import { toFlag } from '../../lib/flags';
import { type ListParams, byColumn, byText, runList } from '../../lib/list-query';
import { hashPassword } from '../../lib/passwords';
import { revokeAllSessions } from '../auth/sessions';
import { deleteFileByUrl } from '../files/files.repository';
import { assertEmailUnclaimed, emailChanged } from '../auth/account-email';
import { findUser, readUser } from './users.repository';

const COLUMNS = ['id', 'name', 'username', 'email', 'user_type', 'active', 'company', 'subscriber_id'] as const;
type Listed = Pick<StoredUser, (typeof COLUMNS)[number]> & { company_name: string | null };
const toRow = (u: Listed): UserRow => ({ ...readUser(u), company_name: u.company_name ?? null });

/** The users' columns and their company's tenant name (the list shows the name, not the id: issue #20). */
const selectUsers = (db: Kysely<Database>) =>
  db
    .selectFrom('users')
    .select(COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('tenants')
        .select('tname')
        .whereRef('tenants.tid', '=', 'users.company')
        .limit(1)
        .as('company_name'),
    );
const usernameTaken = () => new AppError('conflict', 'usernameTaken');
const isActiveAdmin = (u: Pick<StoredUser, 'user_type' | 'active'>) => u.user_type === 'admin' && readUser(u).active;

export async function listUsers(deps: Deps, params: ListParams) {
  const base = selectUsers(deps.db.kysely);
  const text = ['name', 'username', 'email', 'company', 'subscriber_id', 'user_type'];
  const { rows, total } = await runList(base, params, {
    search: ['name', 'username', 'email', 'company'],
    sorts: { id: byColumn('id'), active: byColumn('active'), ...Object.fromEntries(text.map((c) => [c, byText(c)])) },
    defaultSort: 'id',
    tieBreak: 'id',
  });
  return { rows: rows.map(toRow), total };
}

export async function getUser(deps: Deps, id: number): Promise<UserRow> {
  const u = await selectUsers(deps.db.kysely).where('id', '=', id).executeTakeFirst();
  if (!u) throw notFound();
  return toRow(u);
}

/** The last active admin must stay an active admin. */
async function assertAnotherActiveAdmin(trx: Kysely<Database>, exceptId: number): Promise<void> {
  const other = await trx
    .selectFrom('users')
    .select('id')
    .where('user_type', '=', 'admin')
    .where('active', '=', 1)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  if (!other) throw new AppError('conflict', 'lastAdmin');
}

async function passwordHashFor(body: CreateUpdateUserBody): Promise<string | undefined> {
  const password = body.password ?? '';
  if (body.id !== undefined) {
    if (password !== '') throw new AppError('validation_failed', 'passwordOnlyOnCreate');
    return undefined;
  }
  if (password === '') throw new AppError('validation_failed', 'userPasswordRequired');
  if (password.length < LIMITS.adminPasswordMin) throw new AppError('validation_failed', 'accountPasswordMin');
  return hashPassword(password);
}

/** A username is a sign-in name: unique among portal users and not the email of a reseller user. */
async function assertUsernameFree(trx: Kysely<Database>, username: string, exceptId?: number): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  const reseller = await trx
    .selectFrom('reseller_users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', username))
    .executeTakeFirst();
  if (user || reseller) throw usernameTaken();
}

export async function saveUser(deps: Deps, actor: Actor, body: CreateUpdateUserBody): Promise<number> {
  const passwordHash = await passwordHashFor(body);
  const now = Date.now();
  const fields = {
    name: body.name,
    email: body.email,
    username: body.username,
    user_type: body.user_type,
    active: toFlag(body.active),
    company: body.company,
    subscriber_id: body.subscriber_id,
    updated_at: now,
  };
  const saved = await deps.db.kysely.transaction().execute(async (trx) => {
    await assertUsernameFree(trx, body.username, body.id);
    if (passwordHash !== undefined) {
      await assertEmailUnclaimed(trx, body.email);
      const values = { ...fields, phone_number: '', password_hash: passwordHash, picture_url: null, created_at: now };
      const row = await uniqueOr(
        () => trx.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow(),
        usernameTaken,
      );
      await recordAudit(trx, actor, { entity: 'user', entity_id: row.id, action: 'create', after: row });
      return { id: row.id, deactivated: false };
    }
    const before = await findUser(trx, body.id!);
    if (!before) throw notFound();
    if (emailChanged(before.email, body.email))
      await assertEmailUnclaimed(trx, body.email, { type: 'user', id: before.id });
    const stillAdmin = isActiveAdmin(fields);
    if (isActiveAdmin(before) && !stillAdmin) {
      if (actor.caller.kind === 'user' && actor.caller.id === before.id)
        throw new AppError('validation_failed', 'cannotDemoteSelf');
      await assertAnotherActiveAdmin(trx, before.id);
    }
    const after = await uniqueOr(
      () => trx.updateTable('users').set(fields).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow(),
      usernameTaken,
    );
    await recordAudit(trx, actor, { entity: 'user', entity_id: before.id, action: 'update', before, after });
    return { id: before.id, deactivated: readUser(before).active && !readUser(after).active };
  });
  if (saved.deactivated) await revokeAllSessions(deps.db, { type: 'user', id: saved.id });
  return saved.id;
}

/** Deletes a portal user; their sessions end and their picture goes. An admin cannot delete themselves. */
export async function deleteUser(deps: Deps, actor: Actor, id: number): Promise<void> {
  if (actor.caller.kind === 'user' && actor.caller.id === id)
    throw new AppError('validation_failed', 'cannotDeleteSelf');
  const before = await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await findUser(trx, id);
    if (!row) throw notFound();
    if (isActiveAdmin(row)) await assertAnotherActiveAdmin(trx, id);
    await trx
      .deleteFrom('password_resets')
      .where('principal_type', '=', 'user')
      .where('principal_id', '=', id)
      .execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await recordAudit(trx, actor, { entity: 'user', entity_id: id, action: 'delete', before: row });
    return row;
  });
  await revokeAllSessions(deps.db, { type: 'user', id });
  await deleteFileByUrl(deps.db, before.picture_url);
}
