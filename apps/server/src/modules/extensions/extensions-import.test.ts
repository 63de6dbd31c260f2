import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_HEADERS } from '@provisio/contract';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';

let t: TestApp;
let r: RoleTokens;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  r = await signInRoles(t, [await resellerIdByName(t, 'Pioneer Voice')]);
});
afterAll(() => t.close());

type CsvRow = Record<string, string>;
const exportRows = async (tenant_id: string): Promise<CsvRow[]> => (await t.call('extensionsExport', { tenant_id }, { token: r.admin })).json().rows;
const withTenant = (rows: CsvRow[], tenantid: string): CsvRow[] => rows.map((row) => ({ ...row, tenantid }));

describe('export and import', () => {
  it('exports the ten headers with the spec file name; importing the export back changes nothing', async () => {
    const res = await t.call('extensionsExport', { tenant_id: 'bluebird.example' }, { token: r.simple });
    expect(res.json().filename).toBe('Extensions_Bluebird_Dental.csv');
    expect(res.json().headers).toEqual([...CSV_HEADERS]);
    expect(res.json().rows).toHaveLength(20);
    const rows = withTenant(res.json().rows, 'bluebird.example');
    const preview = await t.call('extensionsImport', { rows, dry_run: true }, { token: r.simple });
    expect(preview.json()).toEqual({ to_create: 0, to_update: 0, unchanged: 20, errors: [] });
    const applied = await t.call('extensionsImport', rows, { token: r.simple });
    expect(applied.json()).toEqual({ to_create: 0, to_update: 0, unchanged: 20, errors: [] });
    expect((await t.call('extensionsExport', { tenant_id: 'acme.example' }, { token: r.simple })).statusCode).toBe(403);
  });

  it("refuses rows whose keys are not exactly the ten headers and tenantid ('Invalid Format')", async () => {
    const [row] = withTenant(await exportRows('cobalt.example'), 'cobalt.example');
    const { Email: _e, ...missing } = row!;
    for (const bad of [missing, { ...row, Extra: 'x' }]) {
      const res = await t.call('extensionsImport', [bad], { token: r.admin });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid Format');
    }
    expect((await t.call('extensionsImport', withTenant([row!], 'acme.example'), { token: r.reseller })).statusCode).toBe(403);
  });

  it('previews creates, updates and row errors with reasons, then applies the valid rows in a job', async () => {
    const rows = withTenant(await exportRows('cobalt.example'), 'cobalt.example');
    const linkedRow = rows.find((x) => x.Linked === 'true')!;
    const edited = rows.map((x) => (x.Extension === '102' ? { ...x, 'First Name': 'Imported' } : x === linkedRow ? { ...x, Linked: 'false' } : x));
    const linkedLine = rows.indexOf(linkedRow) + 2;
    const extra = [
      { ...rows[0]!, Extension: '7000', Linked: 'false', 'Mobile App Allowed': 'false', 'Desktop App Allowed': 'false', Email: '"new@cobalt.example"' },
      { ...rows[0]!, Extension: 'bad ext!' },
      { ...rows[0]!, Extension: '7001', Linked: 'false', Email: 'not-an-email' },
      { ...rows[0]!, Extension: '7002', Linked: 'false', Domain: 'other.example' },
      { ...rows[0]!, Extension: '7003', Linked: 'true' },
      { ...rows[0]!, Extension: '7004', Linked: 'false', Admin: 'maybe' },
      { ...rows[0]!, Extension: '102' },
    ];
    const all = [...edited, ...extra];
    const preview = (await t.call('extensionsImport', { rows: all, dry_run: true }, { token: r.admin, lang: 'en' })).json();
    expect(preview).toMatchObject({ to_create: 1, to_update: 1, unchanged: 43 });
    const reasons = preview.errors.map((e: { row: number; extension: string; reason: string }) => [e.row, e.extension, e.reason]);
    expect(reasons).toEqual([
      [linkedLine, linkedRow.Extension, 'Linked cannot be changed by import; use Email QR or the un-link toggle.'],
      [48, 'bad ext!', 'The extension may contain only digits, letters and * # + _ . -'],
      [49, '7001', 'Please enter a valid email address.'],
      [50, '7002', 'This domain does not belong to the tenant.'],
      [51, '7003', 'Linked cannot be changed by import; use Email QR or the un-link toggle.'],
      [52, '7004', 'Admin is not valid.'],
      [53, '102', 'This extension appears more than once in the file.'],
    ]);
    expect(await t.db.kysely.selectFrom('extensions').select('id').where('extension', '=', '7000').executeTakeFirst()).toBeUndefined();
    const applied = (await t.call('extensionsImport', { rows: all }, { token: r.admin })).json();
    expect(applied.job_id).toBeGreaterThan(0);
    await t.deps.jobs.drain();
    const job = (await t.call('jobStatus', { id: applied.job_id }, { token: r.admin })).json();
    expect(job).toMatchObject({ status: 'done', done: 2, total: 2, failed: 7, result: { applied: 2, skipped: 7 } });
    const created = await t.db.kysely.selectFrom('extensions').selectAll().where('tenant_id', '=', 'cobalt.example').where('extension', '=', '7000').executeTakeFirstOrThrow();
    expect(created.email).toBe('new@cobalt.example');
    expect((await t.db.kysely.selectFrom('builtin_extensions').select('firstname').where('tenant_id', '=', 'cobalt.example').where('extension', '=', '102').executeTakeFirstOrThrow()).firstname).toBe('Imported');
    const again = (await t.call('extensionsImport', { rows: withTenant(await exportRows('cobalt.example'), 'cobalt.example'), dry_run: true }, { token: r.admin })).json();
    expect(again).toEqual({ to_create: 0, to_update: 0, unchanged: 46, errors: [] });
  });

  it('refuses turning apps on beyond the licence limit, row by row', async () => {
    const rows = withTenant(await exportRows('summit.example'), 'summit.example');
    const used = rows.filter((x) => x['Desktop App Allowed'] === 'true').length;
    await t.db.kysely.updateTable('licences').set({ vcx_desktop: used + 1 }).where('tenant_id', '=', 'summit.example').execute();
    const off = rows.filter((x) => x['Desktop App Allowed'] === 'false').slice(0, 2).map((x): CsvRow => ({ ...x, 'Desktop App Allowed': 'true' }));
    const preview = (await t.call('extensionsImport', { rows: off, dry_run: true }, { token: r.admin })).json();
    expect(preview.to_update).toBe(1);
    expect(preview.errors).toEqual([{ row: 3, extension: off[1]!.Extension, reason: `The desktop app licence limit of this tenant is ${used + 1}; ${used + 1} are in use.` }]);
  });
});
