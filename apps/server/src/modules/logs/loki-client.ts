import { GetLogsReply } from '@provisio/contract';
import { buildLogQuery, type LogFilters } from './logql';

export interface LokiRange {
  /** Epoch milliseconds. */
  from: number;
  to: number;
  limit: number;
}

const TIMEOUT_MS = 10_000;

/** `LOKI_URL` may carry `user:password@` for basic auth (e.g. Grafana Cloud); it is sent as a header instead. */
function endpoint(lokiUrl: string): { url: URL; headers: Record<string, string> } {
  const base = new URL(lokiUrl);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (base.username) {
    const creds = `${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`;
    headers.authorization = `Basic ${Buffer.from(creds).toString('base64')}`;
    base.username = '';
    base.password = '';
  }
  const url = new URL(`${base.pathname.replace(/\/+$/, '')}/loki/api/v1/query_range`, base);
  return { url, headers };
}

/** Grafana Loki's query_range (newest first); anything but a streams reply with status success is an error. */
export async function queryLoki(
  lokiUrl: string,
  selector: string,
  filters: LogFilters,
  range: LokiRange,
): Promise<GetLogsReply> {
  const { url, headers } = endpoint(lokiUrl);
  url.searchParams.set('query', buildLogQuery(filters, selector));
  url.searchParams.set('start', `${range.from}000000`);
  url.searchParams.set('end', `${range.to}999999`);
  url.searchParams.set('limit', String(range.limit));
  url.searchParams.set('direction', 'backward');
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`Loki answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const reply = GetLogsReply.safeParse(await res.json());
  if (!reply.success) throw new Error(`Loki reply not understood: ${reply.error.message.slice(0, 300)}`);
  return reply.data;
}
