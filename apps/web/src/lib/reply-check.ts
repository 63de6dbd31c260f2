/**
 * A reply checked without zod (issue #17): for the few calls a first page makes as it opens (publicConfig), the build
 * turns the contract's reply schema into JSON Schema (zod's own `toJSONSchema`, apps/web/build/contract-calls.ts) and
 * this checks a reply against it, as zod would parse it: the same refusals, and an object keeps only its declared
 * keys unless the schema lets others through. The build refuses a schema with a keyword not handled here (a
 * default, a format, a transform), so a reply checked here is never checked more loosely than by zod;
 * lib/reply-check.test.ts compares the two on good and bad replies.
 */
type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
export type JsonSchema = {
  /** zod writes a nullable primitive as a list of types (`["string", "null"]`). */
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
};

/** The keywords handled here; the build refuses any other. */
export const HANDLED_KEYWORDS = [
  '$schema',
  'description',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'pattern',
  'minItems',
  'maxItems',
];

const FAIL = Symbol('fail');
type Out = unknown | typeof FAIL;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeOk(type: JsonSchema['type'], v: unknown): boolean {
  if (Array.isArray(type)) return type.some((one) => typeOk(one, v));
  switch (type) {
    case undefined:
      return true;
    case 'object':
      return isObject(v);
    case 'array':
      return Array.isArray(v);
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'null':
      return v === null;
    default:
      return typeof v === type;
  }
}

function check(s: JsonSchema, v: unknown): Out {
  if (s.anyOf) {
    for (const option of s.anyOf) {
      const out = check(option, v);
      if (out !== FAIL) return out;
    }
    return FAIL;
  }
  if (!typeOk(s.type, v)) return FAIL;
  if ('const' in s && v !== s.const) return FAIL;
  if (s.enum && !s.enum.includes(v)) return FAIL;
  if (typeof v === 'string') {
    const length = v.length;
    if ((s.minLength !== undefined && length < s.minLength) || (s.maxLength !== undefined && length > s.maxLength))
      return FAIL;
    if (s.pattern !== undefined && !new RegExp(s.pattern).test(v)) return FAIL;
  }
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) return FAIL;
    if (s.maximum !== undefined && v > s.maximum) return FAIL;
    if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return FAIL;
    if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum) return FAIL;
  }
  if (Array.isArray(v)) {
    if ((s.minItems !== undefined && v.length < s.minItems) || (s.maxItems !== undefined && v.length > s.maxItems))
      return FAIL;
    if (!s.items) return [...v];
    const out: unknown[] = [];
    for (const item of v) {
      const checked = check(s.items, item);
      if (checked === FAIL) return FAIL;
      out.push(checked);
    }
    return out;
  }
  if (isObject(v) && (s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')))) {
    const out: Record<string, unknown> = {};
    const declared = s.properties ?? {};
    for (const key of s.required ?? []) if (!(key in v) || v[key] === undefined) return FAIL;
    for (const [key, sub] of Object.entries(declared)) {
      if (!(key in v) || v[key] === undefined) continue;
      const checked = check(sub, v[key]);
      if (checked === FAIL) return FAIL;
      out[key] = checked;
    }
    for (const key of Object.keys(v)) {
      if (key in declared) continue;
      // zod: a strict object refuses other keys, a loose one keeps them, a plain one drops them.
      if (s.additionalProperties === false) return FAIL;
      if (s.additionalProperties === undefined) continue;
      const checked = s.additionalProperties === true ? v[key] : check(s.additionalProperties, v[key]);
      if (checked === FAIL) return FAIL;
      out[key] = checked;
    }
    return out;
  }
  return v;
}

/** The reply as the contract's schema reads it, or `{ success: false }`. */
export function checkReply<T>(schema: JsonSchema, value: unknown): { success: true; data: T } | { success: false } {
  const out = check(schema, value);
  return out === FAIL ? { success: false } : { success: true, data: out as T };
}
