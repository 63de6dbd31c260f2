import {
  type GetLogsReply,
  LOG_LIMITS,
  LOG_WINDOWS,
  type GetLogsBody,
  type LogStream,
  type StatusClass,
  type LogWindowKey,
} from '@provisio/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The level choices of the screen: spec §2 has empty, Error and Info; the server also stores warn. */
export const LEVEL_CHOICES = ['', 'error', 'warn', 'info'] as const;
export type LevelChoice = (typeof LEVEL_CHOICES)[number];

/** What the FILTER button applies: the form's values, or (beyond the spec) one request's or job's lines. */
export type LogsFilter =
  | {
      kind: 'search';
      text: string;
      level: LevelChoice;
      window: LogWindowKey;
      status?: StatusClass | '';
      tenant?: string | null;
    }
  | { kind: 'request'; id: string }
  | { kind: 'job'; id: string };

/** How many lines one query brings back; the newest come first, the screen says when the cap was reached. */
export const LOGS_LIMIT = LOG_LIMITS.maxLimit;

const MINUTE_MS = 60_000;
const WIDEST_WINDOW = LOG_WINDOWS[LOG_WINDOWS.length - 1]!;

/** Milliseconds since the epoch to the nanosecond string getlogs takes (ms × 1e6, past 2^53 so as text). */
export const millisToNanos = (ms: number): string => `${Math.floor(ms)}000000`;

function windowMinutes(key: LogWindowKey): number {
  return (LOG_WINDOWS.find((w) => w.key === key) ?? WIDEST_WINDOW).minutes;
}

/** The getlogs body for a filter at a moment: the window ends now; a request or job is looked for in the widest window. */
export function buildLogsQuery(filter: LogsFilter, now: number): GetLogsBody {
  const end = millisToNanos(now);
  if (filter.kind !== 'search') {
    const start = millisToNanos(now - WIDEST_WINDOW.minutes * MINUTE_MS);
    const id = filter.kind === 'request' ? { req_id: filter.id } : { job_id: filter.id };
    return { message: '', level: '', start, end, limit: LOGS_LIMIT, ...id };
  }
  return {
    message: encodeURIComponent(filter.text.trim()),
    level: filter.level,
    ...(filter.status ? { status_class: filter.status } : {}),
    ...(filter.tenant ? { tenant_id: filter.tenant } : {}),
    start: millisToNanos(now - windowMinutes(filter.window) * MINUTE_MS),
    end,
    limit: LOGS_LIMIT,
  };
}

/** One line of the reply with its stream's labels; `id` is the line's nanosecond timestamp (unique per line). */
export interface LogEntry {
  id: string;
  /** Epoch milliseconds, for display. */
  at: number;
  stream: LogStream['stream'];
  line: string;
}

/** Compares nanosecond strings without losing precision: a longer string of digits is a larger number. */
function newerFirst(a: LogEntry, b: LogEntry): number {
  if (a.id.length !== b.id.length) return b.id.length - a.id.length;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Flattens Loki's streams into lines, newest first (Loki orders within a stream only). */
export function toEntries(reply: GetLogsReply): LogEntry[] {
  const entries = reply.data.result.flatMap(({ stream, values }) =>
    values.map(([ns, line]) => ({ id: ns, at: Number(ns.slice(0, -6) || '0'), stream, line })),
  );
  return entries.sort(newerFirst);
}

export function getLogs(body: GetLogsBody): Promise<LogEntry[]> {
  // A reply whose status is not 'success' fails the contract's schema, so it fails like any other error.
  return callApi('getlogs', body, { silent: true }).then(toEntries);
}

/** The query runs once per applied filter; `appliedAt` makes each FILTER press ask again for "now". */
export function useLogs(filter: LogsFilter, appliedAt: number) {
  return useQuery({
    queryKey: ['logs', filter, appliedAt] as const,
    queryFn: () => getLogs(buildLogsQuery(filter, appliedAt)),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}
