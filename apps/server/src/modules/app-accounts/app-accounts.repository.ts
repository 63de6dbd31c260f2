import type { Kysely, Transaction } from 'kysely';
import type { Database, ExtensionsTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { type Actor, recordAudit } from '../../lib/audit';
import { AppError, uniqueOr } from '../../lib/errors';
import { flagReader, toFlag } from '../../lib/flags';
import { EXTENSION_FLAGS } from '../extensions/extensions.repository';

export type AccountTrx = Transaction<Database>;

/** The app account's flag columns, stored 0/1. */
export const APP_ACCOUNT_FLAGS = ['must_change_password'] as const;

/** An app account row (whole, partial, or joined with its extension) with the flags of both as booleans. */
export const readAppAccount = flagReader([...APP_ACCOUNT_FLAGS, ...EXTENSION_FLAGS]);

export interface SaveAccount {
  cloudId: string;
  tenantId: string;
  extension: Selectable<ExtensionsTable>;
  email: string;
  passwordHash: string;
  did?: string;
  pin?: string;
}

/** The answer when an email is another account's: neutral, so it names no tenant nor extension (issue #13). */
export const emailTaken = () => new AppError('conflict', 'emailBelongsToOther');

/** Refuses an email that is already the username of another extension's app account in this cloud. */
export async function assertEmailFree(
  db: Kysely<Database>,
  cloudId: string,
  tenantId: string,
  extension: string,
  email: string,
): Promise<void> {
  const other = await db
    .selectFrom('app_accounts')
    .select(['tenant_id', 'extension'])
    .where('cloud_id', '=', cloudId)
    .where('username', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (other && (other.tenant_id !== tenantId || other.extension !== extension)) throw emailTaken();
}

/**
 * Creates or updates one extension's app account (username = email lowercased, unique in the cloud) and marks
 * the extension linked with that email. The account must change its password at first sign-in.
 */
export async function saveAppAccount(trx: AccountTrx, actor: Actor | null, a: SaveAccount): Promise<void> {
  const username = a.email.trim().toLowerCase();
  const ext = a.extension;
  await assertEmailFree(trx, a.cloudId, a.tenantId, ext.extension, username);
  const taken = emailTaken;
  const now = Date.now();
  const before = await trx
    .selectFrom('app_accounts')
    .selectAll()
    .where('cloud_id', '=', a.cloudId)
    .where('tenant_id', '=', a.tenantId)
    .where('extension', '=', ext.extension)
    .executeTakeFirst();
  const values = {
    username,
    password_hash: a.passwordHash,
    must_change_password: toFlag(true),
    updated_at: now,
    ...(a.did !== undefined ? { did: a.did } : {}),
  };
  const after = before
    ? await uniqueOr(
        () =>
          trx
            .updateTable('app_accounts')
            .set(values)
            .where('id', '=', before.id)
            .returningAll()
            .executeTakeFirstOrThrow(),
        taken,
      )
    : await uniqueOr(
        () =>
          trx
            .insertInto('app_accounts')
            .values({
              cloud_id: a.cloudId,
              tenant_id: a.tenantId,
              extension: ext.extension,
              did: '',
              created_at: now,
              ...values,
            })
            .returningAll()
            .executeTakeFirstOrThrow(),
        taken,
      );
  const extAfter = await trx
    .updateTable('extensions')
    .set({
      email: a.email.trim(),
      linked: toFlag(true),
      updated_at: now,
      ...(a.pin !== undefined ? { pin: a.pin } : {}),
    })
    .where('id', '=', ext.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!actor) return;
  await recordAudit(trx, actor, {
    entity: 'app_account',
    entity_id: after.id,
    action: before ? 'update' : 'create',
    before: before ?? null,
    after,
  });
  await recordAudit(trx, actor, {
    entity: 'extension',
    entity_id: `${a.tenantId}/${ext.extension}`,
    action: 'update',
    before: ext,
    after: extAfter,
  });
}
