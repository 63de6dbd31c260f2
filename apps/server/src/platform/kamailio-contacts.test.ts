import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { KamailioConnector } from './kamailio';
import { ContactOwners, PERMANENT, type UlDump, dumpedRegistrations, tableRegistration } from './kamailio-contacts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const mine = new Map([
  ['2001@sip.example', '2001'],
  ['2002@sip.example', '2002'],
]);
const contact = (Address: string, Expires: number | string, ua = 'baresip') => ({
  Contact: { Address, Expires, 'User-Agent': ua, Q: -1 },
});
/** As Kamailio 5.6's ul.dump answers (fields not read here left out). */
const dump = (aors: { AoR: string; Contacts: ReturnType<typeof contact>[] }[]): UlDump => ({
  Domains: [{ Domain: { Domain: 'location', AoRs: aors.map((Info) => ({ Info })) } }],
});

describe('registrations from usrloc', () => {
  it('ul.dump: live contacts of the tenant only; seconds left, permanent, expired and deleted as usrloc prints them', () => {
    const regs = dumpedRegistrations(
      dump([
        {
          AoR: '2001@sip.example',
          Contacts: [
            contact('sip:2001@10.0.0.1:5060', 60),
            contact('sip:2001@10.0.0.2:5060', 'expired'),
            contact('sip:2001@10.0.0.3:5060', 'deleted'),
          ],
        },
        { AoR: '2002@SIP.Example', Contacts: [contact('sip:2002@10.0.0.4:5060', 'permanent', 'desk phone')] },
        { AoR: '2003@sip.example', Contacts: [contact('sip:2003@10.0.0.5:5060', 60)] },
        { AoR: '2001@other.example', Contacts: [contact('sip:2001@10.0.0.6:5060', 60)] },
      ]),
      new ContactOwners(mine),
      NOW,
    );
    expect(regs).toEqual([
      { extension: '2001', contact: 'sip:2001@10.0.0.1:5060', userAgent: 'baresip', expiresAt: new Date(NOW + 60_000) },
      { extension: '2002', contact: 'sip:2002@10.0.0.4:5060', userAgent: 'desk phone', expiresAt: PERMANENT },
    ]);
  });

  it('usrloc use_domain=0: AoRs and location rows without a domain match by username', () => {
    const owners = new ContactOwners(mine);
    expect(
      dumpedRegistrations(
        dump([
          { AoR: '2002', Contacts: [contact('sip:2002@10.0.0.4', 30)] },
          { AoR: '2009', Contacts: [contact('sip:2009@10.0.0.9', 30)] },
        ]),
        owners,
        NOW,
      ).map((r) => r.extension),
    ).toEqual(['2002']);
    const row = { username: '2001', contact: 'sip:2001@10.0.0.1', user_agent: 'ua', expires: new Date(NOW + 5000) };
    expect(tableRegistration({ ...row, domain: null }, owners, NOW)).toMatchObject({ extension: '2001' });
    expect(tableRegistration({ ...row, domain: '' }, owners, NOW)).toMatchObject({ extension: '2001' });
    expect(tableRegistration({ ...row, domain: 'other.example' }, owners, NOW)).toBeNull();
    expect(tableRegistration({ ...row, username: '2009', domain: null }, owners, NOW)).toBeNull();
  });

  it('location rows: expired ones drop; expires 0 (the epoch, in any time zone, or NULL) is a permanent contact', () => {
    const owners = new ContactOwners(mine);
    const row = { username: '2001', domain: 'sip.example', contact: 'sip:2001@10.0.0.1', user_agent: 'ua' };
    expect(tableRegistration({ ...row, expires: new Date(NOW - 1000) }, owners, NOW)).toBeNull();
    for (const expires of [
      new Date(0),
      new Date(-3_600_000),
      new Date(14 * 3_600_000),
      null,
      '1970-01-01 00:00:00',
      (0 - 0.5) / 86_400 + 2440587.5,
    ]) {
      expect(tableRegistration({ ...row, expires }, owners, NOW)?.expiresAt).toEqual(PERMANENT);
    }
    // db_sqlite's Julian day (whole seconds, written with its half-second bias).
    const t = NOW / 1000 + 90;
    expect(tableRegistration({ ...row, expires: (t - 0.5) / 86_400 + 2440587.5 }, owners, NOW)?.expiresAt).toEqual(
      new Date(t * 1000),
    );
  });
});

