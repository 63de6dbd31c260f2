import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { migrate } from '../../migrations';
import { freshStore } from '../../reliability/server-process';
import { createLogging, openLogStore, type LogStoreTarget } from './index';

const FIXTURE = path.resolve(import.meta.dirname, '../../../test/fixtures/crash-logging.ts');

/** A log store for one test: a SQLite file, or the logs table of a fresh PostgreSQL schema. */
async function logTarget(): Promise<{ target: LogStoreTarget; dataDir: string; dispose: () => Promise<void> }> {
  const store = await freshStore();
  const dataDir = store.env.DATA_DIR!;
  if (process.env.TEST_DB !== 'postgres')
    return { target: { kind: 'sqlite', file: path.join(dataDir, 'logs.sqlite') }, dataDir, dispose: store.dispose };
  await migrate(store.db);
  const schema = /search_path=(\w+)/.exec(decodeURIComponent(store.env.DATABASE_URL!))![1]!;
  return { target: { kind: 'postgres', url: process.env.TEST_DATABASE_URL!, schema }, dataDir, dispose: store.dispose };
}

describe('the log worker', () => {
  it('stores the lines of a process that crashes, the crash itself with its stack trace', async () => {
    const { target, dataDir, dispose } = await logTarget();
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          DATA_DIR: dataDir,
          LOG_TARGET: JSON.stringify(target),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, stderr).toBe(1);
      const store = openLogStore(target);
      try {
        const rows = await store.kysely
          .selectFrom('logs')
          .select(['level', 'msg', 'stacktrace', 'line'])
          .orderBy('id')
          .execute();
        expect(rows.map((r) => [r.level, r.msg])).toEqual([
          ['info', 'before the crash'],
          ['fatal', 'uncaught exception: the server stops'],
        ]);
        expect(rows[1]!.stacktrace).toContain('fixture crash: disk on fire');
        expect(rows[1]!.stacktrace).toContain('crash-logging.ts');
      } finally {
        await store.close();
      }
    } finally {
      await dispose();
    }
  });

  it('counts the lines a failing store could not take, and the log calls never fail', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-logworker-'));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'info' });
    const logging = createLogging(config, {
      target: { kind: 'sqlite', file: path.join(dir, 'logs.sqlite') },
      stdout: false,
    });
    const stderr = process.stderr.write;
    const errors: string[] = [];
    try {
      logging.log.info('stored');
      await logging.flush();
      // The store breaks under the worker: every insert now fails.
      await sql`DROP TABLE logs`.execute(logging.store!.kysely);
      process.stderr.write = ((chunk: string) => errors.push(String(chunk)) > 0) as typeof process.stderr.write;
      for (let i = 0; i < 5; i++) expect(() => logging.log.info({ i }, 'nowhere to go')).not.toThrow();
      await logging.flush();
    } finally {
      process.stderr.write = stderr;
      await logging.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(logging.writer!.dropped).toBe(5);
    expect(errors.join('')).toMatch(/log store: 5 lines not stored: no such table: logs/);
  });
});
