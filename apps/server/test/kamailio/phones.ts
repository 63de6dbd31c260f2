import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { type XmlSipAccount, baresipAccountLine } from './baresip';

/**
 * An event of baresip's ctrl_tcp module, e.g. `{ type: 'CALL_ESTABLISHED', class: 'call', id: '<call-id>',
 * peeruri: 'sip:2002@…' }`. Types seen with baresip 1.0: REGISTER_OK, REGISTER_FAIL, CALL_INCOMING, CALL_RINGING,
 * CALL_PROGRESS, CALL_ESTABLISHED, CALL_CLOSED (param: the reason, e.g. "Connection reset by user" for a local hang-up,
 * "486 Busy Here" for a refusal), CALL_LOCAL_SDP, CALL_REMOTE_SDP. `id` is the call's SIP Call-ID.
 */
export interface PhoneEvent {
  type: string;
  class?: string;
  accountaor?: string;
  direction?: 'incoming' | 'outgoing';
  peeruri?: string;
  id?: string;
  param?: string;
}

export interface Phone {
  account: XmlSipAccount;
  /** The SIP port (UDP; baresip binds TCP port+1 too). */
  sipPort: number;
  ctrlPort: number;
  /** Where the sndfile module writes each call's audio: dump-<time>-dec.wav (received) and -enc.wav (sent). */
  recordingDir: string;
  /** Every event so far, in order. */
  events: PhoneEvent[];
  /**
   * The first event of `type` (or of any of several types, e.g. ['CALL_ESTABLISHED', 'CALL_CLOSED']; and matching
   * `match`, if given) at or after events[from] (default: the next one to arrive, i.e. from = events.length at the call).
   */
  waitFor(
    type: string | string[],
    o?: { timeoutMs?: number; from?: number; match?: (e: PhoneEvent) => boolean },
  ): Promise<PhoneEvent>;
  /** Resolves on the first successful registration (also when it happened before the control connection). */
  registered(timeoutMs?: number): Promise<void>;
  /** A ctrl_tcp command (e.g. `dial`, `hangup`, `accept`, `reginfo`); rejects when baresip answers ok: false. */
  command(command: string, params?: string): Promise<string>;
  /** Dials `user@domain` (the account's domain if none), as the user types it. */
  dial(target: string): Promise<void>;
  hangup(): Promise<void>;
  /** Answers the ringing call (phones started without autoAnswer). */
  accept(): Promise<void>;
  /** The received-audio WAV of the last call, once baresip has closed it (after CALL_CLOSED). */
  receivedWav(): string | undefined;
  log(): string;
  stop(): Promise<void>;
}

export interface PhoneOptions {
  localPort: number;
  /** ctrl_tcp's port: not localPort+1 or +2 (baresip's SIP TCP/TLS). */
  ctrlPort: number;
  workDir: string;
  /** What the phone sends: an 8 kHz mono 16-bit WAV longer than the test (baresip hangs up at its end). */
  audioFile: string;
  autoAnswer?: boolean;
}

const MODULE_DIRS = ['/usr/lib/baresip/modules', '/usr/lib/x86_64-linux-gnu/baresip/modules'];

/** Netstring framing of ctrl_tcp: `<length>:<json>,`. */
function* netstrings(state: { buf: Buffer }): Generator<string> {
  for (;;) {
    const colon = state.buf.indexOf(0x3a);
    if (colon < 0) return;
    const len = Number(state.buf.subarray(0, colon).toString());
    if (state.buf.length < colon + 1 + len + 1) return;
    const body = state.buf.subarray(colon + 1, colon + 1 + len).toString();
    state.buf = state.buf.subarray(colon + 1 + len + 1);
    yield body;
  }
}

