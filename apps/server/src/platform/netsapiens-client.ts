import { AppError } from '../lib/errors';

export interface NsClientOptions {
  /** The v2 base, e.g. https://api.example.com/ns-api/v2 */
  baseUrl: string;
  apiKey: string;
  /** Requests in flight at once (the notes advise about 5). */
  maxInFlight: number;
  /** Retries of a 429/503/network failure before giving up with a 503. */
  maxRetries?: number;
  /** Longest wait honoured from Retry-After, and the cap of the exponential back-off. */
  maxBackoffMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | undefined>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The `{code, message}` body of a v2 error, when there is one. */
async function errorDetail(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message.slice(0, 300);
  } catch {
    // not JSON
  }
  return text.slice(0, 300) || `HTTP ${res.status}`;
}

function unavailable(cause: unknown): AppError {
  const e = new AppError('service_unavailable', 'platformUnavailable');
  e.cause = cause;
  return e;
}

/**
 * ns-api v2 over HTTP: Bearer API key, JSON, at most `maxInFlight` requests at once. 429 and 503 pause every
 * request of this client for Retry-After (or an exponential back-off) and retry; other failures become AppErrors
 * the portal can show: 404 -> 404, 400/409/422 -> the platform's message, 401/403 on the key -> 503 / 403.
 */
export class NsClient {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private pausedUntil = 0;
  private readonly fetchFn: typeof fetch;
  /** Requests sent (retries included), for tests and the benchmark. */
  sent = 0;

  constructor(private readonly o: NsClientOptions) {
    this.fetchFn = o.fetch ?? fetch;
  }

  private async acquire(): Promise<void> {
    if (this.inFlight < this.o.maxInFlight) {
      this.inFlight++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }

  async request<T>(method: string, path: string, opts: { query?: Query; body?: object } = {}): Promise<T> {
    const url = new URL(this.o.baseUrl.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const maxRetries = this.o.maxRetries ?? 5;
    const cap = this.o.maxBackoffMs ?? 30_000;
    for (let attempt = 0; ; attempt++) {
      await this.acquire();
      let res: Response;
      try {
        const wait = this.pausedUntil - Date.now();
        if (wait > 0) await sleep(wait);
        this.sent++;
        res = await this.fetchFn(url, {
          method,
          headers: {
            authorization: `Bearer ${this.o.apiKey}`,
            accept: 'application/json',
            ...(opts.body ? { 'content-type': 'application/json' } : {}),
          },
          ...(opts.body ? { body: JSON.stringify(opts.body) } : {}),
          signal: AbortSignal.timeout(this.o.timeoutMs ?? 15_000),
        });
      } catch (err) {
        this.release();
        if (attempt >= maxRetries) throw unavailable(err);
        await sleep(Math.min(cap, 200 * 2 ** attempt));
        continue;
      }
      this.release();
      if (res.status === 429 || res.status === 503) {
        const detail = await errorDetail(res);
        if (attempt >= maxRetries) throw unavailable(new Error(`${res.status} ${detail}`));
        const backoff = Math.min(cap, retryAfterMs(res.headers.get('retry-after')) ?? 200 * 2 ** attempt);
        this.pausedUntil = Math.max(this.pausedUntil, Date.now() + backoff);
        continue;
      }
      if (res.ok) {
        const text = await res.text();
        return (text ? JSON.parse(text) : null) as T;
      }
      throw await this.refusal(res, method, path);
    }
  }

  private async refusal(res: Response, method: string, path: string): Promise<AppError> {
    const detail = await errorDetail(res);
    if (res.status === 404) return new AppError('not_found', 'notFound');
    if (res.status === 409) return new AppError('conflict', 'platformRefused', { detail });
    if (res.status === 403 && method !== 'GET') return new AppError('forbidden', 'platformCannotWrite');
    if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 403)
      return new AppError('validation_failed', 'platformRefused', { detail });
    // A bad or read-only key, or a server fault: the portal's caller cannot fix it.
    return unavailable(new Error(`${method} ${path}: ${res.status} ${detail}`));
  }
}
