import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_SAMPLES, muLaw } from './builtin-audio';
import { muLawDecode } from './rtp';
import { answerSdp, offeredMedia, openSubscription } from './rtpengine-listen';
import { NgClient, RtpengineError } from './rtpengine-ng';

// Debian's rtpengine 10.5 (userspace), started here on free ports; the two "phones" are UDP sockets sending PCMU
// tones through it after a real offer/answer, as Kamailio's rtpengine_manage would set the call up.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function udp(): Promise<dgram.Socket> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  return s;
}

async function freePort(): Promise<number> {
  const s = await udp();
  const { port } = s.address();
  s.close();
  return port;
}

interface Engine {
  ng: NgClient;
  address: string;
  stop(): Promise<void>;
}

async function startEngine(): Promise<Engine> {
  expect(spawnSync('sh', ['-c', 'command -v rtpengine']).status, 'Debian package rtpengine-daemon').toBe(0);
  const port = await freePort();
  const portMin = 30000 + Math.floor(Math.random() * 27) * 100;
  const child: ChildProcess = spawn(
    'rtpengine',
    [
      '--config-file=none',
      '--table=-1',
      '--interface=127.0.0.1',
      `--listen-ng=127.0.0.1:${port}`,
      `--port-min=${portMin}`,
      `--port-max=${portMin + 99}`,
      '--foreground',
      '--log-stderr',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const ng = new NgClient(`udp:127.0.0.1:${port}`, { timeoutMs: 300, retryMs: 100 });
  for (let i = 0; i < 50; i++) {
    if (
      await ng.command('ping').then(
        () => true,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  const exited = new Promise((r) => child.once('exit', r));
  return {
    ng,
    address: `udp:127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (process.env.RTPENGINE_LOG) console.log(log);
    },
  };
}

const phoneSdp = (port: number) =>
  `v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio ${port} RTP/AVP 0 8 101\r\na=rtpmap:0 PCMU/8000\r\na=rtpmap:8 PCMA/8000\r\na=rtpmap:101 telephone-event/8000\r\na=sendrecv\r\n`;

function tonePacket(hz: number, n: number, ssrc: number): Buffer {
  const head = Buffer.alloc(12);
  head[0] = 0x80;
  head.writeUInt16BE(n & 0xffff, 2);
  head.writeUInt32BE((n * FRAME_SAMPLES) >>> 0, 4);
  head.writeUInt32BE(ssrc, 8);
  const body = Buffer.alloc(FRAME_SAMPLES);
  for (let i = 0; i < FRAME_SAMPLES; i++)
    body[i] = muLaw(Math.round(8000 * Math.sin((2 * Math.PI * hz * (n * FRAME_SAMPLES + i)) / 8000)));
  return Buffer.concat([head, body]);
}

/** A call anchored in rtpengine: A sends 1 kHz, B 440 Hz, every 20 ms. */
async function call(ng: NgClient, callId: string) {
  const a = await udp();
  const b = await udp();
  const offer = await ng.command('offer', {
    'call-id': callId,
    'from-tag': 'caller-tag',
    sdp: phoneSdp(a.address().port),
    ICE: 'remove',
  });
  const answer = await ng.command('answer', {
    'call-id': callId,
    'from-tag': 'caller-tag',
    'to-tag': 'callee-tag',
    sdp: phoneSdp(b.address().port),
    ICE: 'remove',
  });
  const port = (sdp: unknown) => Number(/m=audio (\d+)/.exec(String(sdp))![1]);
  const toA = port(answer.sdp);
  const toB = port(offer.sdp);
  let n = 0;
  const timer = setInterval(() => {
    n++;
    a.send(tonePacket(1000, n, 1), toA, '127.0.0.1');
    b.send(tonePacket(440, n, 2), toB, '127.0.0.1');
  }, 20);
  return {
    hangUp: async () => {
      clearInterval(timer);
      a.close();
      b.close();
      await ng.command('delete', { 'call-id': callId });
    },
  };
}

/** Power of one frequency relative to the signal's energy (Goertzel): ~0.5 for a pure tone, ~0.25 for one of two. */
function tonePower(samples: number[], hz: number): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / 8000);
  let s1 = 0;
  let s2 = 0;
  for (const x of samples) [s2, s1] = [s1, x + k * s1 - s2];
  return (s1 * s1 + s2 * s2 - k * s1 * s2) / (samples.reduce((acc, x) => acc + x * x, 0) || 1) / samples.length;
}

describe('offer and answer SDP', () => {
  const offer = [
    'v=0',
    'o=- 1 1 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'm=audio 30000 RTP/AVP 0 8 101',
    'a=mid:0',
    'a=sendonly',
    'm=audio 30002 RTP/AVP 0 101',
    'a=mid:1',
    'a=rtcp-mux',
    'm=video 30004 RTP/AVP 96',
  ].join('\r\n');

  it('reads every m= section with its mid and rtcp-mux', () => {
    expect(offeredMedia(offer)).toEqual([
      { type: 'audio', port: 30000, proto: 'RTP/AVP', formats: ['0', '8', '101'], mid: '0', rtcpMux: false },
      { type: 'audio', port: 30002, proto: 'RTP/AVP', formats: ['0', '101'], mid: '1', rtcpMux: true },
      { type: 'video', port: 30004, proto: 'RTP/AVP', formats: ['96'], rtcpMux: false },
    ]);
  });

  it('answers PCMU recvonly on our ports, RTCP to the same port, refuses the rest with port 0', () => {
    const sdp = answerSdp(offeredMedia(offer), [41000, 41002, null], '127.0.0.1');
    expect(sdp).toContain('c=IN IP4 127.0.0.1\r\n');
    expect(sdp).toContain(
      'm=audio 41000 RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\na=ptime:20\r\na=recvonly\r\na=mid:0\r\na=rtcp:41000\r\n',
    );
    expect(sdp).toContain(
      'm=audio 41002 RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\na=ptime:20\r\na=recvonly\r\na=mid:1\r\na=rtcp-mux\r\n',
    );
    expect(sdp).toMatch(/m=video 0 RTP\/AVP 96\r\n$/);
  });
});

describe('listen-in through a real rtpengine', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await startEngine();
  }, 20_000);
  afterAll(() => engine?.stop());

  it("hears both parties mixed within ~100 ms of subscribing; close() unsubscribes (rtpengine's query shows no subscriptions)", async () => {
    const callId = `listen-test-${Date.now()}@127.0.0.1`;
    const c = await call(engine.ng, callId);
    await sleep(200);
    const t0 = Date.now();
    const sub = await openSubscription(engine.ng, callId);
    expect(sub.ports).toHaveLength(2);
    let firstAudioMs = -1;
    const heard: number[] = [];
    for (let i = 0; i < 60; i++) {
      await sleep(20);
      const frame = sub.nextFrame();
      expect(frame.length).toBe(FRAME_SAMPLES);
      if (firstAudioMs < 0 && frame.some((x) => x !== 0xff)) firstAudioMs = Date.now() - t0;
      if (firstAudioMs >= 0) heard.push(...[...frame].map(muLawDecode));
    }
    expect(firstAudioMs).toBeGreaterThanOrEqual(0);
    expect(firstAudioMs).toBeLessThan(300);
    // In 100 ms windows (a busy machine delays the phones' and this loop's timers, which cuts the sines here and
    // there): both parties in most windows, nothing else in any.
    const windows = Array.from({ length: Math.floor(heard.length / 800) }, (_, w) =>
      heard.slice(800 * w, 800 * w + 800),
    );
    expect(windows.length).toBeGreaterThanOrEqual(8);
    const power = (hz: number) => windows.map((w) => Number(tonePower(w, hz).toFixed(2)));
    const report = `440 Hz ${power(440)}; 1 kHz ${power(1000)}; 700 Hz ${power(700)}`;
    expect(power(440).filter((p) => p > 0.1).length / windows.length, report).toBeGreaterThanOrEqual(0.7);
    expect(power(1000).filter((p) => p > 0.1).length / windows.length, report).toBeGreaterThanOrEqual(0.7);
    expect(Math.max(...power(700)), report).toBeLessThan(0.05);

    const subscribed = (await engine.ng.command('query', { 'call-id': callId })) as {
      tags: Record<string, { subscriptions: { tag: string }[] }>;
    };
    expect(subscribed.tags[sub.toTag]!.subscriptions.map((s) => s.tag).sort()).toEqual(['callee-tag', 'caller-tag']);
    sub.close();
    await sleep(200);
    const after = (await engine.ng.command('query', { 'call-id': callId })) as typeof subscribed;
    expect(after.tags[sub.toTag]!.subscriptions).toEqual([]);
    // The sockets are closed: their ports are free again.
    const probe = dgram.createSocket('udp4');
    await new Promise<void>((r, j) => (probe.once('error', j), probe.bind(sub.ports[0], '127.0.0.1', r)));
    probe.close();
    await c.hangUp();
  }, 20_000);

  it('two listeners of one call each hear both parties; one leaving does not cut the other', async () => {
    const callId = `listen-two-${Date.now()}@127.0.0.1`;
    const c = await call(engine.ng, callId);
    const first = await openSubscription(engine.ng, callId);
    const second = await openSubscription(engine.ng, callId);
    expect(second.toTag).not.toBe(first.toTag);
    const q = (await engine.ng.command('query', { 'call-id': callId })) as {
      tags: Record<string, { subscriptions: { tag: string }[] }>;
    };
    // Each subscribes to the two phones only, not to the other listener.
    expect(q.tags[second.toTag]!.subscriptions.map((s) => s.tag).sort()).toEqual(['callee-tag', 'caller-tag']);
    const hears = async (sub: typeof first) => {
      const got: number[] = [];
      for (let i = 0; i < 30; i++) {
        await sleep(20);
        got.push(...[...sub.nextFrame()].map(muLawDecode));
      }
      return tonePower(got.slice(-2400), 440) > 0.05 && tonePower(got.slice(-2400), 1000) > 0.05;
    };
    expect(await hears(first)).toBe(true);
    expect(await hears(second)).toBe(true);
    first.close();
    await sleep(100);
    expect(await hears(second)).toBe(true);
    second.close();
    await c.hangUp();
  }, 20_000);

  it('an unknown call is an RtpengineError (rtpengine answers, but holds no such media)', async () => {
    const err = await openSubscription(engine.ng, 'no-such-call@127.0.0.1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RtpengineError);
    expect((err as RtpengineError).reason).toMatch(/Unknown call-id/i);
  });

  it('rtpengine stopped: 424 mediaServerUnavailable at once; started again: listening works', async () => {
    await engine.stop();
    const t0 = Date.now();
    const err = await openSubscription(new NgClient(engine.address), 'any@127.0.0.1').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'platform_unreachable', status: 424, messageKey: 'mediaServerUnavailable' });
    expect(Date.now() - t0).toBeLessThan(1000);
    engine = await startEngine();
    const callId = `listen-again-${Date.now()}@127.0.0.1`;
    const c = await call(engine.ng, callId);
    const sub = await openSubscription(engine.ng, callId);
    let heard = false;
    for (let i = 0; i < 25 && !heard; i++) {
      await sleep(20);
      heard = sub.nextFrame().some((x) => x !== 0xff);
    }
    sub.close();
    await c.hangUp();
    expect(heard).toBe(true);
  }, 30_000);
});
