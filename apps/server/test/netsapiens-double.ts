import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A test double of NetSapiens ns-api v2 (NOT a NetSapiens server): the shapes of the published v45 OpenAPI file
 * for the calls the connector makes. Bearer API key; lists are arrays paged by `start` (from 0) and `limit`
 * (default 100, at most 1000); errors are `{code, message}`; a missing resource is 404; writes answer 202 with an
 * empty body unless `"synchronous":"yes"` (then 200 and the object). Latency per request and injected 429/503
 * answers (with Retry-After) let tests check back-off and concurrency.
 */
export interface DoubleUser {
  user: string;
  'name-first-name'?: string;
  'name-last-name'?: string;
  'email-address'?: string;
  'user-scope'?: string;
  site?: string;
  'service-code'?: string;
}
export interface DoubleDevice {
  device: string;
  user: string;
  'device-sip-registration-password'?: string;
  'device-sip-registration-state'?: string;
  'device-sip-registration-contact'?: string;
}
interface DoubleDomain {
  domain: string;
  reseller: string;
  description: string;
  sites: string[];
  users: Map<string, DoubleUser>;
  devices: Map<string, DoubleDevice>;
  cdrs: Record<string, unknown>[];
  calls: Record<string, unknown>[];
}

export interface Fault {
  status: 429 | 503 | 500;
  retryAfter?: string;
}

export class NetSapiensDouble {
  readonly apiKey = 'nsr_double_0123456789';
  readonly resellers = new Map<string, { reseller: string; description: string }>();
  readonly domains = new Map<string, DoubleDomain>();
  /** Every request: method, path (without /ns-api/v2), query and JSON body. */
  readonly requests: {
    method: string;
    path: string;
    query: URLSearchParams;
    body: Record<string, unknown> | null;
    at: number;
  }[] = [];
  latencyMs = 0;
  inFlight = 0;
  maxInFlight = 0;
  private readonly faults: Fault[] = [];
  private server?: http.Server;
  url = '';

  addReseller(reseller: string, description = reseller): void {
    this.resellers.set(reseller, { reseller, description });
  }

  addDomain(domain: string, reseller: string, opts: { description?: string; sites?: string[] } = {}): DoubleDomain {
    const d: DoubleDomain = {
      domain,
      reseller,
      description: opts.description ?? domain,
      sites: opts.sites ?? [],
      users: new Map(),
      devices: new Map(),
      cdrs: [],
      calls: [],
    };
    this.domains.set(domain, d);
    return d;
  }

  addUser(domain: string, u: DoubleUser, sipPassword = `pw-${u.user}`): void {
    const d = this.domains.get(domain)!;
    d.users.set(u.user, u);
    d.devices.set(u.user, {
      device: u.user,
      user: u.user,
      'device-sip-registration-password': sipPassword,
      'device-sip-registration-state': 'unregistered',
    });
  }