describe('registrations from the location table on SQLite (no RPC configured)', () => {
  let t: TestApp;
  let dir: string;
  let file: string;
  let conn: KamailioConnector;
  beforeAll(async () => {
    t = await startTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-contacts-'));
    file = path.join(dir, 'kamailio.db');
    const db = new SQLite(file);
    for (const f of ['standard', 'auth_db', 'usrloc'])
      db.exec(fs.readFileSync(`/usr/share/kamailio/db_sqlite/${f}-create.sql`, 'utf8'));
    db.close();
    conn = new KamailioConnector(t.db.kysely, { dbUrl: `sqlite:///${file}`, sipDomain: 'sip.example' });
    await conn.createTenant({ externalId: 'loc-t', name: 'Loc', domain: 'loc.example', siteName: 'HQ' });
    await conn.upsertExtensions(
      'loc-t',
      ['2001', '2002', '2003'].map((extension) => ({
        extension,
        domain: 'loc.example',
        siteName: 'HQ',
        firstname: 'L',
        lastname: extension,
        email: '',
        admin: false,
      })),
    );
  });
  afterAll(async () => {
    await conn?.close();
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rows with and without a domain, permanent and expired; a new password and a delete drop the contacts', async () => {
    const julian = (ms: number) => (Math.floor(ms / 1000) - 0.5) / 86_400 + 2440587.5;
    const db = new SQLite(file);
    const add = db.prepare(
      "INSERT INTO location (ruid, username, domain, contact, expires, user_agent) VALUES (?, ?, ?, ?, ?, 'ua')",
    );
    add.run('r1', '2001', 'sip.example', 'sip:2001@10.0.0.1', julian(Date.now() + 60_000));
    add.run('r2', '2002', null, 'sip:2002@10.0.0.2', julian(0));
    add.run('r3', '2003', 'sip.example', 'sip:2003@10.0.0.3', julian(Date.now() - 60_000));
    add.run('r4', '2001', 'elsewhere.example', 'sip:2001@10.0.0.4', julian(Date.now() + 60_000));
    db.close();
    const regs = await conn.listRegistrations('loc-t');
    expect(regs.map((r) => [r.extension, r.contact]).sort()).toEqual([
      ['2001', 'sip:2001@10.0.0.1'],
      ['2002', 'sip:2002@10.0.0.2'],
    ]);
    expect(regs.find((r) => r.extension === '2002')!.expiresAt).toEqual(PERMANENT);
    await conn.setSipPassword('loc-t', '2002', 'new-secret-1');
    await conn.deleteExtension('loc-t', '2001');
    expect(await conn.listRegistrations('loc-t')).toEqual([]);
    const left = new SQLite(file);
    expect(left.prepare('SELECT ruid FROM location ORDER BY ruid').all()).toEqual([{ ruid: 'r3' }, { ruid: 'r4' }]);
    left.close();
  });

  it('multi-domain: a name edit keeps the contacts; a domain change moves the subscriber and drops the old contacts', async () => {
    const multi = new KamailioConnector(t.db.kysely, { dbUrl: `sqlite:///${file}` });
    try {
      await multi.createTenant({ externalId: 'mv-t', name: 'Move', domain: 'mv1.example', siteName: 'HQ' });
      const ext = {
        extension: '3001',
        domain: 'mv1.example',
        siteName: 'HQ',
        firstname: 'M',
        lastname: 'V',
        email: '',
        admin: false,
      };
      await multi.upsertExtensions('mv-t', [ext]);
      const db = new SQLite(file);
      db.prepare(
        "INSERT INTO location (ruid, username, domain, contact, expires, user_agent) VALUES ('m1', '3001', 'mv1.example', 'sip:3001@10.0.0.9', ?, 'ua')",
      ).run((Date.now() / 1000 + 600) / 86_400 + 2440587.5);
      db.close();
      await multi.upsertExtensions('mv-t', [{ ...ext, lastname: 'Renamed' }]);
      expect((await multi.listRegistrations('mv-t')).map((r) => r.contact)).toEqual(['sip:3001@10.0.0.9']);
      await multi.upsertExtensions('mv-t', [{ ...ext, domain: 'mv2.example' }]);
      expect(await multi.listRegistrations('mv-t')).toEqual([]);
      const after = new SQLite(file);
      expect(after.prepare("SELECT domain FROM subscriber WHERE username = '3001'").all()).toEqual([
        { domain: 'mv2.example' },
      ]);
      expect(after.prepare("SELECT count(*) AS n FROM location WHERE username = '3001'").get()).toEqual({ n: 0 });
      after.close();
    } finally {
      await multi.close();
    }
  });
});
