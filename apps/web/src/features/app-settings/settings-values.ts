/** The form holds a tab's `values` as the server sent them; fields are addressed by dotted paths. */
export type Values = Record<string, unknown>;

export function getAt(values: Values, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      values,
    );
}

export function setAt(values: Values, path: string, value: unknown): Values {
  const [head, ...rest] = path.split('.');
  if (!head) return values;
  if (rest.length === 0) return { ...values, [head]: value };
  const child = values[head];
  return {
    ...values,
    [head]: setAt(child && typeof child === 'object' ? (child as Values) : {}, rest.join('.'), value),
  };
}

export const asString = (v: unknown) => (typeof v === 'string' ? v : '');
export const asBool = (v: unknown) => v === true;
export const asNumber = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
export const asStrings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export interface FieldBinding {
  values: Values;
  set: (path: string, value: unknown) => void;
}
