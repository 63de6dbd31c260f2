import * as contract from '@provisio/contract';
import { CALLS, type Call } from '@provisio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';

/** The contract's per-module call objects (`tenantsCalls`, `authCalls`, …), as the web imports them. */
const modules = Object.entries(contract).filter(
  ([name, v]) => name.endsWith('Calls') && typeof v === 'object' && v !== null,
) as [string, Record<string, Call>][];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('the call table (packages/contract/src/calls.ts)', () => {
  it('holds every module’s calls once: no name declared by two modules, no module left out', () => {
    const names = modules.flatMap(([, calls]) => Object.keys(calls));
    expect(names.length).toBe(new Set(names).size);
    expect(Object.keys(CALLS).sort()).toEqual([...names].sort());
  });

  it('is exactly what the server serves under /api/v1: same methods, paths and access', () => {
    const served = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url} ${r.access}`)
      .sort();
    const declared = Object.values(CALLS)
      .map((c) => `${c.method} /api/v1${c.path} ${c.access}`)
      .sort();
    expect(served).toEqual(declared);
  });

  it('declares one call per method and path', () => {
    const keys = Object.values(CALLS).map((c) => `${c.method} ${c.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
});
