import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { generatePassword, hashPassword } from '../lib/passwords';
import { seedDemo } from './demo-data';

/**
 * First start on an empty database: create the `admin` account (password from ADMIN_PASSWORD, or generated and
 * printed once), then demo data unless SEED_DEMO=false.
 */
export async function seedOnFirstStart(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
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
    process.stdout.write(`\n  Provisio: created the admin account. Username: admin  Password: ${password}\n  (shown once; set ADMIN_PASSWORD to choose it)\n\n`);
  }
  log.info('admin account created');
  if (!config.SEED_DEMO) return;
  const tenantCount = await db.kysely.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (tenantCount) return;
  const result = await seedDemo(db.kysely, config.CLOUD_ID);
  log.info(result, 'demo data seeded');
}
