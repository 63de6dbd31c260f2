import { spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accountFromXml } from '../../test/kamailio/baresip';
import { ensureSipTools, freeUdpPort, sippRegister } from '../../test/kamailio/sip-tools';

// The reference deployment (scripts/reference-stack.sh, `npm run reference`) started and stopped as a user would,
// on free ports and its own state directory: PostgreSQL, Kamailio, rtpengine and the portal; a demo extension
// registers with the account XML the portal hands out; stop leaves nothing running. Postgres project only: it needs
// root and Debian's PostgreSQL, Kamailio and rtpengine, as the other *.pg.test.ts SIP proofs do.
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCRIPT = path.join(ROOT, 'scripts/reference-stack.sh');
const PASSWORD = 'Reference-Admin-1';

async function freeTcpPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** True when the port can be bound again on 127.0.0.1 (nothing of the stack left on it). */
async function bindable(kind: 'tcp' | 'udp', port: number): Promise<boolean> {
  if (kind === 'tcp') {
    const srv = net.createServer();
    const ok = await new Promise<boolean>((resolve) => {
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (ok) await new Promise<void>((resolve) => srv.close(() => resolve()));
    return ok;
  }
  const s = dgram.createSocket('udp4');
  const ok = await new Promise<boolean>((resolve) => {
    s.once('error', () => resolve(false));
    s.bind(port, '127.0.0.1', () => resolve(true));
  });
  s.close();
  return ok;
}

function reference(command: string, env: Record<string, string>, timeout = 240_000) {
  const run = spawnSync('bash', [SCRIPT, command], { env: { ...process.env, ...env }, encoding: 'utf8', timeout });
  return { code: run.status, out: `${run.stdout ?? ''}${run.stderr ?? ''}` };
}

/** A live process (a zombie waiting for its parent counts as gone). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('the reference deployment (npm run reference)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-reference-'));
  let env: Record<string, string> = {};
  afterAll(() => {
    // Whatever happened above, nothing of this stack stays up.
    if (env.REFERENCE_DIR) reference('stop', env);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start with one clear message when a Debian package is missing or a port is taken', async () => {
    // A PATH without rtpengine and psql (the rest of what the script calls is there).
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    for (const c of ['bash', 'node', 'id', 'cat', 'grep', 'sed', 'tr', 'ls', 'mkdir', 'dirname', 'pwd', 'printf']) {
      const found = spawnSync('sh', ['-c', `command -v ${c}`], { encoding: 'utf8' }).stdout.trim();
      if (found.startsWith('/')) fs.symlinkSync(found, path.join(bin, c));
    }
    const missing = reference('start', { PATH: bin, REFERENCE_DIR: path.join(dir, 'missing') });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain(
      'Debian packages missing: rtpengine-daemon postgresql-client. Install them with: apt-get install -y rtpengine-daemon postgresql-client',
    );

    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const busy = reference('start', { REFERENCE_DIR: path.join(dir, 'busy'), REFERENCE_PORTAL_PORT: String(port) });
    await new Promise<void>((resolve) => taken.close(() => resolve()));
    expect(busy.code).toBe(1);
    expect(busy.out).toContain(`ports already in use on this machine: ${port}/tcp (portal, REFERENCE_PORTAL_PORT)`);
    expect(reference('bogus', { REFERENCE_DIR: path.join(dir, 'usage') }).code).toBe(2);
  });

  it('start: the portal answers on its URL with the demo in Kamailio; a demo extension registers; stop leaves nothing', async () => {
    ensureSipTools();
    const rtpBase = 44_000 + Math.floor(Math.random() * 90) * 40;
    env = {
      REFERENCE_DIR: path.join(dir, 'state'),
      REFERENCE_PORTAL_PORT: String(await freeTcpPort()),
      REFERENCE_SIP_PORT: String(await freeUdpPort()),
      REFERENCE_RPC_PORT: String(await freeTcpPort()),
      REFERENCE_NG_PORT: String(await freeUdpPort()),
      REFERENCE_PG_PORT: String(await freeTcpPort()),
      REFERENCE_RTP_PORTS: `${rtpBase}-${rtpBase + 39}`,
      REFERENCE_ADMIN_PASSWORD: PASSWORD,
      REFERENCE_BUILD_WEB: 'no',
    };
    const started = Date.now();
    const start = reference('start', env);
    expect(start.code, start.out).toBe(0);
    const url = `http://127.0.0.1:${env.REFERENCE_PORTAL_PORT}`;
    expect(start.out).toContain(`Portal      ${url}    sign in as admin / ${PASSWORD}`);
    expect(start.out).toContain('(545 subscribers: the demo extensions)');
    expect(start.out).toContain(`Logs        ${env.REFERENCE_DIR}/logs/`);
    console.info(`reference stack started in ${Date.now() - started} ms (web build skipped)`);

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const again = reference('start', env);
    expect(again.code).toBe(1);
    expect(again.out).toContain('already running');
    expect(reference('status', env).code).toBe(0);

    // A demo extension, linked and provisioned through the portal's API, registers with this Kamailio.
    const post = (name: string, body: object, token?: string) =>
      fetch(`${url}/api/v1/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify(body),
      });
    const login = await post('adminLogin', { cloud_id: 'DEMO', user: 'admin', password: PASSWORD });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { Token: string }).Token;
    const list = (await (await post('getExtensions', { tenant_id: 'cobalt.example' }, token)).json()) as {
      extension: string;
      email: string;
    }[];
    const ext = list.find((e) => e.email)!;
    const linked = await post(
      'linkExtension',
      {
        email: ext.email,
        did: '+15550002001',
        pin: '135790',
        password: 'Reference!App-1',
        extension: ext.extension,
        tenant_id: 'cobalt.example',
      },
      token,
    );
    expect(linked.status, await linked.text()).toBe(200);
    const q = new URLSearchParams({ cloud_id: 'DEMO', cloud_username: ext.email, cloud_password: 'Reference!App-1' });
    const xml = await fetch(`${url}/api/v1/provision?${q}`, { headers: { 'user-agent': 'CloudSoftphone/1.5.6' } });
    expect(xml.status).toBe(200);
    const acct = accountFromXml(await xml.text());
    expect(acct).toMatchObject({
      username: ext.extension,
      host: 'cobalt.example',
      proxy: `127.0.0.1:${env.REFERENCE_SIP_PORT}`,
    });
    const reg = sippRegister({ ...acct, localPort: await freeUdpPort(), workDir: dir });
    expect(reg.refusal, fs.readFileSync(path.join(env.REFERENCE_DIR!, 'logs/kamailio.log'), 'utf8').slice(-1500)).toBe(
      '',
    );

    const pids = ['portal', 'kamailio', 'rtpengine'].map((c) =>
      Number(fs.readFileSync(path.join(env.REFERENCE_DIR!, `${c}.pid`), 'utf8')),
    );
    const pgDir = /PG_THROWAWAY_DIR=(\S+)/.exec(fs.readFileSync(path.join(env.REFERENCE_DIR!, 'pg.env'), 'utf8'))![1]!;
    const stop = reference('stop', env);
    expect(stop.code, stop.out).toBe(0);
    expect(stop.out).toMatch(
      /portal: stopped[\s\S]*kamailio: stopped[\s\S]*rtpengine: stopped[\s\S]*postgresql: stopped/,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(pids.filter(running)).toEqual([]);
    expect(fs.existsSync(pgDir)).toBe(false);
    for (const [kind, key] of [
      ['tcp', 'REFERENCE_PORTAL_PORT'],
      ['udp', 'REFERENCE_SIP_PORT'],
      ['tcp', 'REFERENCE_RPC_PORT'],
      ['udp', 'REFERENCE_NG_PORT'],
      ['tcp', 'REFERENCE_PG_PORT'],
    ] as const) {
      expect(await bindable(kind, Number(env[key])), key).toBe(true);
    }
    expect(reference('status', env).code).toBe(1);
  }, 300_000);
});
