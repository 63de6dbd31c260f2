import { z } from 'zod';
import { call } from './call';
import { callerEcho } from './common';

/** The /logs screen's time windows (spec §9), newest-first queries over the last `ms`. */
export const LOG_WINDOWS = [
  { key: '5m', minutes: 5 },
  { key: '15m', minutes: 15 },
  { key: '30m', minutes: 30 },
  { key: '1h', minutes: 60 },
  { key: '3h', minutes: 180 },
  { key: '6h', minutes: 360 },
  { key: '12h', minutes: 720 },
  { key: '24h', minutes: 1440 },
  { key: '2d', minutes: 2 * 1440 },
  { key: '7d', minutes: 7 * 1440 },
  { key: '30d', minutes: 30 * 1440 },
  { key: '90d', minutes: 90 * 1440 },
] as const;
export type LogWindowKey = (typeof LOG_WINDOWS)[number]['key'];

/** Level names stored and filtered on; the spec's screen offers empty (all), Error and Info. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export const LogLevel = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevel>;

export const LOG_LIMITS = { defaultLimit: 1000, maxLimit: 5000, messageMax: 1000, idMax: 100 } as const;

/**
 * Nanoseconds since the epoch, as a number or a string of digits (milliseconds times 1e6). Numbers this large
 * are past 2^53, so not "safe integers": any non-negative number is taken and rounded down to the millisecond.
 */
const Nanos = z.union([z.number().min(0), z.string().regex(/^\d{1,20}$/)]);
const isNanos = (v: unknown): v is number | string =>
  (typeof v === 'number' && v >= 0) || (typeof v === 'string' && /^\d{1,20}$/.test(v));

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** Converts a nanosecond value of the body to epoch milliseconds. */
export function nanosToMillis(value: number | string): number {
  return typeof value === 'number' ? Math.floor(value / 1e6) : Number(BigInt(value) / 1_000_000n);
}

/** The status classes getlogs can filter answered requests by. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export const GetLogsBody = z
  .strictObject({
    /** URI-encoded text to look for anywhere in the line (case-insensitive); empty for all. */
    message: z.string().max(LOG_LIMITS.messageMax).refine(decodes, 'logsMessageInvalid').default(''),
    level: z.union([z.literal(''), LogLevel]).default(''),
    start: Nanos,
    end: Nanos,
    limit: z.number().int().min(1).max(LOG_LIMITS.maxLimit).optional(),
    /** Beyond the spec: every line of one request or one background job. */
    req_id: z.string().max(LOG_LIMITS.idMax).optional(),
    job_id: z.string().max(LOG_LIMITS.idMax).optional(),
    /** Beyond the spec (issue #19): only the answered requests of one status class. */
    status_class: z.enum(STATUS_CLASSES).optional(),
    /** Beyond the spec (issue #19): the lines about one tenant (requests naming it, its jobs). */
    tenant_id: z.string().trim().min(1).max(LOG_LIMITS.idMax).optional(),
    ...callerEcho,
  })
  // Zod still runs an object refinement when a field failed a pattern, so a bad start/end is left to its own issue.
  .refine((b) => !isNanos(b.start) || !isNanos(b.end) || nanosToMillis(b.start) <= nanosToMillis(b.end), {
    message: 'logsWindowInvalid',
    path: ['start'],
  });
export type GetLogsBody = z.input<typeof GetLogsBody>;

/** A stream's labels and extracted fields (spec §3). Loki may add labels of its own, kept as they come. */
export const LogStreamLabels = z
  .object({
    level: z.string().optional(),
    msg: z.string().optional(),
    filename: z.string().optional(),
    host: z.string().optional(),
    job: z.string().optional(),
    _timestamp: z.string().optional(),
    caller: z.string().optional(),
    functionName: z.string().optional(),
    error: z.string().optional(),
    stacktrace: z.string().optional(),
    custom_panic_error_trace: z.string().optional(),
    reqId: z.string().optional(),
    jobId: z.string().optional(),
  })
  .catchall(z.string());
export type LogStreamLabels = z.infer<typeof LogStreamLabels>;

/** One stream: labels plus values of [timestamp in nanoseconds (unique per line), the raw JSON line]. */
export const LogStream = z.object({ stream: LogStreamLabels, values: z.array(z.tuple([z.string(), z.string()])) });
export type LogStream = z.infer<typeof LogStream>;

/** Loki's query_range reply shape, newest line first. */
export const GetLogsReply = z.object({
  status: z.literal('success'),
  data: z.object({ resultType: z.literal('streams'), result: z.array(LogStream) }),
});
export type GetLogsReply = z.infer<typeof GetLogsReply>;

export const logsCalls = {
  /** Admin only: the spec is silent, but log lines can hold personal data. */
  getlogs: call({
    method: 'POST',
    path: '/getlogs',
    access: 'admin',
    tags: ['logs'],
    summary: "The server's own log lines in Loki's reply shape, newest first (from the log store or Grafana Loki)",
    body: GetLogsBody,
    reply: GetLogsReply,
  }),
};
