import { CSV_HEADERS } from '@provisio/contract';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../lib/csv';
import { errorsCsv, exportCsv, toImportRows } from './import-csv';

const exported = {
  filename: 'Extensions_Acme_Logistics.csv',
  headers: [...CSV_HEADERS],
  rows: [
    { Extension: '100', Domain: 'acme.example', 'Site Name': 'Head Office', 'First Name': 'Ana', 'Last Name': "O'Neil, Jr.", Admin: 'true', Email: 'ana@acme.example', Linked: 'false', 'Mobile App Allowed': 'true', 'Desktop App Allowed': 'false' },
    { Extension: '101', Domain: 'acme.example', 'Site Name': 'Warehouse', 'First Name': 'Ben "B"', 'Last Name': 'Brown', Admin: 'false', Email: '', Linked: 'false', 'Mobile App Allowed': 'false', 'Desktop App Allowed': 'false' },
  ],
};

describe('extensions CSV', () => {
  it('an export read back gives the same rows, plus the tenant', () => {
    const rows = toImportRows('\uFEFF' + exportCsv(exported), 'acme.example');
    expect(rows).toHaveLength(2);
    expect(rows![0]).toEqual({ ...exported.rows[0], tenantid: 'acme.example' });
    // Spec §5: quotes are stripped from values.
    expect(rows![1]!['First Name']).toBe('Ben B');
  });

  it("refuses a file whose header is not exactly the ten headers ('Invalid Format')", () => {
    expect(toImportRows('Extension,Domain,Site Name\n100,a,b', 't')).toBeNull();
    const reordered = [...CSV_HEADERS].reverse().join(',');
    expect(toImportRows(`${reordered}\n`, 't')).toBeNull();
  });

  it('writes the rows in error with their line and reason', () => {
    const rows = toImportRows(exportCsv(exported), 'acme.example')!;
    const text = errorsCsv(rows, [{ row: 3, extension: '101', reason: 'Bad, really' }]);
    const [header, line] = parseCsv(text);
    expect(header).toEqual(['Line', 'Reason', ...CSV_HEADERS]);
    expect(line?.slice(0, 4)).toEqual(['3', 'Bad, really', '101', 'acme.example']);
  });
});
