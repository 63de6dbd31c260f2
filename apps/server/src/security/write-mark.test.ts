import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { dbWriteMark } from './security-fixture';

/** The write mark the permission matrix, the fuzz test and the API-key tests read around refused calls. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
});
afterAll(() => t?.close());

describe('dbWriteMark', () => {
  it('moves with every committed insert, update (even of the same values) and delete of a counted table', async () => {
    const db = t.db.kysely;
    const first = await dbWriteMark(t.db);
    expect(await dbWriteMark(t.db)).toBe(first);

    const now = Date.now();
    const { id } = await db
      .insertInto('tenants')
      .values({
        tid: 'mark.example',
        tname: 'Mark',
        mobile_app_allowed: 1,
        desktop_app_allowed: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = await dbWriteMark(t.db);
    expect(inserted).not.toBe(first);

    await db.updateTable('tenants').set({ tname: 'Mark' }).where('id', '=', id).execute();
    const updated = await dbWriteMark(t.db);
    expect(updated).not.toBe(inserted);

    // An update that matches no row writes nothing.
    await db.updateTable('tenants').set({ tname: 'Nobody' }).where('id', '=', -1).execute();
    expect(await dbWriteMark(t.db)).toBe(updated);

    await db.deleteFrom('tenants').where('id', '=', id).execute();
    expect(await dbWriteMark(t.db)).not.toBe(updated);
  });

  it('stays put for a write rolled back and for the tables refused calls may write (sessions, throttles, logs)', async () => {
    const before = await dbWriteMark(t.db);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('tenants').set({ tname: 'Rolled back' }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const now = Date.now();
    await t.db.kysely
      .insertInto('login_failures')
      .values({ key: 'mark:test', failures: 1, first_at: now, last_at: now, expires_at: now + 60_000 })
      .execute();
    expect(await dbWriteMark(t.db)).toBe(before);
  });
});
