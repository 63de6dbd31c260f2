/**
 * Generators of malformed request bodies for the fuzz test: seeded (mulberry32), so a failing body can be
 * reproduced from the route and its index. Each body is checked against the route's own schema by the test, so
 * only bodies that are really malformed are sent.
 */
export type Rand = () => number;

/** mulberry32: small, fast, good enough to pick mutations. */
export function prng(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of a string: a per-route seed. */
export function seedOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0x7fffffff',
  '1e309',
  '../../etc/passwd',
  '%00%0d%0a',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '{{constructor.constructor("x")()}}',
  '\u202e\u0644\u0627 RTL override',
  '\ud83d\ude00\ud83d\udca9 emoji',
  '\ud800 lone surrogate',
  'Z\u0351\u0368\u0368a\u0362l\u0364g\u0368o',
  '\u200b\u200c\u200d\ufeff',
  '\u00e9\u0301 combining',
  '\r\n\r\nInjected: header',
  'a'.repeat(300),
  '${7*7}',
  '\\u0000',
  '__proto__',
];
const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'is_admin',
  'role',
  'user_type',
  '\u0000',
  '',
  'tenant_id ',
  '\ud83d\ude00',
  '$where',
  'a'.repeat(500),
];
const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'image/png',
  'application/javascript',
  'text/csv',
  'application/sdp',
];
const BROKEN_JSON = [
  '{',
  '}',
  '[',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  'NaN',
  'undefined',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"a":"\\x41"}',
  '[1,2,',
  '{"a":01}',
  '\ufeff{"a":1',
  '{"a":1}garbage',
  '"unterminated',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '  ',
];

function hugeString(rand: Rand): string {
  const unit = pick(rand, ['a', '\u00e9', '\ud83d\ude00', '<script>', '%', ' ']);
  return unit.repeat(Math.floor((20_000 + rand() * 200_000) / unit.length));
}

function deepNest(rand: Rand, depth: number): unknown {
  let v: unknown = pick(rand, [1, 'x', null, true]);
  for (let i = 0; i < depth; i++) v = rand() < 0.5 ? [v] : { [pick(rand, ['a', 'b', '__proto__x', 'tenant_id'])]: v };
  return v;
}

