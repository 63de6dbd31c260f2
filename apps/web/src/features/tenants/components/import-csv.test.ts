import { CSV_HEADERS } from '@provisio/contract';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../lib/csv';
import { errorsCsv, exportCsv, toImportRows } from './import-csv';

const exported = {
  filename: 'Extensions_Acme_Logistics.csv',
  headers: [...CSV_HEADERS],
  rows: [
    {
      Extension: '100',
      Domain: 'acme.example',
      'Site Name': 'Head Office',
      'First Name': 'Ana',
      'Last Name': "O'Neil, Jr.",
      Admin: 'true',
      Email: 'ana@acme.example',
      Linked: 'false',
      'Mobile App Allowed': 'true',
      'Desktop App Allowed': 'false',
    },
    {
      Extension: '101',
      Domain: 'acme.example',
      'Site Name': 'Warehouse',
      'First Name': 'Ben "B"',
      'Last Name': 'Brown',
      Admin: 'false',
      Email: '',
      Linked: 'false',
      'Mobile App Allowed': 'false',
      'Desktop App Allowed': 'false',
    },
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

  describe('formula injection (issue 13, finding 5)', () => {
    const risky = {
      Extension: '+15550100',
      Domain: 'acme.example',
      'Site Name': '-Main',
      'First Name': '=HYPERLINK("http://x","y")',
      'Last Name': "=cmd|' /C calc'!A0",
      Admin: 'false',
      Email: '@evil',
      Linked: 'false',
      'Mobile App Allowed': '\t=1+1',
      'Desktop App Allowed': "'=already",
    };
    const data = { ...exported, rows: [risky, exported.rows[0]!] };

    it("writes every cell that a spreadsheet would read as a formula with a leading '", () => {
      const [, line, plain] = parseCsv(exportCsv(data));
      expect(line).toEqual([
        "'+15550100",
        'acme.example',
        "'-Main",
        `'=HYPERLINK("http://x","y")`,
        "'=cmd|' /C calc'!A0",
        'false',
        "'@evil",
        'false',
        "'\t=1+1",
        "''=already",
      ]);
      expect(plain).toEqual(CSV_HEADERS.map((h) => exported.rows[0]![h]));
      const cr = parseCsv(exportCsv({ ...exported, rows: [{ ...exported.rows[0]!, 'Site Name': '\r=2' }] }))[1]!;
      expect(cr[2]).toBe("'\r=2");
    });

    it("reads an export back unchanged: the one ' is taken off again (spec §5 still strips double quotes)", () => {
      const [row, plain] = toImportRows('\uFEFF' + exportCsv(data), 'acme.example')!;
      expect(row).toEqual({ ...risky, 'First Name': '=HYPERLINK(http://x,y)', tenantid: 'acme.example' });
      expect(plain).toEqual({ ...exported.rows[0], tenantid: 'acme.example' });
    });

    it("takes off a ' only before a formula character; a ' before anything else stays", () => {
      const text = `${CSV_HEADERS.join(',')}\r\n'100,acme.example,'Main,O'Neil,'=x,false,,false,false,false\r\n`;
      expect(toImportRows(text, 't')![0]).toMatchObject({
        Extension: "'100",
        'Site Name': "'Main",
        'First Name': "O'Neil",
        'Last Name': '=x',
      });
    });

    it('writes the rows in error with the same protection', () => {
      const rows = toImportRows(exportCsv(data), 'acme.example')!;
      const [, line] = parseCsv(errorsCsv(rows, [{ row: 2, extension: '+15550100', reason: '=bad' }]));
      expect(line?.slice(0, 6)).toEqual([
        '2',
        "'=bad",
        "'+15550100",
        'acme.example',
        "'-Main",
        "'=HYPERLINK(http://x,y)",
      ]);
    });
  });
});
