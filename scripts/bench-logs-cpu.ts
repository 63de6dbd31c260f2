/** Part (c) of scripts/bench-logs.ts: what logging at 10,000 lines/s costs the request thread and the process. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { createLogging, type LogStoreTarget } from '../apps/server/src/lib/logging';

/**
 * (c) What 10,000 lines/s cost each thread, steadier than (b) on a busy host: lines are logged at that rate for a
 * few seconds while the event loop's utilisation (the request thread's busy time) and the process CPU (every
 * thread, the log worker included) are measured. Compared with logging off and with pino writing nowhere.
 */
export async function cpuAtRate(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-bench-cpu-'));
  const seconds = Number(process.env.BENCH_CPU_SECONDS ?? 5);
  const measure = async (mode: 'off' | 'pino' | 'store') => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: mode === 'off' ? 'silent' : 'info' });
    const target: LogStoreTarget | null =
      mode === 'store' ? { kind: 'sqlite', file: path.join(dataDir, 'logs.sqlite') } : null;
    const logging = createLogging(config, { target, stdout: false });
    const jobLog = logging.log.child({ jobId: 'bench-job' });
    const run = async (secs: number) => {
      const elu0 = performance.eventLoopUtilization();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      let emitted = 0;
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const elapsed = performance.now() - t0;
          const due = Math.floor(elapsed * 10) - emitted; // 10 lines per ms
          for (let i = 0; i < due; i++)
            jobLog.info(
              { tenant: 'bluebird.example', extension: 100 + (i % 900), step: emitted + i },
              'relink extension done',
            );
          emitted += Math.max(0, due);
          if (elapsed >= secs * 1000) {
            clearInterval(timer);
            resolve();
          }
        }, 5);
      });
      await logging.flush();
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      return {
        main: performance.eventLoopUtilization(elu0).utilization * 100,
        process: ((cpu.user + cpu.system) / 1000 / wall) * 100,
        rate: (emitted * 1000) / wall,
      };
    };
    await run(1); // warm-up (and the log worker's start)
    const r = await run(seconds);
    await logging.close();
    return r;
  };
  const rows: [string, Awaited<ReturnType<typeof measure>>][] = [];
  for (const mode of ['off', 'pino', 'store'] as const) rows.push([mode, await measure(mode)]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `\n(c) ${seconds} s at 10,000 lines/s: busy share of the request thread (event loop) and CPU of the whole process`,
  );
  const labels = { off: 'logging off', pino: 'pino, no destination', store: 'pino + SQLite store (log worker)' };
  for (const [mode, r] of rows) {
    console.log(
      `    ${labels[mode as keyof typeof labels].padEnd(34)} request thread ${r.main.toFixed(1).padStart(5)}%   process ${r.process.toFixed(1).padStart(5)}%   (${Math.round(r.rate)} lines/s)`,
    );
  }
}
