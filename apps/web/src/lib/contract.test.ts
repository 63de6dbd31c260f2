import { CALLS, PublicConfigReply } from '@provisio/contract';
import { REPLY_CHECKS } from 'virtual:contract-calls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../test/render';
import { callApi, isApiError } from './api';
import { type CallName, callRoute, contractCall, contractSchema } from './contract';
import { checkReply } from './reply-check';

const names = Object.keys(CALLS) as CallName[];

afterEach(() => vi.unstubAllGlobals());

describe('the call table the build makes (apps/web/build/contract-calls.ts)', () => {
  it('names every call of the contract with its method and path, and no other', async () => {
    const { CALL_TABLE } = await import('virtual:contract-calls');
    expect(Object.keys(CALL_TABLE).sort()).toEqual([...names].sort());
    for (const name of names)
      expect(callRoute(name), name).toEqual({ method: CALLS[name].method, path: CALLS[name].path });
  });

  it("fetches a call's declaration with the same schemas as the contract's", async () => {
    for (const name of ['adminLogin', 'getExtensions', 'tenantList', 'getCDRs'] as const) {
      const call = await contractCall(name).load();
      expect(call.path).toBe(CALLS[name].path);
      expect(z.toJSONSchema(call.reply, { unrepresentable: 'any' })).toEqual(
        z.toJSONSchema(CALLS[name].reply, { unrepresentable: 'any' }),
      );
    }
    const schema = await contractSchema('AdminNewPassword').load();
    expect(schema.safeParse('12345').success).toBe(false);
    expect(schema.safeParse('123456').success).toBe(true);
  });
});

describe('replies are checked against the contract, its schemas fetched with the request', () => {
  it('refuses a reply that breaks the contract (bad_reply), the schema fetched only for that call', async () => {
    // A call whose declaration no test has loaded yet (the files of a worker share one module graph), whose reply
    // cannot be a number.
    const unloaded = names.filter((n) => contractCall(n).value === undefined);
    const name = unloaded.find((n) => !CALLS[n].reply.safeParse(42).success);
    expect(name).toBeDefined();
    const call = contractCall(name!);
    vi.stubGlobal('fetch', vi.fn(stubFetch({ [callRoute(name!).path]: { body: 42 } })));
    const error: unknown = await callApi(name!, {} as never, { silent: true }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('bad_reply');
    expect(call.value?.reply).toBeDefined();
    // Only that call's declaration was loaded.
    expect(names.filter((n) => contractCall(n).value === undefined)).toEqual(unloaded.filter((n) => n !== name));
  });

  it('gives the parsed reply when it keeps the contract (unknown keys dropped as zod drops them)', async () => {
    const body = { id: 1, name: 'Admin', username: 'admin', user_type: 'admin', url: null, cloud_id: 'DEMO', extra: 1 };
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/me': { body } })));
    const { extra: _extra, ...declared } = body;
    expect(await callApi('me', undefined, { silent: true })).toEqual(declared);
  });

  it('reads an error reply with the contract ErrorBody (its schema fetched on the first error)', async () => {
    const refusal = { error: { code: 'invalid_credentials', message: 'Invalid Credentials' } };
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/adminLogin': { status: 401, body: refusal } })));
    const body = { cloud_id: 'DEMO', user: 'a', password: 'b' };
    const error: unknown = await callApi('adminLogin', body, { silent: true, auth: false }).catch((e: unknown) => e);
    expect(isApiError(error) && [error.code, error.message, error.status]).toEqual([
      'invalid_credentials',
      'Invalid Credentials',
      401,
    ]);
  });
});

describe('publicConfig, checked without zod (JSON Schema made from the contract at build time)', () => {
  const json = REPLY_CHECKS.publicConfig!;
  const samples: unknown[] = [
    { cloud_id: 'DEMO', languages: ['en'], version: '1.0.0' },
    { cloud_id: 'DEMO', languages: [], version: '1', monitor_base_url: 'https://m.example' },
    { cloud_id: 'DEMO', languages: ['en', 'fr'], version: '1', other: { deep: true } },
    { cloud_id: 'DEMO', languages: ['en'] },
    { cloud_id: 7, languages: ['en'], version: '1' },
    { cloud_id: 'DEMO', languages: 'en', version: '1' },
    { cloud_id: 'DEMO', languages: [1], version: '1' },
    { cloud_id: 'DEMO', languages: ['en'], version: '1', monitor_base_url: null },
    null,
    [],
    'DEMO',
  ];

  it('says what zod says of every sample, and gives the same data', () => {
    for (const sample of samples) {
      const zod = PublicConfigReply.safeParse(sample);
      const here = checkReply(json, sample);
      expect(here.success, JSON.stringify(sample)).toBe(zod.success);
      if (zod.success && here.success) expect(here.data).toEqual(zod.data);
    }
  });

  it('refuses a reply that breaks the contract through callApi, without fetching its schema', async () => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/publicConfig': { body: { cloud_id: 'DEMO', version: 3 } } })));
    const error: unknown = await callApi('publicConfig', undefined, { silent: true }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('bad_reply');
    expect(contractCall('publicConfig').value).toBeUndefined();
  });
});
