import type { Db } from '../src/db/database';
import type { TestApp } from './harness';

/**
 * Makes an extension able to receive QR links (issue #20): linked, with an app account in this cloud. Tests that
 * mail extensions set them up with this instead of relying on what the demo data links.
 */
export async function giveAppAccount(t: TestApp, tenantId: string, extension: string, email: string): Promise<void> {
  const db = t.db.kysely;
  const now = Date.now();
  await db
    .updateTable('extensions')
    .set({ email, linked: 1 })
    .where('tenant_id', '=', tenantId)
    .where('extension', '=', extension)
    .execute();
  await db.deleteFrom('app_accounts').where('tenant_id', '=', tenantId).where('extension', '=', extension).execute();
  await db
    .insertInto('app_accounts')
    .values({
      cloud_id: t.deps.config.CLOUD_ID,
      // Usernames are unique in a cloud: two extensions sharing an email get distinct ones.
      username: `${extension}.${tenantId}.${email}`.toLowerCase(),
      password_hash: 'x',
      tenant_id: tenantId,
      extension,
      did: '',
      must_change_password: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Every extension of a tenant linked with an app account in `cloudId` (a bulk QR send's recipients), in two statements. */
export async function giveAppAccounts(db: Db, cloudId: string, tenantId: string): Promise<void> {
  const now = Date.now();
  await db.kysely.updateTable('extensions').set({ linked: 1 }).where('tenant_id', '=', tenantId).execute();
  await db.kysely
    .insertInto('app_accounts')
    .columns([
      'cloud_id',
      'username',
      'password_hash',
      'tenant_id',
      'extension',
      'did',
      'must_change_password',
      'created_at',
      'updated_at',
    ])
    .expression(
      db.kysely
        .selectFrom('extensions')
        .select((eb) => [
          eb.val(cloudId).as('cloud_id'),
          eb.fn('lower', ['email']).as('username'),
          eb.val('x').as('password_hash'),
          'tenant_id',
          'extension',
          eb.val('').as('did'),
          eb.val(1).as('must_change_password'),
          eb.val(now).as('created_at'),
          eb.val(now).as('updated_at'),
        ])
        .where('tenant_id', '=', tenantId)
        .where('email', '<>', ''),
    )
    .execute();
}
