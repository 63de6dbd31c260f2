import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Portal {
  url: string;
  log: () => string;
  stop(): Promise<void>;
}

/**
 * A second portal for the specs that need a real SIP platform: the real server (the built web app) as `npm start`
 * runs it, in its own process and data directory, with the environment given (PLATFORM=kamailio and its keys).
 */
export async function startPortal(port: number, env: Record<string, string>): Promise<Portal> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-sip-portal-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-200_000)));
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-200_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited (${child.exitCode}):\n${log.slice(-3000)}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal did not answer on ${url} within 60 s:\n${log.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, log: () => log, stop };
}
