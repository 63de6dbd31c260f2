import { describe, expect, it } from 'vitest';
import { FRAME_SAMPLES, muLaw } from './builtin-audio';
import { CallMixer, MAX_BUFFERED_FRAMES } from './call-mixer';
import { aLawDecode, muLawDecode, parseRtp } from './rtp';

/** Power of one frequency in 8 kHz samples (Goertzel), normalised by the signal's energy: ~0.5 for a pure tone. */
function tonePower(samples: number[], hz: number): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / 8000);
  let s1 = 0;
  let s2 = 0;
  for (const x of samples) {
    const s = x + k * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  const power = s1 * s1 + s2 * s2 - k * s1 * s2;
  const energy = samples.reduce((a, x) => a + x * x, 0) || 1;
  return power / energy / samples.length;
}

const decode = (frame: Buffer) => [...frame].map(muLawDecode);

/** An RTP packet of PCMU (PT 0) or PCMA (8) carrying `samples` of a sine. */
function rtp(
  seq: number,
  opts: { hz?: number; amplitude?: number; pt?: number; ssrc?: number; samples?: number; start?: number } = {},
): Buffer {
  const { hz = 440, amplitude = 8000, pt = 0, ssrc = 0x1234, samples = FRAME_SAMPLES, start = seq * samples } = opts;
  const head = Buffer.alloc(12);
  head[0] = 0x80;
  head[1] = pt;
  head.writeUInt16BE(seq & 0xffff, 2);
  head.writeUInt32BE((start >>> 0) & 0xffffffff, 4);
  head.writeUInt32BE(ssrc, 8);
  const body = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++)
    body[i] = muLaw(Math.round(amplitude * Math.sin((2 * Math.PI * hz * (start + i)) / 8000)));
  if (pt === 8) for (let i = 0; i < samples; i++) body[i] = 0xd5; // A-law silence (+8)
  return Buffer.concat([head, body]);
}

describe('G.711', () => {
  it('µ-law decode inverts builtin-audio muLaw for every code, and every sample lands within one step', () => {
    for (let b = 0; b < 256; b++) {
      if (b === 0x7f) continue; // "negative zero": muLaw(0) is 0xff
      expect(muLaw(muLawDecode(b))).toBe(b);
    }
    for (let x = -32768; x <= 32767; x += 7) {
      const back = muLawDecode(muLaw(x));
      expect(Math.abs(back - x)).toBeLessThanOrEqual(Math.max(8, Math.abs(x) / 16 + 8));
    }
    expect(muLawDecode(0xff)).toBe(0);
    expect(muLawDecode(0x80)).toBe(32124);
    expect(muLawDecode(0x00)).toBe(-32124);
  });

  it('A-law decode: the standard values', () => {
    expect(aLawDecode(0xd5)).toBe(8);
    expect(aLawDecode(0x55)).toBe(-8);
    expect(aLawDecode(0xaa)).toBe(32256);
    expect(aLawDecode(0x2a)).toBe(-32256);
  });
});

describe('parseRtp', () => {
  it('reads header fields, skips CSRCs and an extension, strips padding; refuses RTCP and junk', () => {
    const plain = parseRtp(rtp(7, { ssrc: 99 }))!;
    expect(plain).toMatchObject({ payloadType: 0, sequence: 7, ssrc: 99 });
    expect(plain.payload.length).toBe(FRAME_SAMPLES);
    const body = Buffer.from([1, 2, 3, 4]);
    const ext = Buffer.concat([
      Buffer.from([0x80 | 0x10 | 0x20 | 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 5]),
      Buffer.alloc(4),
      Buffer.from([0xbe, 0xde, 0, 1]),
      Buffer.alloc(4),
      body,
      Buffer.from([0, 0, 3]),
    ]);
    expect([...parseRtp(ext)!.payload]).toEqual([1, 2, 3, 4]);
    const rtcp = Buffer.alloc(28);
    rtcp[0] = 0x80;
    rtcp[1] = 200;
    expect(parseRtp(rtcp)).toBeNull();
    expect(parseRtp(Buffer.from('hello world!!'))).toBeNull();
    expect(parseRtp(Buffer.alloc(5))).toBeNull();
  });
});

