import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import type { LogRecord } from './log-record';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_RETENTION_DAYS: '7', LOG_MAX_ROWS: '100' });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const rows = (n: number, ts: number, msg: string): LogRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    ts: ts + i,
    level: 'info',
    msg: `${msg} ${i}`,
    job: 'provisio',
    host: 'test',
    filename: '',
    caller: '',
    function_name: '',
    error: '',
    stacktrace: '',
    req_id: null,
    job_id: null,
    line: JSON.stringify({ msg: `${msg} ${i}` }),
  }));
const count = async () =>
  Number(
    (
      await t.logging
        .store!.kysely.selectFrom('logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('log retention', () => {
  it('drops lines older than LOG_RETENTION_DAYS', async () => {
    const now = Date.now();
    await t.logging.flush();
    await t.logging.store!.insert([...rows(10, now - 8 * DAY, 'old'), ...rows(10, now - 6 * DAY, 'recent')]);
    expect(await t.logging.prune(now)).toBe(10);
    const left = await t.logging.store!.kysely.selectFrom('logs').select('msg').where('msg', 'like', 'old%').execute();
    expect(left).toEqual([]);
    expect(await count()).toBeGreaterThanOrEqual(10);
  });

  it('keeps at most LOG_MAX_ROWS lines, dropping the oldest', async () => {
    await t.logging.store!.insert(rows(250, Date.now(), 'bulk'));
    await t.logging.prune();
    expect(await count()).toBe(100);
    const newest = await t.logging
      .store!.kysely.selectFrom('logs')
      .select('msg')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(newest.msg).toBe('bulk 249');
  });

  it('answers 503 "Unable to get the data" when the store fails', async () => {
    const admin = await t.login();
    await t.logging.flush();
    await t.logging.store!.kysely.schema.dropTable('logs').execute();
    const res = await t.call(
      'getlogs',
      { message: '', level: '', start: 0, end: `${Date.now()}000000` },
      { token: admin, lang: 'pt' },
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'service_unavailable', message: 'Não foi possível obter os dados' } });
  });
});
