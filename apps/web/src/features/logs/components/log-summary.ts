import type { LogEntry } from '../api/get-logs';

/** What a log line is about, read from its JSON (the stored line, redacted): the screen's one-line summary. */
export type LogSummary =
  | { kind: 'request'; method: string; path: string; status: number; ms: number; tenant?: string }
  | { kind: 'received'; method: string; path: string }
  | { kind: 'job'; type: string; id: string; msg: string; tenant?: string }
  | { kind: 'mail'; to: string; mailKind: string; msg: string }
  | { kind: 'text'; msg: string };

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (typeof v === 'object' && v !== null ? (v as Json) : undefined);
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** 2xx, 3xx, 4xx or 5xx: the class a status code belongs to. */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

export function logSummary(entry: LogEntry): LogSummary {
  const msg = entry.stream.msg || entry.line;
  let line: Json | undefined;
  try {
    line = obj(JSON.parse(entry.line));
  } catch {
    line = undefined;
  }
  if (!line) return { kind: 'text', msg };
  const req = obj(line.req);
  const res = obj(line.res);
  // The tenant the line names (requests whose body names one, a tenant's jobs).
  const tenant = text(line.tenant) ? { tenant: text(line.tenant) } : {};
  const method = text(req?.method);
  const path = text(req?.url);
  if (method && path && res && typeof res.statusCode === 'number') {
    const ms = typeof line.responseTime === 'number' ? line.responseTime : 0;
    return { kind: 'request', method, path, status: res.statusCode, ms, ...tenant };
  }
  if (method && path && line.msg === 'incoming request') return { kind: 'received', method, path };
  if (line.mailId !== undefined && text(line.to)) {
    return { kind: 'mail', to: text(line.to), mailKind: text(line.kind), msg };
  }
  if (line.jobId !== undefined && text(line.type))
    return { kind: 'job', type: text(line.type), id: text(line.jobId), msg, ...tenant };
  return { kind: 'text', msg };
}
