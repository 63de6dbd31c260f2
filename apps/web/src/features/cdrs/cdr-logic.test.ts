import type { CallRecordRow } from '@provisio/contract';
import { describe, expect, it } from 'vitest';
import { dayLabel, filterCdrs, groupByDay, initials, orNA, parseCdrTime } from './cdr-logic';

const record = (over: Partial<CallRecordRow>): CallRecordRow => ({
  name: 'Ada Lovelace',
  destination: '+15551234567',
  time_stamp: '2024-03-05 09:15:00 AM',
  direction: 'Inbound',
  recording_url: null,
  ans_call_flow: [],
  ...over,
});

const calls = [
  record({ name: 'Ada Lovelace', direction: 'Inbound', destination: '+15550000001' }),
  record({ name: 'Grace Hopper', direction: 'Outbound', destination: '+15550000002' }),
  record({ name: '', direction: 'Missed', destination: '+15550000003' }),
  record({ name: 'Alan Turing', direction: 'Missed-VM', destination: '+15550000004' }),
];

describe('filterCdrs (spec §4)', () => {
  it.each([
    ['all', ['Inbound', 'Outbound', 'Missed', 'Missed-VM']],
    ['missed', ['Missed', 'Missed-VM']],
    ['inbound', ['Inbound']],
    ['outbound', ['Outbound']],
  ] as const)('tab %s keeps %j (Missed includes Missed-VM)', (tab, directions) => {
    expect(filterCdrs(calls, tab, '').map((r) => r.direction)).toEqual(directions);
  });

  it('searches the name or the destination, case-insensitively, together with the tab', () => {
    expect(filterCdrs(calls, 'all', 'grace').map((r) => r.name)).toEqual(['Grace Hopper']);
    expect(filterCdrs(calls, 'all', '0003').map((r) => r.destination)).toEqual(['+15550000003']);
    expect(filterCdrs(calls, 'missed', 'a')).toHaveLength(1);
    expect(filterCdrs(calls, 'inbound', 'nobody')).toEqual([]);
  });
});

describe('parseCdrTime', () => {
  it('reads the UTC 12-hour format of spec §3', () => {
    expect(parseCdrTime('2024-03-05 12:05:09 AM')?.toISOString()).toBe('2024-03-05T00:05:09.000Z');
    expect(parseCdrTime('2024-03-05 12:05:09 PM')?.toISOString()).toBe('2024-03-05T12:05:09.000Z');
    expect(parseCdrTime('2024-03-05 01:00:00 PM')?.toISOString()).toBe('2024-03-05T13:00:00.000Z');
    expect(parseCdrTime('yesterday')).toBeNull();
  });
});

describe('groupByDay', () => {
  it('groups by local day, newest day and newest call first', () => {
    const toStamp = (d: Date) => {
      const h = d.getUTCHours();
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(h % 12 || 12)}:${p(d.getUTCMinutes())}:00 ${h >= 12 ? 'PM' : 'AM'}`;
    };
    const day1 = new Date(2024, 2, 4, 10, 0);
    const day2a = new Date(2024, 2, 5, 9, 0);
    const day2b = new Date(2024, 2, 5, 17, 30);
    const days = groupByDay([
      record({ name: 'old', time_stamp: toStamp(day1) }),
      record({ name: 'morning', time_stamp: toStamp(day2a) }),
      record({ name: 'evening', time_stamp: toStamp(day2b) }),
    ]);
    expect(days.map((d) => d.key)).toEqual(['2024-03-05', '2024-03-04']);
    expect(days[0]!.records.map((r) => r.name)).toEqual(['evening', 'morning']);
  });

  it('labels today and yesterday, other days by their date', () => {
    const now = new Date(2024, 2, 5, 12, 0);
    const words = { today: 'Today', yesterday: 'Yesterday' };
    expect(dayLabel(new Date(2024, 2, 5, 1, 0), 'en', now, words)).toBe('Today');
    expect(dayLabel(new Date(2024, 2, 4, 23, 0), 'en', now, words)).toBe('Yesterday');
    expect(dayLabel(new Date(2024, 2, 1, 8, 0), 'en', now, words)).toBe('Friday, March 1');
  });
});

describe('initials and N/A', () => {
  it('gives up to two initials, or # without a name', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  grace  brewster hopper ')).toBe('GB');
    expect(initials('')).toBe('#');
    expect(initials(' - ')).toBe('#');
  });

  it("shows 'N/A' for missing or blank values", () => {
    expect(orNA(undefined)).toBe('N/A');
    expect(orNA(null)).toBe('N/A');
    expect(orNA('  ')).toBe('N/A');
    expect(orNA('101')).toBe('101');
  });
});
