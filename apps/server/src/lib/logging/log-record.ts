import os from 'node:os';
import { redactText } from '../logger';

/** One stored line: the labels and fields of spec §3 in columns, and the whole (redacted) JSON line. */
export interface LogRecord {
  /** Epoch milliseconds. */
  ts: number;
  level: string;
  msg: string;
  job: string;
  host: string;
  filename: string;
  caller: string;
  function_name: string;
  error: string;
  stacktrace: string;
  req_id: string | null;
  job_id: string | null;
  line: string;
}

export const DEFAULT_JOB = 'provisio';
const HOST = os.hostname();
const NUMERIC_LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const idOf = (v: unknown): string | null =>
  typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 100) : null;

function errorOf(obj: Record<string, unknown>): { error: string; stacktrace: string } {
  const e = obj.err ?? obj.error;
  if (typeof e === 'string') return { error: e, stacktrace: '' };
  if (typeof e !== 'object' || e === null) return { error: '', stacktrace: '' };
  const err = e as { type?: unknown; message?: unknown; stack?: unknown };
  return { error: str(err.message) || str(err.type), stacktrace: str(err.stack) };
}

/** Turns one line written by pino into a record; the whole line goes through the central redaction first. */
export function toLogRecord(raw: string): LogRecord {
  const line = redactText(raw.trimEnd());
  let obj: Record<string, unknown>;
  try {
    obj = JSON.parse(line) as Record<string, unknown>;
  } catch {
    obj = { msg: line };
  }
  const caller = str(obj.caller);
  const level =
    typeof obj.level === 'number' ? (NUMERIC_LEVELS[obj.level] ?? String(obj.level)) : str(obj.level) || 'info';
  return {
    ts: typeof obj.time === 'number' ? obj.time : Date.now(),
    level,
    msg: str(obj.msg),
    job: str(obj.name) || DEFAULT_JOB,
    host: str(obj.hostname) || HOST,
    filename: caller.replace(/:\d+$/, ''),
    caller,
    function_name: str(obj.functionName),
    ...errorOf(obj),
    req_id: idOf(obj.reqId),
    job_id: idOf(obj.jobId),
    line,
  };
}