describe('CallMixer', () => {
  it('returns 20 ms of µ-law silence when nothing is buffered', () => {
    const m = new CallMixer(2);
    const f = m.nextFrame();
    expect(f.length).toBe(FRAME_SAMPLES);
    expect(f.every((b) => b === 0xff)).toBe(true);
  });

  it('mixes both parties: a 440 Hz tone from one and 1 kHz from the other are both in the output', () => {
    const m = new CallMixer(2);
    const out: number[] = [];
    for (let seq = 0; seq < 10; seq++) {
      m.push(0, rtp(seq, { hz: 440 }));
      m.push(1, rtp(seq, { hz: 1000, ssrc: 7 }));
      out.push(...decode(m.nextFrame()));
    }
    expect(tonePower(out, 440)).toBeGreaterThan(0.2);
    expect(tonePower(out, 1000)).toBeGreaterThan(0.2);
    expect(tonePower(out, 700)).toBeLessThan(0.01);
  });

  it('one party alone comes through unchanged (within µ-law steps); a silent party adds nothing', () => {
    const m = new CallMixer(2);
    m.push(1, rtp(0, { hz: 440 }));
    const got = decode(m.nextFrame());
    const sent = decode(rtp(0, { hz: 440 }).subarray(12));
    expect(got).toEqual(sent);
    expect(tonePower(got, 440)).toBeGreaterThan(0.4);
  });

  it('clips the sum instead of wrapping', () => {
    const m = new CallMixer(2);
    m.push(0, rtp(0, { hz: 200, amplitude: 30000 }));
    m.push(1, rtp(0, { hz: 200, amplitude: 30000, ssrc: 2 }));
    const out = decode(m.nextFrame());
    expect(Math.max(...out)).toBeGreaterThan(30000);
    // wrapping would flip the peaks' sign: the sample at the first peak (n = 10) stays positive
    expect(out[10]).toBeGreaterThan(30000);
  });

  it('keeps at most ~200 ms per party: the oldest audio is dropped so the listener stays live', () => {
    const m = new CallMixer(2);
    for (let seq = 0; seq < 50; seq++) m.push(0, rtp(seq));
    expect(m.buffered()).toEqual([MAX_BUFFERED_FRAMES * FRAME_SAMPLES, 0]);
    const first = m.nextFrame();
    expect(first).toEqual(rtp(40).subarray(12)); // frames 40..49 kept
    for (let i = 1; i < MAX_BUFFERED_FRAMES; i++) m.nextFrame();
    expect(m.nextFrame().every((b) => b === 0xff)).toBe(true);
  });

  it('drops duplicates and late packets; a new SSRC starts afresh; other payload types and RTCP are ignored', () => {
    const m = new CallMixer(1);
    m.push(0, rtp(5));
    m.push(0, rtp(5));
    m.push(0, rtp(4));
    expect(m.buffered()).toEqual([FRAME_SAMPLES]);
    m.push(0, rtp(2, { ssrc: 0x999 }));
    expect(m.buffered()).toEqual([2 * FRAME_SAMPLES]);
    m.push(0, rtp(3, { pt: 101 }));
    m.push(0, Buffer.from([0x80, 200, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]));
    expect(m.buffered()).toEqual([2 * FRAME_SAMPLES]);
    m.push(0, rtp(0xffff, { ssrc: 0x999, start: 0 })); // older than 2 across the wrap: late
    expect(m.buffered()).toEqual([2 * FRAME_SAMPLES]);
  });

  it('sequence numbers wrap around 65535 → 0', () => {
    const m = new CallMixer(1);
    m.push(0, rtp(0xfffe, { start: 0 }));
    m.push(0, rtp(0xffff, { start: 160 }));
    m.push(0, rtp(0, { start: 320 }));
    expect(m.buffered()).toEqual([3 * FRAME_SAMPLES]);
  });

  it('packets of 30 ms (240 samples) still come out as 20 ms frames, and A-law is decoded', () => {
    const m = new CallMixer(1);
    m.push(0, rtp(0, { samples: 240 }));
    m.push(0, rtp(1, { samples: 240 }));
    expect(m.nextFrame().length).toBe(FRAME_SAMPLES);
    expect(m.buffered()).toEqual([320]);
    const a = new CallMixer(1);
    a.push(0, rtp(0, { pt: 8 }));
    expect(a.buffered()).toEqual([FRAME_SAMPLES]);
    expect(decode(a.nextFrame()).every((x) => Math.abs(x) <= 8)).toBe(true);
  });
});
