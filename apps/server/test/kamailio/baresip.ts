import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The SIP account of an Acrobits account XML: only what a softphone reads from it (no hand-set host or proxy). */
export interface XmlSipAccount {
  username: string;
  password: string;
  authUsername: string;
  /** `<host>`: the SIP domain, optionally with a port. */
  host: string;
  /** `<proxy>`: the server to send to; empty: the host itself. */
  proxy: string;
  transport: string;
  extProvUrl: string;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Reads the flat `<account>` answer of /api/v1/provision into the fields a SIP client needs. */
export function accountFromXml(xml: string): XmlSipAccount {
  const body = /<account>([\s\S]*)<\/account>/.exec(xml)?.[1];
  if (body === undefined) throw new Error(`not an account XML: ${xml.slice(0, 200)}`);
  const get = (k: string) => unescapeXml(new RegExp(`<${k}>([^<]*)</${k}>`).exec(body)?.[1] ?? '');
  const username = get('username');
  return {
    username,
    password: get('password'),
    authUsername: get('authUsername') || username,
    host: get('host'),
    proxy: get('proxy'),
    transport: get('transport') || 'udp',
    extProvUrl: get('extProvUrl'),
  };
}

/** Acrobits transports as SIP URI parameters (`tls+sip:` is TLS with sip: URIs). */
const sipTransport = (t: string) =>
  ({ udp: 'udp', tcp: 'tcp', tls: 'tls', 'tls+sip:': 'tls' })[t.toLowerCase()] ?? 'udp';

/** baresip's account line for the XML's account: AOR on the SIP domain, the proxy (if any) as outbound proxy. */
export function baresipAccountLine(a: XmlSipAccount): string {
  const transport = sipTransport(a.transport);
  const scheme = a.transport.toLowerCase() === 'tls' ? 'sips' : 'sip';
  const outbound = a.proxy ? `;outbound="${scheme}:${a.proxy};transport=${transport}"` : '';
  return `<${scheme}:${a.username}@${a.host};transport=${transport}>;auth_user=${a.authUsername};auth_pass=${a.password}${outbound};regint=60`;
}

export interface BaresipResult {
  ok: boolean;
  /** The registration line baresip printed: "… 200 OK …" or "reg: … 401 Unauthorized …"; empty on timeout. */
  line: string;
}

/**
 * Starts Debian's baresip 1.0 configured only from the account XML, waits for its first registration answer, and
 * stops it. `localPort` is the SIP port baresip listens on (keep ports 10 apart: it binds port+1 too).
 */
export async function baresipRegister(
  a: XmlSipAccount,
  o: { localPort: number; workDir: string; timeoutMs?: number },
): Promise<BaresipResult> {
  const dir = path.join(o.workDir, `baresip-${o.localPort}-${Date.now()}`);
  fs.mkdirSync(dir, { recursive: true });
  const modules =
    ['/usr/lib/baresip/modules', '/usr/lib/x86_64-linux-gnu/baresip/modules'].find((d) => fs.existsSync(d)) ??
    '/usr/lib/baresip/modules';
  fs.writeFileSync(
    path.join(dir, 'config'),
    [
      `sip_listen 127.0.0.1:${o.localPort}`,
      `module_path ${modules}`,
      'module g711.so',
      'module_app account.so',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'accounts'), `${baresipAccountLine(a)}\n`);
  const child = spawn('baresip', ['-f', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const result = await new Promise<BaresipResult>((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, line: '' }), o.timeoutMs ?? 10_000);
    const onData = (d: Buffer) => {
      // eslint-disable-next-line no-control-regex
      out += d.toString().replace(/\x1b\[[0-9;]*m/g, '');
      const ok = /^.*\{\d+\/[A-Z]+\/v4\} 200 OK.*$/m.exec(out);
      const refused = /^reg: .*: [3-6]\d\d .*$/m.exec(out);
      if (ok || refused) {
        clearTimeout(timer);
        resolve({ ok: !!ok, line: (ok ?? refused)![0] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (!result.line) result.line = `no registration answer; baresip said:\n${out.slice(-1500)}`;
  return result;
}
