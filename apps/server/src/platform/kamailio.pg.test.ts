import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { KamailioConnector } from './kamailio';

// Runs in the postgres project only (files named *.pg.test.ts; see vitest.config.ts).
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('Kamailio connector on a PostgreSQL subscriber database', () => {
  it("writes Kamailio's PostgreSQL schema and reads registrations from location", async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `kam_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
      for (const f of ['standard-create.sql', 'auth_db-create.sql', 'usrloc-create.sql'])
        await c.query(fs.readFileSync(`/usr/share/kamailio/postgres/${f}`, 'utf8'));
      const conn = new KamailioConnector(t.db.kysely, { dbUrl: url, pgSchema: schema });
      await conn.createTenant({ externalId: 'pg-kam', name: 'PG Kamailio', domain: 'pg.example', siteName: 'Main' });
      await conn.upsertExtensions('pg-kam', [
        {
          extension: '300',
          domain: 'pg.example',
          siteName: 'Main',
          firstname: 'P',
          lastname: 'G',
          email: '',
          admin: true,
          sipPassword: 'pg-secret-1',
        },
      ]);
      const { rows } = await c.query('SELECT username, domain, password, ha1, ha1b FROM subscriber');
      expect(rows).toEqual([
        {
          username: '300',
          domain: 'pg.example',
          password: 'pg-secret-1',
          ha1: md5('300:pg.example:pg-secret-1'),
          ha1b: md5('300@pg.example:pg.example:pg-secret-1'),
        },
      ]);
      await c.query(
        `INSERT INTO location (ruid, username, domain, contact, expires, user_agent) VALUES ('r1', '300', 'pg.example', 'sip:300@10.0.0.5:5060', now() + interval '5 minutes', 'ua'), ('r2', '300', 'pg.example', 'sip:300@10.0.0.6:5060', now() - interval '5 minutes', 'old')`,
      );
      const regs = await conn.listRegistrations('pg-kam');
      expect(regs.map((r) => r.contact)).toEqual(['sip:300@10.0.0.5:5060']);
      await conn.setSipPassword('pg-kam', '300', 'pg-secret-2');
      expect(await conn.getSipPassword('pg-kam', '300')).toBe('pg-secret-2');
      await conn.deleteExtension('pg-kam', '300');
      expect((await c.query('SELECT count(*)::int AS n FROM subscriber')).rows[0].n).toBe(0);
      await conn.close();
    } finally {
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    }
  });
});
