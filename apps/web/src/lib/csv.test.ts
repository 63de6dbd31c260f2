import { describe, expect, it } from 'vitest';
import { parseCsv, readTable, toCsv } from './csv';

describe('parseCsv', () => {
  it('reads plain fields, CRLF and LF line ends, and skips blank lines', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\n\n4,,6')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '', '6'],
    ]);
  });

  it('reads quoted fields holding commas, line breaks and doubled quotes', () => {
    expect(parseCsv('"x, y","line 1\nline 2","say ""hi"""\r\n')).toEqual([['x, y', 'line 1\nline 2', 'say "hi"']]);
  });

  it('drops a leading byte-order mark', () => {
    expect(parseCsv('\uFEFFExtension,Domain\n100,a.example')).toEqual([
      ['Extension', 'Domain'],
      ['100', 'a.example'],
    ]);
  });

  it('keeps an empty last field', () => {
    expect(parseCsv('a,\n')).toEqual([['a', '']]);
  });
});

describe('toCsv', () => {
  it('quotes only what needs quoting and round-trips through parseCsv', () => {
    const rows = [
      ['100', 'Ana', 'O"Neil, Jr.', 'multi\nline', ''],
      ['101', ' padded ', 'plain', 'x', 'true'],
    ];
    const text = toCsv(['A', 'B', 'C', 'D', 'E'], rows);
    expect(text.split('\r\n')[1]).toBe('100,Ana,"O""Neil, Jr.","multi\nline",');
    expect(parseCsv(text)).toEqual([['A', 'B', 'C', 'D', 'E'], ...rows]);
  });
});

describe('readTable', () => {
  const H = ['Extension', 'Domain', 'Site Name'] as const;

  it('keys the rows by an exact header line and trims values', () => {
    expect(readTable('Extension,Domain,Site Name\n100, a.example ,"Main"\n', H)).toEqual([
      { Extension: '100', Domain: 'a.example', 'Site Name': 'Main' },
    ]);
  });

  it('accepts quoted headers (quotes are stripped)', () => {
    expect(readTable('"Extension","Domain","Site Name"\n1,2,3', H)).toHaveLength(1);
  });

  it.each([
    ['a missing header', 'Extension,Domain\n1,2'],
    ['another order', 'Domain,Extension,Site Name\n1,2,3'],
    ['an extra header', 'Extension,Domain,Site Name,Other\n1,2,3,4'],
    ['a different spelling', 'extension,Domain,Site Name\n1,2,3'],
    ['an empty file', ''],
  ])('refuses %s', (_, text) => {
    expect(readTable(text, H)).toBeNull();
  });
});
