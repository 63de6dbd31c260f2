import type { CallRecordRow } from '@provisio/contract';

export const CDR_TABS = ['all', 'missed', 'inbound', 'outbound'] as const;
export type CdrTab = (typeof CDR_TABS)[number];

/** 'YYYY-MM-DD hh:mm:ss AM/PM' in UTC (spec §3) as a Date; null when it does not read. */
export function parseCdrTime(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2}):(\d{2}) ?(AM|PM)$/i.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ampm] = m;
  const hour = (Number(h) % 12) + (ampm!.toUpperCase() === 'PM' ? 12 : 0);
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), hour, Number(mi), Number(s)));
}

/** Spec §4: the tabs filter locally; Missed includes Missed-VM. Search matches the name or the destination. */
export function filterCdrs(records: readonly CallRecordRow[], tab: CdrTab, search: string): CallRecordRow[] {
  const term = search.trim().toLowerCase();
  return records.filter((r) => {
    if (tab === 'missed' && r.direction !== 'Missed' && r.direction !== 'Missed-VM') return false;
    if (tab === 'inbound' && r.direction !== 'Inbound') return false;
    if (tab === 'outbound' && r.direction !== 'Outbound') return false;
    return !term || r.name.toLowerCase().includes(term) || r.destination.toLowerCase().includes(term);
  });
}

export interface CdrDay {
  /** Local calendar day, YYYY-MM-DD. */
  key: string;
  date: Date;
  records: CallRecordRow[];
}

const localDayKey = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Groups records under the local day they happened, newest day first, newest call first within a day. */
export function groupByDay(records: readonly CallRecordRow[]): CdrDay[] {
  const days = new Map<string, CdrDay>();
  const dated = records
    .map((record) => ({ record, at: parseCdrTime(record.time_stamp) }))
    .sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0));
  for (const { record, at } of dated) {
    const date = at ?? new Date(0);
    const key = at ? localDayKey(at) : 'unknown';
    const day = days.get(key) ?? { key, date, records: [] };
    day.records.push(record);
    days.set(key, day);
  }
  return [...days.values()];
}

/** Today / Yesterday / the date, in the page's language. */
export function dayLabel(
  date: Date,
  lang: string,
  now = new Date(),
  words: { today: string; yesterday: string },
): string {
  const key = localDayKey(date);
  if (key === localDayKey(now)) return words.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === localDayKey(yesterday)) return words.yesterday;
  return new Intl.DateTimeFormat(lang, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  }).format(date);
}

/** Up to two initials of the name; '#' when there is no name (spec §2). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /\p{L}|\p{N}/u.test(w));
  if (words.length === 0) return '#';
  return words
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}

/** A table cell: 'N/A' when the value is missing or blank (spec §2). */
export const orNA = (value: string | null | undefined, na = 'N/A') =>
  value === null || value === undefined || value.trim() === '' ? na : value;
