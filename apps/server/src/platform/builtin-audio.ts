import { createHash } from 'node:crypto';
import { wavFile } from './pcap-wav';

/** Demo audio of the builtin platform: deterministic signals from a name, as 8 kHz PCM, WAV and mu-law frames. */
export const SAMPLE_RATE = 8000;
/** 20 ms at 8 kHz: one RTP packet of PCMU. */
export const FRAME_SAMPLES = 160;

/** A small deterministic generator seeded from a name. */
function seeded(name: string): () => number {
  const h = createHash('sha256').update(name).digest();
  let s = h.readUInt32LE(0) || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A speech-like voice for one name: a voiced buzz (fundamental plus harmonics shaped by two moving formants)
 * cut into syllables of 120-300 ms with short pauses, so a listener hears "someone talking" and can tell two
 * calls apart. `sampleAt(n)` is pure, so any instance can produce any part of the stream.
 */
export function voice(name: string): (n: number) => number {
  const r = seeded(name);
  const f0 = 95 + r() * 120;
  const syllables = Array.from({ length: 16 }, () => ({
    len: Math.floor((0.12 + r() * 0.18) * SAMPLE_RATE),
    gap: Math.floor((0.03 + r() * 0.2) * SAMPLE_RATE),
    f1: 300 + r() * 500,
    f2: 900 + r() * 1400,
    pitch: 0.85 + r() * 0.3,
  }));
  const cycle = syllables.reduce((a, s) => a + s.len + s.gap, 0);
  return (n) => {
    let pos = n % cycle;
    for (const s of syllables) {
      if (pos < s.len) {
        const env = Math.sin((Math.PI * pos) / s.len);
        const t = n / SAMPLE_RATE;
        const f = f0 * s.pitch;
        let v = 0;
        for (let k = 1; k <= 12; k++) {
          const fk = f * k;
          const gain = 1 / (1 + ((fk - s.f1) / 150) ** 2) + 0.6 / (1 + ((fk - s.f2) / 250) ** 2);
          v += gain * Math.sin(2 * Math.PI * fk * t);
        }
        return 0.35 * env * v;
      }
      pos -= s.len;
      if (pos < s.gap) return 0;
      pos -= s.gap;
    }
    return 0;
  };
}

const clamp16 = (x: number) => Math.max(-32768, Math.min(32767, Math.round(x * 32767)));

/** G.711 mu-law encoding of one 16-bit sample. */
export function muLaw(sample: number): number {
  const BIAS = 0x84;
  let s = sample;
  const sign = s < 0 ? 0x80 : 0;
  if (s < 0) s = -s;
  s = Math.min(s, 32635) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** One 20 ms PCMU frame (160 bytes) of a voice, frame number `frame` from its start. */
export function muLawFrame(sampleAt: (n: number) => number, frame: number): Buffer {
  const out = Buffer.alloc(FRAME_SAMPLES);
  const start = frame * FRAME_SAMPLES;
  for (let i = 0; i < FRAME_SAMPLES; i++) out[i] = muLaw(clamp16(sampleAt(start + i)));
  return out;
}

/** A short WAV recording (16-bit PCM mono, 8 kHz) for a demo recording name: 3 to 6 seconds, always the same. */
export function demoRecordingWav(name: string): Buffer {
  const seconds = 3 + (createHash('sha256').update(name).digest()[0]! % 4);
  const samples = seconds * SAMPLE_RATE;
  const sampleAt = voice(name);
  const pcm = new Int16Array(samples);
  for (let n = 0; n < samples; n++) pcm[n] = clamp16(sampleAt(n));
  return wavFile(pcm, SAMPLE_RATE);
}
