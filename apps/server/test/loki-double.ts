import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A double of Grafana Loki's HTTP API, only GET /loki/api/v1/query_range: it records each request and answers
 * with the documented reply shape (https://grafana.com/docs/loki/latest/reference/loki-http-api/#query-logs-within-a-range-of-time).
 */
export interface LokiDouble {
  url: string;
  requests: { path: string; params: URLSearchParams; headers: http.IncomingHttpHeaders }[];
  /** The next replies' status and body; defaults to a success with `streams`. */
  answer: { status: number; body: unknown };
  close(): Promise<void>;
}

export const LOKI_STREAMS = [
  {
    stream: {
      filename: '/var/log/provisio.log',
      host: 'pbx-1',
      job: 'provisio',
      level: 'error',
      msg: 'disk full',
      caller: 'src/x.ts:3',
      functionName: 'write',
    },
    values: [
      ['1700000000123456789', '{"level":"error","msg":"disk full","time":1700000000123}'],
      ['1700000000000000001', '{"level":"error","msg":"disk full","time":1700000000000}'],
    ],
  },
];

export const lokiSuccess = (result: unknown = LOKI_STREAMS) => ({
  status: 'success',
  data: { resultType: 'streams', result, stats: { summary: { bytesProcessedPerSecond: 1, totalEntriesReturned: 2 } } },
});

export async function startLokiDouble(): Promise<LokiDouble> {
  const double: Omit<LokiDouble, 'url' | 'close'> = { requests: [], answer: { status: 200, body: lokiSuccess() } };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://loki');
    double.requests.push({ path: u.pathname, params: u.searchParams, headers: req.headers });
    const known = req.method === 'GET' && u.pathname.endsWith('/loki/api/v1/query_range');
    res.writeHead(known ? double.answer.status : 404, { 'content-type': 'application/json' });
    res.end(known ? JSON.stringify(double.answer.body) : '404 page not found\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(double, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
