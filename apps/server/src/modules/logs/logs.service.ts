import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type GetLogsBody, type GetLogsReply, LOG_LIMITS, type LogStream, nanosToMillis } from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { StoredLog } from '../../lib/logging/log-store';
import type { LogFilters } from './logql';
import { queryLoki } from './loki-client';
import { findLogs } from './logs.repository';

/** The value's first item is unique per line: the line's millisecond time, its sub-millisecond digits the row id. */
const nanos = (row: StoredLog) => `${row.ts}${String(row.id % 1_000_000).padStart(6, '0')}`;

/** One stream per line, with the labels and fields of spec §3, as Loki answers after `| json`. */
export function toStream(row: StoredLog): LogStream {
  const stream: LogStream['stream'] = {
    level: row.level,
    msg: row.msg,
    filename: row.filename,
    host: row.host,
    job: row.job,
    _timestamp: new Date(row.ts).toISOString(),
    caller: row.caller,
    functionName: row.function_name,
    error: row.error,
    stacktrace: row.stacktrace,
  };
  if (row.level === 'fatal') stream.custom_panic_error_trace = row.stacktrace;
  if (row.req_id) stream.reqId = row.req_id;
  if (row.job_id) stream.jobId = row.job_id;
  return { stream, values: [[nanos(row), row.line]] };
}

/** getlogs: the embedded log store, or Grafana Loki when LOKI_URL is set. A failing store answers 503. */
export async function getLogs(
  deps: Deps,
  body: z.output<typeof GetLogsBody>,
  log: FastifyBaseLogger,
): Promise<GetLogsReply> {
  const filters: LogFilters = {
    text: decodeURIComponent(body.message).trim(),
    level: body.level,
    reqId: body.req_id,
    jobId: body.job_id,
    statusClass: body.status_class,
    tenant: body.tenant_id,
  };
  const range = {
    from: nanosToMillis(body.start),
    to: nanosToMillis(body.end),
    limit: body.limit ?? LOG_LIMITS.defaultLimit,
  };
  try {
    const { LOKI_URL, LOKI_SELECTOR } = deps.config;
    if (LOKI_URL) return await queryLoki(LOKI_URL, LOKI_SELECTOR, filters, range);
    if (!deps.logStore) throw new Error('no log store configured');
    const rows = await findLogs(deps.logStore, { ...filters, ...range });
    return { status: 'success', data: { resultType: 'streams', result: rows.map(toStream) } };
  } catch (err) {
    log.error({ err }, 'getlogs failed');
    throw new AppError('service_unavailable', 'logsUnavailable');
  }
}
