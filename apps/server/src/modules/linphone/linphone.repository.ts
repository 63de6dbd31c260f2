import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function insertLink(
  db: Kysely<Database>,
  row: { tokenHash: string; appAccountId: number; now: number; expiresAt: number },
) {
  return db
    .insertInto('linphone_links')
    .values({
      token_hash: row.tokenHash,
      app_account_id: row.appAccountId,
      created_at: row.now,
      expires_at: row.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Spends a link: one statement that only an unused, unexpired link passes, so of parallel requests exactly one
 * gets the account back.
 */
export async function consumeLink(db: Kysely<Database>, tokenHash: string, now: number): Promise<number | null> {
  const row = await db
    .updateTable('linphone_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('app_account_id')
    .executeTakeFirst();
  return row?.app_account_id ?? null;
}

/** Links that can no longer be used are kept a day for the record, then dropped. */
export function dropOldLinks(db: Kysely<Database>, before: number) {
  return db.deleteFrom('linphone_links').where('expires_at', '<', before).execute();
}

/** The app account with its extension, while the extension still exists, is linked to the app and the app is not revoked. */
export function linkedAccount(db: Kysely<Database>, cloudId: string, appAccountId: number) {
  return db
    .selectFrom('app_accounts as a')
    .innerJoin('extensions as e', (j) =>
      j.onRef('e.tenant_id', '=', 'a.tenant_id').onRef('e.extension', '=', 'a.extension'),
    )
    .leftJoin('app_activations as v', 'v.app_account_id', 'a.id')
    .select(['a.id', 'a.username', 'a.tenant_id', 'a.extension', 'e.domain', 'e.firstname', 'e.lastname'])
    .where('v.revoked_at', 'is', null)
    .where('a.id', '=', appAccountId)
    .where('a.cloud_id', '=', cloudId)
    .where('e.linked', '=', 1)
    .executeTakeFirst();
}
