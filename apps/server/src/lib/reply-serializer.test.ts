import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestApp, startTestApp } from '../../test/harness';
import { replySerializerCompiler } from './reply-serializer';

const Row = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(['on', 'off']),
  at: z.number().nullable().optional(),
});
const List = z.array(Row);
const rows: Record<string, unknown>[] = [
  { id: 1, name: 'a "quoted" \u2028 name', state: 'on', at: null, secret: 'hash' },
  { id: 2, name: 'b', state: 'off', at: 5 },
  { id: 3, name: 'c', state: 'on' },
];

let t: TestApp;
let reply: Record<string, unknown>[] = rows;
beforeAll(async () => {
  t = await startTestApp(
    {},
    {
      routes: (app) => {
        app.get('/api/test-list', { schema: { response: { 200: List } } }, async () => reply);
        app.get('/api/test-object', { schema: { response: { 200: Row } } }, async () => reply[0]);
      },
    },
  );
});
afterAll(() => t.close());

describe('list replies (lib/reply-serializer.ts)', () => {
  it('write the declared fields only, in the contract’s order, exactly as zod did', async () => {
    reply = rows;
    const res = await t.app.inject({ method: 'GET', url: '/api/test-list' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('hash');
    expect(res.body).toBe(JSON.stringify(List.parse(rows)));
  });

  it('fail (500) under the tests when a row breaks the contract: a wrong enum member or a missing field', async () => {
    for (const bad of [
      { id: 4, name: 'd', state: 'maybe' },
      { id: 5, state: 'on' },
    ]) {
      reply = [...rows, bad];
      const res = await t.app.inject({ method: 'GET', url: '/api/test-list' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('maybe');
    }
  });

  it('outside the tests: the compiled writer alone; it still strips undeclared fields and refuses a missing one', () => {
    const saved = process.env.VITEST;
    delete process.env.VITEST;
    try {
      const write = replySerializerCompiler({ schema: List, method: 'GET', url: '/x', httpStatus: '200' });
      expect(write(rows)).toBe(JSON.stringify(List.parse(rows)));
      expect(() => write([{ id: 5, state: 'on' }])).toThrow(/name/);
      // What only zod checks (enum members) is not checked here: the rows of a list are the server's own.
      expect(write([{ id: 4, name: 'd', state: 'maybe' }])).toBe('[{"id":4,"name":"d","state":"maybe"}]');
    } finally {
      process.env.VITEST = saved;
    }
  });

  it('anything but a list keeps zod: an object reply is checked and stripped', async () => {
    reply = [{ ...rows[0], state: 'maybe' }];
    expect((await t.app.inject({ method: 'GET', url: '/api/test-object' })).statusCode).toBe(500);
    reply = rows;
    const res = await t.app.inject({ method: 'GET', url: '/api/test-object' });
    expect(res.json()).toEqual({ id: 1, name: rows[0]?.name, state: 'on', at: null });
  });
});
