import dgram from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { AppError } from '../lib/errors';

/** A bencode value as the ng protocol uses it: byte strings (read as UTF-8 text), integers, lists and dictionaries. */
export type Bencode = string | number | Bencode[] | { [key: string]: Bencode };

/** Bencode of a value; dictionary keys sorted by their bytes, as the format asks. Numbers must be integers. */
export function bencode(v: Bencode): Buffer {
  const parts: Buffer[] = [];
  const put = (x: Bencode): void => {
    if (typeof x === 'string') {
      const b = Buffer.from(x, 'utf8');
      parts.push(Buffer.from(`${b.length}:`), b);
    } else if (typeof x === 'number') {
      if (!Number.isInteger(x)) throw new TypeError(`bencode: ${x} is not an integer`);
      parts.push(Buffer.from(`i${x}e`));
    } else if (Array.isArray(x)) {
      parts.push(Buffer.from('l'));
      x.forEach(put);
      parts.push(Buffer.from('e'));
    } else {
      parts.push(Buffer.from('d'));
      for (const k of Object.keys(x).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))) {
        put(k);
        put(x[k]!);
      }
      parts.push(Buffer.from('e'));
    }
  };
  put(v);
  return Buffer.concat(parts);
}

/** Decodes one bencoded value that fills `buf` exactly; throws on anything malformed. */
export function bdecode(buf: Buffer): Bencode {
  let pos = 0;
  const fail = (why: string): never => {
    throw new SyntaxError(`bencode: ${why} at byte ${pos}`);
  };
  const digitsUntil = (end: number): string => {
    const stop = buf.indexOf(end, pos);
    if (stop < 0) fail('unterminated number');
    const s = buf.toString('latin1', pos, stop);
    pos = stop + 1;
    return s;
  };
  const read = (depth: number): Bencode => {
    if (depth > 64) fail('nested too deeply');
    const c = buf[pos];
    if (c === undefined) return fail('unexpected end');
    if (c === 0x69) {
      pos++;
      const s = digitsUntil(0x65);
      if (!/^(0|-?[1-9]\d*)$/.test(s)) fail(`bad integer "${s}"`);
      return Number(s);
    }
    if (c === 0x6c || c === 0x64) {
      pos++;
      const list: Bencode[] = [];
      const dict: Record<string, Bencode> = {};
      while (buf[pos] !== 0x65) {
        if (pos >= buf.length) fail('unterminated list or dictionary');
        if (c === 0x6c) list.push(read(depth + 1));
        else {
          const k = read(depth + 1);
          if (typeof k !== 'string') fail('dictionary key is not a string');
          dict[k as string] = read(depth + 1);
        }
      }
      pos++;
      return c === 0x6c ? list : dict;
    }
    if (c >= 0x30 && c <= 0x39) {
      const s = digitsUntil(0x3a);
      if (!/^\d+$/.test(s)) fail(`bad string length "${s}"`);
      const end = pos + Number(s);
      if (end > buf.length) fail('string longer than the message');
      const out = buf.toString('utf8', pos, end);
      pos = end;
      return out;
    }
    return fail(`unexpected byte 0x${c.toString(16)}`);
  };
  const v = read(0);
  if (pos !== buf.length) fail('trailing bytes');
  return v;
}

/** rtpengine answered a command with `result: error` (e.g. "Unknown call-id"). */
export class RtpengineError extends Error {
  constructor(
    readonly command: string,
    readonly reason: string,
  ) {
    super(`rtpengine ${command}: ${reason}`);
  }
}

export interface NgOptions {
  /** Give up after this long without an answer (rtpengine down or overloaded). */
  timeoutMs?: number;
  /** Send the same message (same cookie: rtpengine answers a repeat from its cache) again after this long. */
  retryMs?: number;
}

/** Parses `udp:127.0.0.1:2223`, `127.0.0.1:2223` or `udp:[::1]:2223` (Kamailio's rtpengine_sock spelling). */
export function parseNgAddress(spec: string): { host: string; port: number } {
  const m = /^(?:udp6?:)?\[?([^\]]+?)\]?:(\d{1,5})$/.exec(spec.trim());
  const port = m ? Number(m[2]) : NaN;
  if (!m || !(port > 0 && port < 65536)) throw new TypeError(`not an rtpengine ng address: ${spec}`);
  return { host: m[1]!, port };
}

function unavailable(cause: unknown): AppError {
  const e = new AppError('platform_unreachable', 'mediaServerUnavailable');
  e.cause = cause;
  return e;
}

/**
 * rtpengine's ng control protocol: `<cookie> <bencoded dictionary>` over UDP, the answer carrying the same cookie.
 * Each command uses its own connected socket, so a stopped rtpengine (ICMP port unreachable on loopback) fails at
 * once instead of after the timeout. No answer, or a transport error → 424 mediaServerUnavailable; `result: error`
 * → RtpengineError.
 */
export class NgClient {
  readonly host: string;
  readonly port: number;
  private readonly timeoutMs: number;
  private readonly retryMs: number;

  constructor(address: string, opts: NgOptions = {}) {
    ({ host: this.host, port: this.port } = parseNgAddress(address));
    this.timeoutMs = opts.timeoutMs ?? 2000;
    this.retryMs = opts.retryMs ?? 500;
  }

  /** The local address this host uses to reach rtpengine: where rtpengine can send media to us. */
  localAddress(): Promise<string> {
    const socket = dgram.createSocket(this.host.includes(':') ? 'udp6' : 'udp4');
    return new Promise((resolve, reject) => {
      socket.on('error', (err) => (socket.close(), reject(unavailable(err))));
      socket.connect(this.port, this.host, () => {
        const { address } = socket.address();
        socket.close();
        resolve(address);
      });
    });
  }

  async command(command: string, args: Record<string, Bencode> = {}): Promise<Record<string, Bencode>> {
    const reply = await this.exchange({ ...args, command });
    if (reply.result === 'error')
      throw new RtpengineError(command, typeof reply['error-reason'] === 'string' ? reply['error-reason'] : 'error');
    return reply;
  }

  private exchange(message: Record<string, Bencode>): Promise<Record<string, Bencode>> {
    const cookie = randomBytes(8).toString('hex');
    const packet = Buffer.concat([Buffer.from(`${cookie} `), bencode(message)]);
    const socket = dgram.createSocket(this.host.includes(':') ? 'udp6' : 'udp4');
    return new Promise((resolve, reject) => {
      let retry: NodeJS.Timeout | undefined;
      let done = false;
      const finish = (err: unknown, value?: Record<string, Bencode>) => {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        clearInterval(retry);
        socket.close();
        if (err) reject(err);
        else resolve(value!);
      };
      const deadline = setTimeout(
        () => finish(unavailable(new Error(`rtpengine ${this.host}:${this.port}: no answer in ${this.timeoutMs} ms`))),
        this.timeoutMs,
      );
      const send = () => socket.send(packet, (err) => err && finish(unavailable(err)));
      socket.on('error', (err) => finish(unavailable(err)));
      socket.on('message', (msg) => {
        const space = msg.indexOf(0x20);
        if (space < 0 || msg.toString('latin1', 0, space) !== cookie) return;
        let body: Bencode;
        try {
          body = bdecode(msg.subarray(space + 1));
        } catch (err) {
          return finish(unavailable(err));
        }
        if (typeof body !== 'object' || Array.isArray(body))
          return finish(unavailable(new Error('rtpengine answered without a dictionary')));
        finish(null, body);
      });
      socket.connect(this.port, this.host, () => {
        send();
        retry = setInterval(send, this.retryMs);
      });
    });
  }
}
