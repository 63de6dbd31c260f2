import type { AuditRow } from '@provisio/contract';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../lib/csv';
import { AUDIT_CSV_HEADERS, auditCsv } from './export-audit';

const row: AuditRow = {
  id: 1,
  at: Date.UTC(2026, 10, 24, 1, 2, 3),
  actor_type: 'admin',
  actor_id: 1,
  actor_name: '=HYPERLINK("x")',
  viewer_id: null,
  viewer_name: null,
  ip: '127.0.0.1',
  entity: 'extension',
  entity_id: 'acme.example/101',
  action: 'update',
  before: { desktop_app_allowed: 0 },
  after: { desktop_app_allowed: 1, note: 'a, "quoted" value' },
};

describe('auditCsv (issue #19)', () => {
  it('writes the headers, ISO times and values as JSON, and reads back the same', () => {
    const [header, cells] = parseCsv(auditCsv([row]));
    expect(header).toEqual([...AUDIT_CSV_HEADERS]);
    expect(cells![0]).toBe('2026-11-24T01:02:03.000Z');
    expect(cells![6]).toBe('acme.example/101');
    expect(JSON.parse(cells![9]!)).toEqual(row.after);
    expect(cells![3]).toBe('');
  });

  it('keeps a value that looks like a formula as text', () => {
    expect(parseCsv(auditCsv([row]))[1]![2]).toBe(`'=HYPERLINK("x")`);
  });
});
