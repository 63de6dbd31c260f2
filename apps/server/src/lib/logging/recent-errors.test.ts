import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from './log-record';
import { type LogStore, recentErrorLines } from './log-store';
import { openSqliteLogStore } from './sqlite-log-store';

const DAY = 86_400_000;
let dir: string;
let store: LogStore;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-logs-'));
  store = openSqliteLogStore(path.join(dir, 'logs.sqlite'));
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const line = (ts: number, level: string): LogRecord => ({
  ts,
  level,
  msg: `${level} at ${ts}`,
  job: 'provisio',
  host: 'test',
  filename: '',
  caller: '',
  function_name: '',
  error: '',
  stacktrace: '',
  req_id: null,
  job_id: null,
  line: JSON.stringify({ level, ts }),
});

describe("the dashboard's count of recent error lines (SQLite log store, issue #17)", () => {
  it('counts error and fatal lines of the window only, through the partial index, not every line of the day', async () => {
    const now = Date.now();
    const levels = ['info', 'warn', 'error', 'fatal', 'debug'];
    // 5,000 lines in the last day (1,000 per level) and 500 errors two days ago.
    await store.insert(Array.from({ length: 5000 }, (_, i) => line(now - (i % 1000) * 1000, levels[i % 5]!)));
    await store.insert(Array.from({ length: 500 }, (_, i) => line(now - 2 * DAY - i, 'error')));
    const since = now - DAY;
    const q = recentErrorLines(store.kysely, since);
    expect(Number((await q.executeTakeFirstOrThrow()).n)).toBe(2000);
    const compiled = q.compile();
    const plan = await store.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
    );
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/USING (COVERING )?INDEX logs_errors_ts/);
  });
});
