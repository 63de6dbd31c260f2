import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got, with what the test needs to check it. */
export interface Received {
  event: string;
  delivery: string;
  signature: string;
  body: string;
  json: { id: string; type: string; tenant_id: string | null; data: Record<string, unknown> };
  /** The status the receiver answered (0 while it holds the answer). */
  answered: number;
}

/** What to answer a request: a status, or 'hold' (never answer, as when the sender dies mid-request). */
export type Answer = (r: Received, index: number) => number | 'hold';

/**
 * A real webhook receiver on loopback (node:http), started by the test. It keeps every request, answers as
 * `answer` says, and can be closed and started again on the same port (a receiver that is down, then back).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  answer: Answer = () => 200;
  private server?: http.Server;
  private held: http.ServerResponse[] = [];
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        const r: Received = {
          event: String(req.headers['x-provisio-event'] ?? ''),
          delivery: String(req.headers['x-provisio-delivery'] ?? ''),
          signature: String(req.headers['x-provisio-signature'] ?? ''),
          body,
          json: JSON.parse(body) as Received['json'],
          answered: 0,
        };
        this.received.push(r);
        const a = this.answer(r, this.received.length - 1);
        if (a === 'hold') return void this.held.push(res);
        r.answered = a;
        res.writeHead(a, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async close(): Promise<void> {
    for (const res of this.held.splice(0)) res.destroy();
    const s = this.server;
    this.server = undefined;
    if (s) await new Promise((r) => s.close(() => r(undefined)).closeAllConnections());
  }
}

/** Checks `t=<unix>,v1=<hex>` as a receiver would: HMAC-SHA256 of `<t>.<body>` with the endpoint's secret. */
export function verifySignature(secret: string, header: string, body: string, toleranceS = 300): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  const t = Number(m[1]);
  if (Math.abs(Date.now() / 1000 - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2]!, 'hex'));
}
