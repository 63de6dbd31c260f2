/**
 * The browser's side of scripts/bench-listen.ts: one listen-in by a werift client, timed from the POST of its offer,
 * and the report of a run. Kept apart from the stack that the benchmark starts.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { muLawDecode } from '../apps/server/src/platform/rtp';

/**
 * A 20 ms frame holds the tone when 440 Hz carries this share of its power at this amplitude or more. Checked on the
 * fixtures: A's speech alone passes in 0 of 3,000 frames, speech and tone mixed at half level in 2,999 of 3,000.
 */
const TONE_SHARE = 0.7;
const TONE_AMPLITUDE = 0.1;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

/** Share of the frame's power at `hz` (Goertzel, about 1 for a pure tone) and that component's amplitude (-1..1). */
function tone(pcm: Float32Array, hz: number, rate = 8000): { share: number; amplitude: number } {
  const k = 2 * Math.cos((2 * Math.PI * hz) / rate);
  let s1 = 0;
  let s2 = 0;
  let energy = 0;
  for (const x of pcm) {
    [s2, s1] = [s1, x + k * s1 - s2];
    energy += x * x;
  }
  const power = Math.max(0, s1 * s1 + s2 * s2 - k * s1 * s2);
  return { share: energy ? power / ((pcm.length / 2) * energy) : 0, amplitude: (2 * Math.sqrt(power)) / pcm.length };
}

export interface Run {
  offer: number;
  answer: number;
  ice: number;
  dtls: number;
  firstPacket: number;
  firstTone: number;
  unsubscribed: number;
  /** The answer's DTLS role (a=setup): `active` makes the portal the DTLS client. */
  setup: string;
}

export interface ListenTarget {
  app: Pick<FastifyInstance, 'inject'>;
  callId: string;
  token: string;
  /** Listen-in subscriptions rtpengine holds on the call now. */
  subscriptions: () => Promise<number>;
}

