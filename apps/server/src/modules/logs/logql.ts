export interface LogFilters {
  /** Plain text, already URI-decoded; matched case-insensitively anywhere in the line. */
  text: string;
  level: string;
  reqId?: string;
  jobId?: string;
  statusClass?: string;
  /** The tenant a line names (`tenant`: requests whose body names it, its jobs). */
  tenant?: string;
}

const REGEX_META = /[\\^$.*+?()[\]{}|]/g;

/** A LogQL double-quoted string (Go string syntax, which JSON's escapes are a subset of). */
export function logqlString(value: string): string {
  return JSON.stringify(value);
}

/**
 * The LogQL query for getlogs' filters: a cheap case-insensitive line filter first, then `| json` so every
 * stream carries the line's fields (spec §3), then exact matches on the fields asked for.
 * e.g. `{job=~".+"} |~ "(?i)disk \\.full" | json | level="error"`
 */
export function buildLogQuery(f: LogFilters, selector = '{job=~".+"}'): string {
  const parts = [selector];
  if (f.text) parts.push(`|~ ${logqlString(`(?i)${f.text.replace(REGEX_META, '\\$&')}`)}`);
  parts.push('| json');
  if (f.level) parts.push(`| level=${logqlString(f.level)}`);
  if (f.reqId) parts.push(`| reqId=${logqlString(f.reqId)}`);
  if (f.jobId) parts.push(`| jobId=${logqlString(f.jobId)}`);
  // `| json` flattens `res.statusCode` to `res_statusCode`.
  if (f.statusClass) parts.push(`| res_statusCode=~${logqlString(`${f.statusClass[0]}..`)}`);
  if (f.tenant) parts.push(`| tenant=${logqlString(f.tenant)}`);
  return parts.join(' ');
}
