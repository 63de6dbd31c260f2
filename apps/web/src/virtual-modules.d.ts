// Modules the web build generates (apps/web/build): typed here, read through lib/contract.ts and lib/i18n.ts.

declare module 'virtual:contract-calls' {
  /** JSON Schema of the replies checked without zod (lib/reply-check.ts), by call name. */
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- an ambient module cannot import a relative path
  export const REPLY_CHECKS: Record<string, import('./lib/reply-check').JsonSchema>;
  /** Call name → [index of its contract module, method (default POST), path (default `/${name}`)]. */
  export const CALL_TABLE: Record<string, [number, string?, string?]>;
  /** The contract module at that index (its exports). */
  export function loadModule(index: number): Promise<Record<string, unknown>>;
  /** The table of every exported name of the contract, itself a chunk fetched when first needed. */
  export function loadExports(): Promise<{ loadExport(name: string): Promise<unknown> }>;
}

declare module 'virtual:locale-areas' {
  /** A language's strings of one area (a top-level key of src/locales/<lang>.json). */
  export function loadArea(lang: string, area: string): Promise<Record<string, unknown> | undefined>;
  /** Every area of the source files. */
  export const AREAS: readonly string[];
}