/** One listen-in, as the page does it: offer (recvonly PCMU, ICE gathered), POST, answer, audio; then DELETE. */
export async function listenOnce({ app, callId, token, subscriptions }: ListenTarget): Promise<Run> {
  const t0 = performance.now();
  const pcmu = new RTCRtpCodecParameters({ mimeType: 'audio/PCMU', clockRate: 8000, channels: 1, payloadType: 0 });
  const pc = new RTCPeerConnection({
    iceServers: [],
    iceAdditionalHostAddresses: ['127.0.0.1'],
    codecs: { audio: [pcmu], video: [] },
  });
  try {
    const transceiver = pc.addTransceiver('audio', { direction: 'recvonly' });
    let firstPacket = 0;
    let iceAt = 0;
    let dtlsAt = 0;
    pc.iceConnectionStateChange.subscribe((st) => st === 'connected' && (iceAt ||= performance.now()));
    pc.connectionStateChange.subscribe((st) => st === 'connected' && (dtlsAt ||= performance.now()));
    let heard: (at: number) => void = () => undefined;
    const toneHeard = new Promise<number>((resolve) => (heard = resolve));
    transceiver.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => {
        const at = performance.now();
        firstPacket ||= at;
        const pcm = Float32Array.from(rtp.payload, (x) => muLawDecode(x) / 32768);
        const t = tone(pcm, 440);
        if (t.share > TONE_SHARE && t.amplitude > TONE_AMPLITUDE) heard(at);
      }),
    );
    await pc.setLocalDescription(await pc.createOffer());
    if (pc.iceGatheringState !== 'complete') {
      await new Promise<void>((res) => pc.iceGatheringStateChange.subscribe((s) => s === 'complete' && res()));
    }
    const posted = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/monitor/${encodeURIComponent(callId)}`,
      headers: { 'content-type': 'application/sdp', token },
      payload: pc.localDescription?.sdp ?? '',
    });
    const answered = performance.now();
    if (res.statusCode !== 201) throw new Error(`monitor: ${res.statusCode} ${res.body.slice(0, 300)}`);
    await pc.setRemoteDescription({ type: 'answer', sdp: res.body });
    const toneAt = await Promise.race([toneHeard, sleep(5000).then(() => 0)]);
    if (!toneAt) {
      throw new Error(`no 440 Hz frame within 5 s of the answer (${firstPacket ? 'packets arrived' : 'no packet'})`);
    }
    if ((await subscriptions()) === 0) throw new Error('rtpengine shows no subscription while listening');
    const stopped = performance.now();
    const stop = await app.inject({ method: 'DELETE', url: res.headers.location as string, headers: { token } });
    if (stop.statusCode !== 200) throw new Error(`stop: ${stop.statusCode} ${stop.body.slice(0, 300)}`);
    while ((await subscriptions()) > 0) {
      if (performance.now() - stopped > 5000)
        throw new Error('rtpengine still holds the subscription 5 s after the DELETE');
      await sleep(10);
    }
    return {
      offer: posted - t0,
      answer: answered - posted,
      ice: iceAt - posted,
      dtls: dtlsAt - posted,
      firstPacket: firstPacket - posted,
      firstTone: toneAt - posted,
      unsubscribed: performance.now() - stopped,
      setup: /a=setup:(\w+)/.exec(res.body)?.[1] ?? '?',
    };
  } finally {
    await pc.close();
  }
}

export interface Report {
  runs: Run[];
  warm: Run;
  /** GET /api/health times (ms), the yardstick. */
  health: number[];
  loadAtStart: string;
  loadAtEnd: string;
  targetMs: number;
}

/** Prints the run as the Markdown table recorded in docs/benchmarks.md, then the target's verdict. */
export function printReport({ runs, warm, health, loadAtStart, loadAtEnd, targetMs }: Report): void {
  const base = pct(health, 0.5);
  const steps: [string, (r: Run) => number][] = [
    ['offer made by the client (before the POST, not counted)', (r) => r.offer],
    ['SDP answer (201)', (r) => r.answer],
    ['ICE connected (client)', (r) => r.ice],
    ['DTLS done: connection state connected (client)', (r) => r.dtls],
    ['first RTP packet received', (r) => r.firstPacket],
    ['first 20 ms frame with the 440 Hz tone', (r) => r.firstTone],
    ['DELETE to no subscription in rtpengine', (r) => r.unsubscribed],
  ];
  const f = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
  const cpu = `${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}`;
  console.log(
    `# Listen-in on Kamailio + rtpengine: ${runs.length} listen-ins of one call after 1 warm-up; Node ${process.version}, ${cpu}`,
  );
  console.log(`  load average (1, 5, 15 min) at start ${loadAtStart}, at end ${loadAtEnd}`);
  console.log(`\n| step (time from the POST) | p50 | p90 | max | p50 / health |\n| --- | --- | --- | --- | --- |`);
  for (const [name, of] of steps) {
    const xs = runs.map(of);
    const ratio = (pct(xs, 0.5) / base).toFixed(0);
    console.log(`| ${name} | ${f(pct(xs, 0.5))} | ${f(pct(xs, 0.9))} | ${f(Math.max(...xs))} | ${ratio}× |`);
  }
  console.log(
    `| GET /api/health (inject, ${health.length} runs) | ${f(base)} | ${f(pct(health, 0.9))} | ${f(Math.max(...health))} | 1× |`,
  );
  console.log(
    `\nwarm-up run: answer ${f(warm.answer)}, first packet ${f(warm.firstPacket)}, 440 Hz ${f(warm.firstTone)}; ` +
      `the answer's a=setup:${warm.setup}`,
  );
  console.log(`440 Hz per run (ms): ${runs.map((r) => r.firstTone.toFixed(0)).join(' ')}`);
  const tones = runs.map((r) => r.firstTone);
  const [p50, p90] = [pct(tones, 0.5), pct(tones, 0.9)];
  const verdict = (x: number) => (x < targetMs ? 'holds' : 'MISSED');
  console.log(
    `target: first audio (the tone) within ${targetMs} ms of the POST: p50 ${f(p50)} ${verdict(p50)}, p90 ${f(p90)} ${verdict(p90)}`,
  );
}