/** A value of any JSON type, sometimes big or deep. */
function junk(rand: Rand, depth = 0): unknown {
  const r = rand();
  if (r < 0.15) return pick(rand, [0, -1, -0, 1.5, 1e308, -1e308, 2 ** 53 + 1, 4_294_967_296, 0.1]);
  if (r < 0.4) return pick(rand, NASTY_STRINGS);
  if (r < 0.48) return pick(rand, [true, false, null]);
  if (r < 0.56) return hugeString(rand);
  if (r < 0.64) return deepNest(rand, 10 + Math.floor(rand() * 400));
  if (r < 0.82 && depth < 3) return Array.from({ length: Math.floor(rand() * 5) }, () => junk(rand, depth + 1));
  if (depth < 3)
    return Object.fromEntries(
      Array.from({ length: 1 + Math.floor(rand() * 4) }, () => [
        pick(rand, [...EXTRA_KEYS, 'id', 'name', 'x']),
        junk(rand, depth + 1),
      ]),
    );
  return 'x';
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** A value of another JSON type than `v` (so a well-typed field gets a wrong one). */
function wrongType(rand: Rand, v: unknown): unknown {
  for (;;) {
    const j = junk(rand);
    if (typeOf(j) !== typeOf(v)) return j;
  }
}

type Json = Record<string, unknown> | unknown[];
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The containers (objects and arrays) inside a value, with the root first. */
function containers(v: unknown, out: Json[] = []): Json[] {
  if (v !== null && typeof v === 'object') {
    out.push(v as Json);
    for (const x of Object.values(v as object)) containers(x, out);
  }
  return out;
}

/** One mutation of a copy of the template: a field of the wrong type, missing, extra, huge, unicode, or nested junk. */
function mutate(rand: Rand, template: unknown): { body: unknown; label: string } {
  const body = clone(template);
  const places = containers(body);
  const place = places.length ? pick(rand, places) : undefined;
  if (!place) return { body: wrongType(rand, body), label: 'wrong-type' };
  const keys = Array.isArray(place) ? place.map((_, i) => String(i)) : Object.keys(place);
  const set = (k: string, v: unknown) => ((place as Record<string, unknown>)[k] = v);
  const op = pick(rand, ['wrong-type', 'wrong-type', 'missing', 'extra', 'huge', 'unicode', 'nested'] as const);
  const k = keys.length ? pick(rand, keys) : undefined;
  switch (op) {
    case 'wrong-type':
      if (k === undefined) break;
      set(k, wrongType(rand, (place as Record<string, unknown>)[k]));
      return { body, label: op };
    case 'missing':
      if (k === undefined || Array.isArray(place)) break;
      delete (place as Record<string, unknown>)[k];
      return { body, label: op };
    case 'huge':
      set(k ?? 'x', hugeString(rand));
      return { body, label: op };
    case 'unicode':
      // A nasty string in one field and an unknown key beside it: the body stays malformed (objects are strict).
      set(k ?? 'x', pick(rand, NASTY_STRINGS));
      if (!Array.isArray(place))
        set(
          pick(
            rand,
            EXTRA_KEYS.filter((x) => x !== '__proto__'),
          ),
          pick(rand, NASTY_STRINGS),
        );
      return { body, label: op };
    case 'nested':
      set(k ?? 'x', deepNest(rand, 5 + Math.floor(rand() * 300)));
      return { body, label: op };
    case 'extra':
      break;
  }
  if (Array.isArray(place)) place.push(junk(rand));
  else
    place[
      pick(
        rand,
        EXTRA_KEYS.filter((x) => x !== '__proto__'),
      )
    ] = junk(rand);
  return { body, label: 'extra' };
}

export interface FuzzBody {
  label: string;
  contentType: string;
  payload: string;
  /** The parsed JSON when the payload is JSON (for checking it against the route's schema). */
  json?: unknown;
  hasJson: boolean;
}

/** One generated request body for a route whose valid body looks like `template` (undefined: none known). */
export function fuzzBody(rand: Rand, template: unknown): FuzzBody {
  const r = rand();
  if (r < 0.01)
    return {
      label: 'oversize',
      contentType: 'application/json',
      payload: `{"a":"${'x'.repeat(1_100_000)}"}`,
      hasJson: false,
    };
  const json = (label: string, v: unknown): FuzzBody => ({
    label,
    contentType: 'application/json',
    payload: JSON.stringify(v) ?? 'null',
    json: v,
    hasJson: true,
  });
  if (r < 0.1) {
    const text =
      rand() < 0.5
        ? pick(rand, BROKEN_JSON)
        : (JSON.stringify(template ?? { a: 1 }) ?? '{}').slice(0, -1 - Math.floor(rand() * 3));
    return { label: 'invalid-json', contentType: 'application/json', payload: text, hasJson: false };
  }
  if (r < 0.2) {
    const payload =
      rand() < 0.5
        ? JSON.stringify(template ?? {})
        : pick(rand, ['<a>1</a>', 'a=1&b=2', '\u0000\u0001\u0002', '%PDF-1.4']);
    return { label: 'wrong-content-type', contentType: pick(rand, CONTENT_TYPES), payload, hasJson: false };
  }
  if (r < 0.25)
    return {
      label: 'multipart-junk',
      contentType: 'multipart/form-data; boundary=xyz',
      payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--',
      hasJson: false,
    };
  if (r < 0.35)
    return json(
      'top-level',
      pick(rand, [0, 'text', true, null, [], [junk(rand)], deepNest(rand, 200), hugeString(rand)]),
    );
  if (template === undefined) return json('junk', junk(rand));
  const m = mutate(rand, template);
  return json(m.label, m.body);
}

/**
 * Names of Object.prototype's members: a lookup `table[value]` that is not an own-key check finds a function there
 * and breaks (issue #13: `sort: 'constructor'` gave 500 on every list call).
 */
export const PROTOTYPE_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '__defineGetter__',
  'isPrototypeOf',
];

/**
 * Well-formed variants of a route's sample body with prototype-named values: in `sort`, `order` and `search` (the
 * list calls' options) and in each string field of the sample, one at a time. Many of them are valid requests.
 */
export function prototypeVariants(template: unknown): { label: string; body: unknown }[] {
  const out: { label: string; body: unknown }[] = [];
  if (template === null || typeof template !== 'object' || Array.isArray(template)) return out;
  const base = template as Record<string, unknown>;
  for (const name of PROTOTYPE_NAMES) {
    for (const k of ['sort', 'order', 'search']) out.push({ label: `${k}=${name}`, body: { ...base, [k]: name } });
    for (const [k, v] of Object.entries(base))
      if (typeof v === 'string') out.push({ label: `${k}=${name}`, body: { ...base, [k]: name } });
  }
  return out;
}

/** The sample URL with each query value replaced by a prototype name, one at a time. */
export function prototypeUrls(url: string): { label: string; url: string }[] {
  const q = url.indexOf('?');
  if (q < 0) return [];
  const params = new URLSearchParams(url.slice(q + 1));
  const out: { label: string; url: string }[] = [];
  for (const name of PROTOTYPE_NAMES) {
    for (const k of new Set(params.keys())) {
      const p = new URLSearchParams(params);
      p.set(k, name);
      out.push({ label: `${k}=${name}`, url: `${url.slice(0, q)}?${p.toString()}` });
    }
  }
  return out;
}
