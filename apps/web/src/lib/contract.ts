import type * as Contract from '@provisio/contract';
import type { BodyIn, Call } from '@provisio/contract';
import { useEffect, useState } from 'react';
import { CALL_TABLE, REPLY_CHECKS, loadExports, loadModule } from 'virtual:contract-calls';
import type { z } from 'zod';
import { checkReply } from './reply-check';

/**
 * The contract on the web without zod on a page's critical path (issue #17): a call's method and path are known at
 * once (a table the build generates, apps/web/build/contract-calls.ts), its schemas, and zod with them, are fetched
 * the first time they are needed: with the call's first request, or when a form first validates.
 */

export type Calls = typeof Contract.CALLS;
export type CallName = keyof Calls;
/** The body a caller sends for a call (zod input type), `undefined` for a call without one. */
export type BodyOf<N extends CallName> = Calls[N] extends Call<infer B, z.ZodType> ? BodyIn<B> : never;
/** A call's 200 reply, parsed. */
export type ReplyOf<N extends CallName> = z.output<Calls[N]['reply']>;

/** Something fetched once, on first use; `value` once it is there. */
export interface Lazy<T> {
  load(): Promise<T>;
  readonly value: T | undefined;
}

/** Memoizes a fetch: one request however often it is asked for; a failed one is tried again next time. */
export function lazy<T>(fetch: () => Promise<T>): Lazy<T> {
  let pending: Promise<T> | undefined;
  const box: { value: T | undefined; load(): Promise<T> } = {
    value: undefined,
    load: () =>
      (pending ??= fetch().then(
        (value) => (box.value = value),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
  };
  return box;
}

/** A declared call's method and path, known without its schemas. */
export function callRoute(name: CallName): { method: 'GET' | 'POST' | 'DELETE'; path: string } {
  const row = CALL_TABLE[name];
  if (!row) throw new Error(`The contract declares no call ${name}`);
  const [, method = 'POST', path = `/${name}`] = row;
  return { method: method as 'GET' | 'POST' | 'DELETE', path };
}

const calls = new Map<CallName, Lazy<Call>>();

/** The call's declaration with its schemas (its contract module, fetched once). */
export function contractCall<N extends CallName>(name: N): Lazy<Calls[N]> {
  let entry = calls.get(name);
  if (!entry) {
    const index = CALL_TABLE[name]?.[0];
    entry = lazy(async () => {
      if (index === undefined) throw new Error(`The contract declares no call ${name}`);
      const module = await loadModule(index);
      // The module's `…Calls` object that holds this name.
      for (const group of Object.values(module)) {
        const found = (group as Record<string, unknown> | null)?.[name] as Call | undefined;
        if (found && typeof found === 'object' && 'reply' in found && found.path === callRoute(name).path) return found;
      }
      throw new Error(`The contract module of ${name} does not export it`);
    });
    calls.set(name, entry);
  }
  return entry as Lazy<Calls[N]>;
}

/** Names the contract exports a zod schema under. */
export type SchemaName = {
  [K in keyof typeof Contract]: (typeof Contract)[K] extends z.ZodType ? K : never;
}[keyof typeof Contract];

const schemas = new Map<SchemaName, Lazy<z.ZodType>>();

/** A schema the contract exports, fetched on first use (with zod). */
export function contractSchema<K extends SchemaName>(name: K): Lazy<(typeof Contract)[K]> {
  let entry = schemas.get(name);
  if (!entry) {
    entry = lazy(async () => (await (await loadExports()).loadExport(name)) as z.ZodType);
    schemas.set(name, entry);
  }
  return entry as Lazy<(typeof Contract)[K]>;
}

const bodies = new Map<CallName, Lazy<z.ZodType>>();

/** The body schema of a declared call (what the server parses it with), fetched on first use. */
export function callBody<N extends CallName>(name: N): Lazy<NonNullable<Calls[N]['body']>> {
  let entry = bodies.get(name);
  if (!entry) {
    const call = contractCall(name);
    entry = lazy(async () => {
      const body = (await call.load()).body;
      if (!body) throw new Error(`The call ${name} declares no body`);
      return body;
    });
    bodies.set(name, entry);
  }
  return entry as Lazy<NonNullable<Calls[N]['body']>>;
}

/** What a reply is checked with: the contract's zod schema, or its JSON Schema for a reply checked without zod. */
export interface ReplySchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A declared call's reply schema, fetched on first use (for lib/api.ts `apiRequest` with a body of its own). */
export function callReply<N extends CallName>(name: N): Lazy<ReplySchema<ReplyOf<N>>> {
  // A reply the build turned into JSON Schema (a first page's call as it opens) is checked without zod.
  const json = REPLY_CHECKS[name];
  if (json) {
    const schema: ReplySchema<ReplyOf<N>> = { safeParse: (value) => checkReply<ReplyOf<N>>(json, value) };
    return { load: () => Promise.resolve(schema), value: schema };
  }
  const call = contractCall(name);
  return {
    load: async () => (await call.load()).reply as ReplySchema<ReplyOf<N>>,
    get value() {
      return call.value?.reply as ReplySchema<ReplyOf<N>> | undefined;
    },
  };
}

/** A Lazy's value in a component: undefined until it is fetched (the component renders again then). */
export function useLazy<T>(lazy: Lazy<T>): T | undefined {
  const [value, setValue] = useState<T | undefined>(() => lazy.value);
  useEffect(() => {
    if (value === undefined)
      void lazy.load().then(
        (v) => setValue(() => v),
        () => undefined,
      );
  }, [lazy, value]);
  return value ?? lazy.value;
}