  /** The next answers are these faults, in order, before normal service resumes. */
  fail(...faults: Fault[]): void {
    this.faults.push(...faults);
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/ns-api/v2`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      this.inFlight--;
      res.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://double');
    const path = url.pathname.replace(/^\/ns-api\/v2/, '');
    let body: Record<string, unknown> | null;
    try {
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : null;
    } catch {
      return send(400, { code: 400, message: 'Invalid JSON' });
    }
    this.requests.push({ method: req.method ?? 'GET', path, query: url.searchParams, body, at: Date.now() });
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) return send(401, { code: 401, message: 'Unauthorized' });
    const fault = this.faults.shift();
    if (fault)
      return send(
        fault.status,
        { code: fault.status, message: fault.status === 429 ? 'Too Many Requests' : 'Service Unavailable' },
        fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
      );
    const r = this.route(
      req.method ?? 'GET',
      path.split('/').filter(Boolean).map(decodeURIComponent),
      url.searchParams,
      body,
    );
    send(r.status, r.body);
  }

  private page(list: unknown[], q: URLSearchParams): { status: number; body: unknown } {
    const start = Number(q.get('start') ?? 0);
    const limit = Number(q.get('limit') ?? 100);
    if (!Number.isInteger(start) || start < 0 || !Number.isInteger(limit) || limit < 1 || limit > 1000)
      return { status: 400, body: { code: 400, message: 'start must be >= 0 and limit between 1 and 1000' } };
    return { status: 200, body: list.slice(start, start + limit) };
  }

  /** v2 writes: 202 and no body, or 200 with the object when asked for "synchronous":"yes". */
  private write(obj: unknown, body: Record<string, unknown> | null): { status: number; body: unknown } {
    return body?.synchronous === 'yes' ? { status: 200, body: obj } : { status: 202, body: undefined };
  }

  private route(
    method: string,
    p: string[],
    q: URLSearchParams,
    body: Record<string, unknown> | null,
  ): { status: number; body: unknown } {
    const missing = (what: string) => ({ status: 404, body: { code: 404, message: `${what} not found` } });
    if (p[0] === 'resellers' && p.length === 1 && method === 'GET') return this.page([...this.resellers.values()], q);
    if (p[0] !== 'domains') return missing('Resource');
    if (p.length === 1 && method === 'GET')
      return this.page(
        [...this.domains.values()].map(({ domain, reseller, description }) => ({ domain, reseller, description })),
        q,
      );
    const d = this.domains.get(p[1] ?? '');
    if (!d) return missing('Domain');
    const [, , coll, id, sub, subId] = p;
    if (coll === 'sites' && !id && method === 'GET')
      return this.page(
        d.sites.map((site) => ({ site, domain: d.domain })),
        q,
      );
    if (coll === 'calls' && !id && method === 'GET') return this.page(d.calls, q);
    if (coll === 'devices' && !id && method === 'GET') return this.page([...d.devices.values()], q);
    if (coll === 'cdrs' && !id && method === 'GET') {
      if (!q.get('datetime-start') || !q.get('datetime-end'))
        return { status: 400, body: { code: 400, message: 'datetime-start and datetime-end are required' } };
      return this.page(d.cdrs, q);
    }
    if (coll !== 'users') return missing('Resource');
    if (!id) {
      if (method === 'GET') return this.page([...d.users.values()], q);
      if (method !== 'POST') return missing('Resource');
      const user = String(body?.user ?? '');
      if (!/^[0-9A-Za-z._-]{1,40}$/.test(user))
        return { status: 400, body: { code: 400, message: 'user is required and must be a valid extension' } };
      if (d.users.has(user)) return { status: 409, body: { code: 409, message: `User ${user} already exists` } };
      const { synchronous: _s, ...fields } = body ?? {};
      d.users.set(user, { ...(fields as Partial<DoubleUser>), user });
      return this.write(d.users.get(user), body);
    }
    const u = d.users.get(id);
    if (!u) return missing('User');
    if (sub === 'devices') {
      if (!subId && method === 'GET')
        return this.page(
          [...d.devices.values()].filter((x) => x.user === id),
          q,
        );
      if (!subId && method === 'POST') {
        const device = {
          device: String(body?.device ?? id),
          user: id,
          'device-sip-registration-password': String(body?.['device-sip-registration-password'] ?? ''),
        };
        d.devices.set(device.device, device);
        return this.write(device, body);
      }
      const dev = d.devices.get(subId ?? '');
      if (!dev || dev.user !== id) return missing('Device');
      if (method === 'GET') return { status: 200, body: dev };
      if (method === 'PUT') {
        const { synchronous: _s, ...fields } = body ?? {};
        Object.assign(dev, fields);
        return this.write(dev, body);
      }
      return missing('Resource');
    }
    if (method === 'GET') return { status: 200, body: { ...u, domain: d.domain } };
    if (method === 'PUT') {
      const { synchronous: _s, user: _u, ...fields } = body ?? {};
      Object.assign(u, fields);
      return this.write(u, body);
    }
    if (method === 'DELETE') {
      d.users.delete(id);
      for (const [k, dev] of d.devices) if (dev.user === id) d.devices.delete(k);
      return { status: 200, body: u };
    }
    return missing('Resource');
  }
}
