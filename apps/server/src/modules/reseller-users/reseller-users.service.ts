import type { z } from 'zod';
import { type CreateUpdateResellerUserBody, type CreateUserResellerLinkBody, LIMITS } from '@provisio/contract';
import type { Deps } from '../../deps';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError, notFound, uniqueOr } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { revokeAllSessions } from '../auth/sessions';
import { deleteFileByUrl } from '../files/files.repository';
import { emailInUse, findResellerUser } from './reseller-users.repository';
import { assertEmailUnclaimed, emailChanged } from '../auth/account-email';

export { listResellerUsers } from './reseller-users.repository';

const emailTaken = () => new AppError('conflict', 'emailTaken');

export async function getResellerUser(deps: Deps, id: number) {
  const row = await findResellerUser(deps.db.kysely, id);
  if (!row) throw notFound();
  return row;
}

/** Password only on create (required, at least 6); refused on update, where a reset link changes it. */
async function passwordHashFor(body: CreateUpdateResellerUserBody): Promise<string | undefined> {
  const password = body.password ?? '';
  if (body.id !== undefined) {
    if (password !== '') throw new AppError('validation_failed', 'passwordOnlyOnCreate');
    return undefined;
  }
  if (password === '') throw new AppError('validation_failed', 'resellerUserPasswordRequired');
  if (password.length < LIMITS.adminPasswordMin) throw new AppError('validation_failed', 'accountPasswordMin');
  return hashPassword(password);
}

export async function saveResellerUser(deps: Deps, actor: Actor, body: CreateUpdateResellerUserBody): Promise<number> {
  const passwordHash = await passwordHashFor(body);
  const now = Date.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    if (await emailInUse(trx, body.email, body.id)) throw emailTaken();
    if (passwordHash !== undefined) {
      await assertEmailUnclaimed(trx, body.email);
      const values = {
        name: body.name,
        email: body.email,
        phone_number: '',
        password_hash: passwordHash,
        picture_url: null,
        created_at: now,
        updated_at: now,
      };
      const row = await uniqueOr(
        () => trx.insertInto('reseller_users').values(values).returningAll().executeTakeFirstOrThrow(),
        emailTaken,
      );
      await recordAudit(trx, actor, { entity: 'reseller_user', entity_id: row.id, action: 'create', after: row });
      return row.id;
    }
    const before = await trx.selectFrom('reseller_users').selectAll().where('id', '=', body.id!).executeTakeFirst();
    if (!before) throw notFound();
    if (emailChanged(before.email, body.email))
      await assertEmailUnclaimed(trx, body.email, { type: 'reseller_user', id: before.id });
    const after = await uniqueOr(
      () =>
        trx
          .updateTable('reseller_users')
          .set({ name: body.name, email: body.email, updated_at: now })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      emailTaken,
    );
    await recordAudit(trx, actor, { entity: 'reseller_user', entity_id: before.id, action: 'update', before, after });
    return before.id;
  });
}

/** Removes the reseller user, their reseller links and pending reset links; their sessions end. */
export async function deleteResellerUser(deps: Deps, actor: Actor, id: number): Promise<void> {
  const before = await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('reseller_users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    const links = await trx
      .deleteFrom('reseller_user_links')
      .where('reseller_user_id', '=', id)
      .returningAll()
      .execute();
    await trx
      .deleteFrom('password_resets')
      .where('principal_type', '=', 'reseller_user')
      .where('principal_id', '=', id)
      .execute();
    await trx.deleteFrom('reseller_users').where('id', '=', id).execute();
    for (const l of links)
      await recordAudit(trx, actor, { entity: 'reseller_user_link', entity_id: l.id, action: 'delete', before: l });
    await recordAudit(trx, actor, { entity: 'reseller_user', entity_id: id, action: 'delete', before: row });
    return row;
  });
  await revokeAllSessions(deps.db, { type: 'reseller_user', id });
  await deleteFileByUrl(deps.db, before.picture_url);
}

export async function listUserResellers(deps: Deps, resellerUserId: number) {
  return deps.db.kysely
    .selectFrom('reseller_user_links as l')
    .innerJoin('resellers as r', 'r.id', 'l.reseller_id')
    .select(['l.id', 'l.reseller_id', 'r.name'])
    .where('l.reseller_user_id', '=', resellerUserId)
    .orderBy('l.id')
    .execute();
}

export async function linkUserToReseller(
  deps: Deps,
  actor: Actor,
  body: z.infer<typeof CreateUserResellerLinkBody>,
): Promise<number> {
  const already = () => new AppError('conflict', 'resellerAlreadyLinked');
  return deps.db.kysely.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('reseller_users').select('id').where('id', '=', body.user_id).executeTakeFirst();
    const reseller = await trx
      .selectFrom('resellers')
      .select('id')
      .where('id', '=', body.reseller_id)
      .executeTakeFirst();
    if (!user || !reseller) throw notFound();
    const dup = await trx
      .selectFrom('reseller_user_links')
      .select('id')
      .where('reseller_user_id', '=', body.user_id)
      .where('reseller_id', '=', body.reseller_id)
      .executeTakeFirst();
    if (dup) throw already();
    const values = { reseller_user_id: body.user_id, reseller_id: body.reseller_id, created_at: Date.now() };
    const row = await uniqueOr(
      () => trx.insertInto('reseller_user_links').values(values).returningAll().executeTakeFirstOrThrow(),
      already,
    );
    await recordAudit(trx, actor, { entity: 'reseller_user_link', entity_id: row.id, action: 'create', after: row });
    return row.id;
  });
}

export async function unlinkUserFromReseller(deps: Deps, actor: Actor, id: number): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const before = await trx.deleteFrom('reseller_user_links').where('id', '=', id).returningAll().executeTakeFirst();
    if (!before) throw notFound();
    await recordAudit(trx, actor, { entity: 'reseller_user_link', entity_id: id, action: 'delete', before });
  });
}
