import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { generatePassword, hashPassword } from '../lib/passwords';
import { type TelephonyConnector, createConnector } from '../platform';
import { seedDemo } from './demo-data';

/**
 * First start on an empty database: create the `admin` account (password from ADMIN_PASSWORD, or generated and
 * printed once), then demo data unless SEED_DEMO=false, honest to the platform (docs/platforms.md):
 * - builtin: the demo in the builtin tables, with simulated call records (and the call simulator's live calls);
 * - kamailio: the demo tenants and extensions written through the connector (`connector`, or one made from the
 *   configuration for the seed), so every demo extension is a Kamailio subscriber that can register; no simulated
 *   call records (call history comes from Kamailio's acc_cdrs, live calls from its dialogs);
 * - netsapiens: none (tenants and extensions come from NetSapiens by sync; nothing is written to a real platform).
 */
export async function seedOnFirstStart(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  connector?: TelephonyConnector,
): Promise<void> {
  const existing = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const password = config.ADMIN_PASSWORD ?? generatePassword(16);
  const now = Date.now();
  await db.kysely
    .insertInto('users')
    .values({
      username: 'admin',
      name: 'Administrator',
      email: '',
      phone_number: '',
      password_hash: await hashPassword(password),
      user_type: 'admin',
      active: 1,
      company: '',
      subscriber_id: '',
      picture_url: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (!config.ADMIN_PASSWORD) {
    // Printed once, on purpose, so the first administrator can sign in; change it after signing in.
    process.stdout.write(
      `\n  Provisio: created the admin account. Username: admin  Password: ${password}\n  (shown once; set ADMIN_PASSWORD to choose it)\n\n`,
    );
  }
  log.info('admin account created');
  if (!config.SEED_DEMO) return;
  const tenantCount = await db.kysely.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (tenantCount) return;
  if (config.PLATFORM === 'builtin') {
    const result = await seedDemo(db.kysely, config.CLOUD_ID);
    log.info(result, 'demo data seeded');
    return;
  }
  if (config.PLATFORM === 'netsapiens') {
    log.info('demo data not seeded: tenants and extensions come from NetSapiens (sync)');
    return;
  }
  const own = connector ? null : createConnector(config.PLATFORM, db, { config });
  const started = Date.now();
  try {
    const result = await seedDemo(db.kysely, config.CLOUD_ID, {
      connector: connector ?? own!,
      // One SIP domain or one realm for every tenant: SIP usernames must then be unique across tenants.
      sharedNumbering: !!(config.KAMAILIO_SIP_DOMAIN || config.KAMAILIO_REALM),
      // The demo profile must not send the apps elsewhere than this Kamailio (no profile without a SIP host).
      proxy: config.KAMAILIO_SIP_HOST || config.KAMAILIO_SIP_DOMAIN || null,
    });
    log.info({ ...result, ms: Date.now() - started }, 'demo data seeded through the platform connector');
  } catch (err) {
    // The portal still starts (the admin can sign in and see why); the demo is not retried on the next start.
    log.error({ err }, 'demo data not seeded: the platform refused or could not be reached');
  } finally {
    await own?.close?.();
  }
}
