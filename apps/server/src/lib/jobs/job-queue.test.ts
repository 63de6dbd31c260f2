import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestApp, startTestApp } from '../../../test/harness';
import { JobQueue } from './job-queue';
import { defineJob } from './job-definition';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A test job: counts items, marking each once, and records every run of every item. */
const runs: string[] = [];
const countJob = defineJob({
  type: 'test.count',
  payload: z.object({ n: z.number(), crashAt: z.number().optional() }),
  async run(ctx) {
    const start = typeof ctx.checkpoint === 'number' ? ctx.checkpoint : 0;
    for (let i = start; i < ctx.payload.n; i++) {
      if (i === ctx.payload.crashAt && start === 0) throw new Error('simulated crash');
      await ctx.once(`item:${i}`, async () => {
        runs.push(`${ctx.id}:${i}`);
      });
      await new Promise((r) => setTimeout(r, 2));
      await ctx.progress({ done: i + 1, total: ctx.payload.n, failed: 0 }, i + 1);
    }
    return { counted: ctx.payload.n };
  },
});
const queue = (owner: string) => new JobQueue(t.db, t.app.log, [countJob], () => ({}), { owner, leaseMs: 5_000 });

describe('job queue', () => {
  it('joins a queued job with the same dedupe key instead of adding another', async () => {
    const q = queue('w1');
    const a = await q.enqueue('test.count', { n: 2 }, { dedupeKey: 'same' });
    const b = await q.enqueue('test.count', { n: 2 }, { dedupeKey: 'same' });
    expect(b).toEqual({ id: a.id, joined: true });
    await q.drain();
    const c = await q.enqueue('test.count', { n: 2 }, { dedupeKey: 'same' });
    expect(c.joined).toBe(false);
    await q.drain();
    await expect(q.enqueue('test.count', { n: 'x' })).rejects.toThrow();
  });

  it('resumes a job whose lease expired (a killed server) from its checkpoint, without redoing items', async () => {
    const q = queue('w2');
    const { id } = await q.enqueue('test.count', { n: 6 });
    // Run it by hand up to item 3, as a worker that then died.
    await t.db.kysely
      .updateTable('jobs')
      .set({ status: 'running', lease_owner: 'dead', lease_expires_at: Date.now() + 60_000, attempts: 1 })
      .where('id', '=', id)
      .execute();
    expect(await q.drain()).toBe(0);
    for (let i = 0; i < 3; i++) {
      await t.db.kysely
        .insertInto('job_effects')
        .values({ job_id: id, effect_key: `item:${i}`, created_at: Date.now() })
        .execute();
      runs.push(`${id}:${i}`);
    }
    await t.db.kysely
      .updateTable('jobs')
      .set({ checkpoint: JSON.stringify(2), done: 2, lease_expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    expect(await q.drain()).toBe(1);
    const row = await t.db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'done',
      done: 6,
      total: 6,
      attempts: 2,
      lease_owner: null,
      result: JSON.stringify({ counted: 6 }),
    });
    expect(runs.filter((r) => r.startsWith(`${id}:`))).toEqual([0, 1, 2, 3, 4, 5].map((i) => `${id}:${i}`));
  });

  it('retries a failed run and keeps the error of a job that keeps failing', async () => {
    const q = new JobQueue(t.db, t.app.log, [countJob], () => ({}), { owner: 'w3', maxAttempts: 1 });
    const { id } = await q.enqueue('test.count', { n: 3, crashAt: 1 });
    await q.drain();
    const row = await t.db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', error: 'simulated crash', attempts: 1 });
    const reply = await t.call('jobStatus', { id }, { token: await t.login() });
    expect(reply.json().error).toBe('Something went wrong on our side. The error was logged; please try again.');
  });

  it('never runs the same job on two workers sharing the database', async () => {
    const a = queue('worker-a');
    const b = queue('worker-b');
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await a.enqueue('test.count', { n: 3 })).id);
    await Promise.all([a.drain(), b.drain(), a.drain()]);
    const rows = await t.db.kysely
      .selectFrom('jobs')
      .select(['id', 'status', 'attempts'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
    for (const id of ids) expect(runs.filter((r) => r.startsWith(`${id}:`))).toHaveLength(3);
  });
});
