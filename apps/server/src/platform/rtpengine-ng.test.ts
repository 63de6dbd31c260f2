import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { type Bencode, NgClient, RtpengineError, bdecode, bencode, parseNgAddress } from './rtpengine-ng';

describe('bencode', () => {
  it('encodes the ng message shapes (sorted keys, byte lengths, integers, lists, nested dictionaries)', () => {
    expect(bencode({ command: 'ping' }).toString()).toBe('d7:command4:pinge');
    expect(bencode({ z: 1, a: [-3, 'x', []], m: {} }).toString()).toBe('d1:ali-3e1:xlee1:mde1:zi1ee');
    expect(bencode('é').toString('latin1')).toBe('2:\xc3\xa9');
    expect(() => bencode(1.5)).toThrow(TypeError);
  });

  it('round-trips a subscribe request and an SDP answer', () => {
    const msg: Record<string, Bencode> = {
      command: 'subscribe request',
      'call-id': 'a84b4c76e66710@pc33.example.com',
      flags: ['all'],
      'transport-protocol': 'RTP/AVP',
      ICE: 'remove',
      SDES: ['off'],
      codec: { transcode: ['PCMU'] },
      sdp: 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=é\r\nm=audio 40000 RTP/AVP 0 8 101\r\n',
      n: 0,
      big: 2 ** 40,
    };
    expect(bdecode(bencode(msg))).toEqual(msg);
  });

  it('refuses malformed input', () => {
    for (const bad of ['', 'i12', 'i01e', 'i-0e', '5:abc', 'd3:keye', 'di1ei2ee', 'l', 'x', '4:spamX', 'de1']) {
      expect(() => bdecode(Buffer.from(bad)), bad).toThrow(SyntaxError);
    }
    expect(() => bdecode(Buffer.from('l'.repeat(100) + 'e'.repeat(100)))).toThrow(/deeply/);
  });
});

describe('parseNgAddress', () => {
  it("reads Kamailio's rtpengine_sock spellings", () => {
    expect(parseNgAddress('udp:127.0.0.1:2223')).toEqual({ host: '127.0.0.1', port: 2223 });
    expect(parseNgAddress('127.0.0.1:22222')).toEqual({ host: '127.0.0.1', port: 22222 });
    expect(parseNgAddress('udp6:[::1]:2223')).toEqual({ host: '::1', port: 2223 });
    expect(() => parseNgAddress('127.0.0.1')).toThrow(TypeError);
    expect(() => parseNgAddress('udp:127.0.0.1:70000')).toThrow(TypeError);
  });
});

describe('NgClient against a UDP peer', () => {
  let peer: dgram.Socket | undefined;
  afterEach(() => peer?.close());

  /** A stand-in ng server on loopback: answers with `reply(message)` (or stays silent when it returns null). */
  async function serve(
    reply: (msg: Record<string, Bencode>, count: number) => Record<string, Bencode> | null,
  ): Promise<number> {
    peer = dgram.createSocket('udp4');
    let count = 0;
    peer.on('message', (buf, from) => {
      const space = buf.indexOf(0x20);
      const answer = reply(bdecode(buf.subarray(space + 1)) as Record<string, Bencode>, ++count);
      if (answer) peer!.send(Buffer.concat([buf.subarray(0, space + 1), bencode(answer)]), from.port, from.address);
    });
    await new Promise<void>((res) => peer!.bind(0, '127.0.0.1', res));
    return peer.address().port;
  }

  it('sends the command with a cookie and returns the dictionary answered under that cookie', async () => {
    const port = await serve((m) => ({ result: 'ok', echoed: m.command!, tag: m['to-tag'] ?? '' }));
    const ng = new NgClient(`udp:127.0.0.1:${port}`);
    expect(await ng.command('unsubscribe', { 'call-id': 'c1', 'to-tag': 't1' })).toEqual({
      result: 'ok',
      echoed: 'unsubscribe',
      tag: 't1',
    });
  });

  it('result: error becomes an RtpengineError with the reason', async () => {
    const port = await serve(() => ({ result: 'error', 'error-reason': 'Unknown call-id' }));
    const err = await new NgClient(`127.0.0.1:${port}`).command('query', { 'call-id': 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RtpengineError);
    expect((err as RtpengineError).reason).toBe('Unknown call-id');
  });

  it('repeats an unanswered message with the same cookie, and gives up with 424 mediaServerUnavailable', async () => {
    const seen: number[] = [];
    const port = await serve((_m, n) => (seen.push(n), n < 2 ? null : { result: 'pong' }));
    expect(await new NgClient(`127.0.0.1:${port}`, { retryMs: 100 }).command('ping')).toEqual({ result: 'pong' });
    expect(seen).toEqual([1, 2]);
    peer!.removeAllListeners('message');
    const t0 = Date.now();
    const err = await new NgClient(`127.0.0.1:${port}`, { timeoutMs: 300, retryMs: 100 })
      .command('ping')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'platform_unreachable', status: 424, messageKey: 'mediaServerUnavailable' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
  });

  it('nobody listening on the port: 424 at once (ICMP port unreachable), not after the timeout', async () => {
    const port = await serve(() => null);
    peer!.close();
    peer = undefined;
    const t0 = Date.now();
    const err = await new NgClient(`127.0.0.1:${port}`, { timeoutMs: 5000 }).command('ping').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'platform_unreachable', messageKey: 'mediaServerUnavailable' });
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('ignores datagrams with a foreign cookie or junk', async () => {
    const port = await serve(() => null);
    peer!.removeAllListeners('message');
    peer!.on('message', (buf, from) => {
      const space = buf.indexOf(0x20);
      peer!.send(Buffer.from('nocookie d6:result4:ponge'), from.port, from.address);
      peer!.send(Buffer.concat([buf.subarray(0, space + 1), bencode({ result: 'pong' })]), from.port, from.address);
    });
    expect(await new NgClient(`127.0.0.1:${port}`).command('ping')).toEqual({ result: 'pong' });
  });
});