async function connectCtrl(port: number, timeoutMs: number, exited: () => boolean): Promise<net.Socket> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await new Promise<net.Socket>((resolve, reject) => {
        const s = net.connect(port, '127.0.0.1', () => resolve(s));
        s.once('error', reject);
      });
    } catch (err) {
      if (exited() || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Starts Debian's baresip 1.0 as a long-running phone configured only from the account XML fields (the account line of
 * baresipAccountLine, plus auto-answer), sending `audioFile` (aufile) and capturing what it receives (sndfile), driven
 * over ctrl_tcp. Keep the SIP ports of several phones 10 apart.
 */
export async function startPhone(account: XmlSipAccount, o: PhoneOptions): Promise<Phone> {
  const dir = path.join(o.workDir, `phone-${account.username}-${o.localPort}`);
  const recordingDir = path.join(dir, 'rec');
  fs.mkdirSync(recordingDir, { recursive: true });
  const modules = MODULE_DIRS.find((d) => fs.existsSync(d)) ?? MODULE_DIRS[0]!;
  const bridge = `p${o.localPort}`;
  fs.writeFileSync(
    path.join(dir, 'config'),
    [
      `sip_listen 127.0.0.1:${o.localPort}`,
      `module_path ${modules}`,
      `audio_source aufile,${o.audioFile}`,
      // Nothing plays: the received audio goes to a bridge nobody reads, and sndfile keeps a copy.
      `audio_player aubridge,${bridge}`,
      `audio_alert aubridge,${bridge}`,
      `ctrl_tcp_listen 127.0.0.1:${o.ctrlPort}`,
      `snd_path ${recordingDir}`,
      'module g711.so',
      'module aufile.so',
      'module aubridge.so',
      'module sndfile.so',
      'module_app account.so',
      'module_app menu.so',
      'module_app ctrl_tcp.so',
      '',
    ].join('\n'),
  );
  const answer = o.autoAnswer ? ';answermode=auto' : ';answermode=manual';
  fs.writeFileSync(path.join(dir, 'accounts'), `${baresipAccountLine(account)}${answer};audio_codecs=PCMU/8000/1\n`);

  const child: ChildProcess = spawn('baresip', ['-f', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  // eslint-disable-next-line no-control-regex
  const onOut = (d: Buffer) => (out += d.toString().replace(/\x1b\[[0-9;]*m/g, ''));
  child.stdout?.on('data', onOut);
  child.stderr?.on('data', onOut);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  let sock: net.Socket;
  try {
    sock = await connectCtrl(o.ctrlPort, 10_000, hasExited);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(
      `baresip ${account.username}: no control connection on ${o.ctrlPort} (${(err as Error).message})\n${out.slice(-1500)}`,
      {
        cause: err,
      },
    );
  }
  const events: PhoneEvent[] = [];
  const listeners = new Set<() => void>();
  const pending: Array<{ resolve: (data: string) => void; reject: (e: Error) => void }> = [];
  const state = { buf: Buffer.alloc(0) };
  sock.on('data', (d: Buffer) => {
    state.buf = Buffer.concat([state.buf, d]);
    for (const body of netstrings(state)) {
      const msg = JSON.parse(body) as { event?: boolean; response?: boolean; ok?: boolean; data?: string } & PhoneEvent;
      if (msg.event) {
        events.push(msg);
        for (const l of listeners) l();
      } else if (msg.response) {
        const p = pending.shift();
        if (msg.ok) p?.resolve(msg.data ?? '');
        else p?.reject(new Error(`baresip ${account.username}: ${msg.data ?? 'command failed'}`));
      }
    }
  });
  sock.on('error', () => undefined);

  const waitFor: Phone['waitFor'] = (type, w = {}) => {
    const from = w.from ?? events.length;
    const types = Array.isArray(type) ? type : [type];
    const find = () => events.slice(from).find((e) => types.includes(e.type) && (!w.match || w.match(e)));
    return new Promise<PhoneEvent>((resolve, reject) => {
      const check = () => {
        const e = find();
        if (!e) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(e);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        const seen =
          events
            .slice(from)
            .map((e) => `${e.type}${e.param ? ` (${e.param})` : ''}`)
            .join(', ') || 'none';
        reject(
          new Error(
            `baresip ${account.username}: no ${types.join(' or ')} within ${w.timeoutMs ?? 10_000} ms; events: ${seen}\n${out.slice(-1500)}`,
          ),
        );
      }, w.timeoutMs ?? 10_000);
      listeners.add(check);
      check();
    });
  };
  const command = (cmd: string, params?: string) =>
    new Promise<string>((resolve, reject) => {
      pending.push({ resolve, reject });
      const body = JSON.stringify({
        command: cmd,
        ...(params === undefined ? {} : { params }),
        token: String(Date.now()),
      });
      sock.write(`${Buffer.byteLength(body)}:${body},`);
    });
  const domain = account.host.split(':')[0]!;
  const dumps = () => new Set(fs.readdirSync(recordingDir).filter((f) => f.endsWith('-dec.wav')));

  return {
    account,
    sipPort: o.localPort,
    ctrlPort: o.ctrlPort,
    recordingDir,
    events,
    waitFor,
    async registered(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (events.some((e) => e.type === 'REGISTER_OK') || /\{\d+\/[A-Z]+\/v4\} 200 OK/.test(out)) return;
        if (hasExited()) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`baresip ${account.username}: not registered within ${timeoutMs} ms\n${out.slice(-1500)}`);
    },
    command,
    async dial(target) {
      await command('dial', `sip:${target.includes('@') ? target : `${target}@${domain}`}`);
    },
    async hangup() {
      await command('hangup');
    },
    async accept() {
      await command('accept');
    },
    receivedWav() {
      const files = [...dumps()].sort();
      const last = files.at(-1);
      return last ? path.join(recordingDir, last) : undefined;
    },
    log: () => out,
    async stop() {
      sock.destroy();
      if (!hasExited()) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (!hasExited()) child.kill('SIGKILL');
    },
  };
}
