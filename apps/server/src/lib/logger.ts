import type { LoggerOptions } from 'pino';
import { callerOf } from './logging/caller';

const CENSOR = '[redacted]';
const SECRET_KEYS = 'ref|password|passwd|pwd|token|pin|cloud_password|sip_password|stunpassword|key|secret';

/** A secret in a URL query: ?ref=..., &token=... */
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_KEYS})=)[^&#\\s"'\\\\<>]+`, 'gi');
/** A secret in free text: "password=x", "Token: x", "pin x=..." (stops at the end of the value). */
const SECRET_ASSIGN = new RegExp(`(\\b(?:${SECRET_KEYS})\\s*[=:]\\s*)(?!\\[redacted\\])[^\\s&,;"'\\\\<>]+`, 'gi');
const BEARER = /(\bBearer\s+)[A-Za-z0-9._~+/=-]+/g;
/** Credentials inside a URL: scheme://user:password@host */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s"'@]+:)[^@\s"'/]+@/gi;

const MAYBE_SECRET = new RegExp(`${SECRET_KEYS}|bearer|://`, 'i');

/** Strips secrets from a URL's query before it reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, `$1${CENSOR}`);
}

/**
 * The free-text half of the one redaction rule: applied to every message, and once more to every line that
 * reaches the log store (so a secret inside any string field, such as a mailed reset link, is not stored).
 */
export function redactText(text: string): string {
  // One cheap scan first: most lines hold nothing that looks like a secret.
  if (!MAYBE_SECRET.test(text)) return text;
  return text
    .replace(SECRET_QUERY, `$1${CENSOR}`)
    .replace(SECRET_ASSIGN, `$1${CENSOR}`)
    .replace(BEARER, `$1${CENSOR}`)
    .replace(URL_CREDENTIALS, `$1${CENSOR}@`);
}

/**
 * One place that decides which fields never reach the logs: passwords, tokens, SIP passwords, reset refs, PINs,
 * QR payloads and credential headers. A field of that name is censored at the top of a log object and in the
 * objects below it (two levels: `body.password`, `req.headers.token`).
 *
 * This replaces pino's `redact` option: its wildcard paths (`*.password`) cost about 6 µs on every line, ten
 * times the rest of pino (docs/benchmarks.md); this walk costs a fraction of a microsecond on a typical line.
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'old_password',
  'new_password',
  'confirm_password',
  'token',
  'Token',
  'ref',
  'pin',
  'sip_password',
  'stunpassword',
  'cloud_password',
  'qrValue',
  'authorization',
  'cookie',
]);

const MAX_DEPTH = 2;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function redactValue(v: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return v;
  if (isPlainObject(v)) return redactFields(v, depth);
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const nv = redactValue(v[i], depth);
      if (nv !== v[i]) (out ??= v.slice())[i] = nv;
    }
    return out ?? v;
  }
  return v;
}

/** A copy of `obj` with every secret field censored; `obj` itself (and what it holds) is never changed. */
export function redactFields(obj: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const key in obj) {
    const v = obj[key];
    const nv = SECRET_FIELDS.has(key) ? (v === undefined ? v : CENSOR) : redactValue(v, depth + 1);
    if (nv !== v) (out ??= { ...obj })[key] = nv;
  }
  return out ?? obj;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Level names rather than numbers, so Loki's `| json | level="error"` and the log store read the same lines.
    formatters: {
      level: (label) => ({ level: label }),
      log: (obj) => redactFields(obj),
      bindings: (b) => redactFields(b),
    },
    // Where a warning or error was logged from (spec §3 caller, functionName); info lines skip the stack walk.
    mixin: (_obj, num) => (num >= 40 ? callerOf() : {}),
    hooks: {
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) if (typeof args[i] === 'string') args[i] = redactText(args[i] as string);
        method.apply(this, args);
      },
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
