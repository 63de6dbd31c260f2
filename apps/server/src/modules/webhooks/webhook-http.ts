import http from 'node:http';
import https from 'node:https';
import { type LookupFunction, isIP } from 'node:net';
import dns from 'node:dns';

export interface PostResult {
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** A refusal of the address the connection would use (SSRF guard); the message goes to the delivery log. */
export type AddressGuard = (address: string) => string | null;

/**
 * One POST, no redirects followed (a 3xx is logged as a failure naming its Location), answered within timeoutMs
 * or abandoned. The guard judges every address the DNS lookup returns, so a name that resolves to an internal
 * address at delivery time (DNS rebinding) is refused there too. The answer's body is read and dropped.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  guard: AddressGuard,
): Promise<PostResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const u = new URL(url);
  const literal = u.hostname.replace(/^\[|\]$/g, '');
  const refusedLiteral = isIP(literal) ? guard(literal) : null;
  if (refusedLiteral) return Promise.resolve({ status: null, error: refusedLiteral, durationMs: 0 });
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const refused = list.map((a) => guard(a.address)).find(Boolean);
      if (refused) return callback(new Error(refused), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...r, durationMs: took() });
    };
    const req = (u.protocol === 'https:' ? https : http).request(u, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup,
      agent: false,
    });
    const deadline = setTimeout(() => {
      req.destroy();
      done({ status: null, error: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => {
        if (status >= 200 && status < 300) return done({ status, error: null });
        if (status >= 300 && status < 400)
          return done({ status, error: `redirect to ${res.headers.location ?? '?'} not followed` });
        done({ status, error: `HTTP ${status}` });
      });
      res.on('error', (err) => done({ status, error: err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({ status: null, error: (err.code ?? err.message).slice(0, 300) }),
    );
    req.end(body);
  });
}
