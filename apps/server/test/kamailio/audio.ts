import fs from 'node:fs';

/** 8 kHz mono 16-bit, what the phones send (PCMU) and capture. */
export const SAMPLE_RATE = 8000;

export interface Wav {
  sampleRate: number;
  channels: number;
  /** Samples of the first channel, -1..1. */
  pcm: Float32Array;
}

/** A 16-bit PCM WAV file of `pcm` (-1..1). */
export function writeWav(file: string, pcm: Float32Array, sampleRate = SAMPLE_RATE): void {
  const data = Buffer.alloc(pcm.length * 2);
  for (let i = 0; i < pcm.length; i++) data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, pcm[i]!)) * 32767), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  fs.writeFileSync(file, Buffer.concat([h, data]));
}

/**
 * Reads a 16-bit PCM WAV. A file whose writer has not finished (sizes still 0 or too large) is read up to its end.
 */
export function readWav(file: string): Wav {
  const b = fs.readFileSync(file);
  if (b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE')
    throw new Error(`${file}: not a WAV file`);
  let off = 12;
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  while (off + 8 <= b.length) {
    const id = b.toString('latin1', off, off + 4);
    const size = b.readUInt32LE(off + 4);
    if (id === 'fmt ') {
      channels = b.readUInt16LE(off + 10);
      sampleRate = b.readUInt32LE(off + 12);
      bits = b.readUInt16LE(off + 22);
    } else if (id === 'data') {
      if (bits !== 16) throw new Error(`${file}: ${bits}-bit samples, expected 16`);
      const end = size === 0 || off + 8 + size > b.length ? b.length : off + 8 + size;
      const frames = Math.floor((end - off - 8) / (2 * channels));
      const pcm = new Float32Array(frames);
      for (let i = 0; i < frames; i++) pcm[i] = b.readInt16LE(off + 8 + i * 2 * channels) / 32768;
      return { sampleRate, channels, pcm };
    }
    off += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

/** A sine tone (e.g. 440 Hz at amplitude 0.5). */
export function tone(hz: number, seconds: number, amplitude = 0.5, sampleRate = SAMPLE_RATE): Float32Array {
  const pcm = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate);
  return pcm;
}

/**
 * Something that sounds and measures like speech, deterministic: a voiced pulse train whose pitch glides between
 * 110 and 170 Hz, shaped by two moving formants (around 500-800 Hz and 1,200-1,900 Hz), in syllables of about 250 ms
 * with short pauses. Little of its power is at 440 Hz, and its level comes and goes (see syllabicity).
 */
export function speechLike(seconds: number, amplitude = 0.5, sampleRate = SAMPLE_RATE): Float32Array {
  const n = Math.round(seconds * sampleRate);
  const out = new Float32Array(n);
  // Two-pole resonators for the formants.
  const reson = (f: number, bw: number) => {
    const r = Math.exp((-Math.PI * bw) / sampleRate);
    return { a1: 2 * r * Math.cos((2 * Math.PI * f) / sampleRate), a2: -r * r, g: 1 - r };
  };
  let phase = 0;
  let y1 = 0,
    y2 = 0,
    z1 = 0,
    z2 = 0;
  let peak = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    const syl = Math.floor(t / 0.3);
    const inSyl = (t % 0.3) / 0.3;
    const env = inSyl < 0.85 ? Math.sin((Math.PI * inSyl) / 0.85) : 0;
    const f0 = 140 + 30 * Math.sin(2 * Math.PI * 0.7 * t + syl);
    phase += f0 / sampleRate;
    const pulse = phase >= 1 ? 1 : 0;
    if (phase >= 1) phase -= 1;
    const f1 = reson(650 + 150 * Math.sin(syl * 1.7), 90);
    const f2 = reson(1550 + 350 * Math.cos(syl * 2.3), 120);
    const a = f1.g * pulse + f1.a1 * y1 + f1.a2 * y2;
    y2 = y1;
    y1 = a;
    const b = f2.g * pulse + f2.a1 * z1 + f2.a2 * z2;
    z2 = z1;
    z1 = b;
    out[i] = env * (a + 0.6 * b);
    peak = Math.max(peak, Math.abs(out[i]!));
  }
  for (let i = 0; i < n; i++) out[i] = (out[i]! / peak) * amplitude;
  return out;
}

/** Root mean square of the samples (a full-scale sine: 0.707). */
export function rms(pcm: Float32Array): number {
  let s = 0;
  for (const x of pcm) s += x * x;
  return pcm.length ? Math.sqrt(s / pcm.length) : 0;
}

/**
 * The share of the signal's power at `hz` (0..1), by the Goertzel algorithm over 100 ms blocks (10 Hz wide): about 1
 * for a pure tone at that frequency, near 0 for speech or noise. Blocks of near silence are skipped; 0 if all are.
 */
export function toneLevel(pcm: Float32Array, sampleRate: number, hz: number): number {
  const block = Math.round(sampleRate / 10);
  const coeff = 2 * Math.cos((2 * Math.PI * hz) / sampleRate);
  let sum = 0;
  let blocks = 0;
  for (let start = 0; start + block <= pcm.length; start += block) {
    let s1 = 0,
      s2 = 0,
      energy = 0;
    for (let i = start; i < start + block; i++) {
      const x = pcm[i]!;
      const s0 = x + coeff * s1 - s2;
      s2 = s1;
      s1 = s0;
      energy += x * x;
    }
    if (energy / block < 1e-6) continue;
    const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
    sum += power / ((block / 2) * energy);
    blocks++;
  }
  return blocks ? sum / blocks : 0;
}

/**
 * How much the level comes and goes, as speech does: the coefficient of variation of the 50 ms RMS over blocks that
 * are not silent. A steady tone: about 0; syllables with pauses: 0.5 or more.
 */
export function syllabicity(pcm: Float32Array, sampleRate: number): number {
  const block = Math.round(sampleRate / 20);
  const levels: number[] = [];
  for (let start = 0; start + block <= pcm.length; start += block) levels.push(rms(pcm.subarray(start, start + block)));
  const loud = Math.max(...levels, 0);
  const voiced = levels.filter((l) => l > loud * 0.01);
  if (voiced.length < 2) return 0;
  const mean = voiced.reduce((a, b) => a + b, 0) / voiced.length;
  const sd = Math.sqrt(voiced.reduce((a, b) => a + (b - mean) ** 2, 0) / voiced.length);
  return sd / mean;
}

/** The test's audio sources: `tone.wav` (440 Hz) and `speech.wav`, 8 kHz mono 16-bit, `seconds` long, in `dir`. */
export function writeFixtures(dir: string, seconds = 300): { tone: string; speech: string } {
  const files = { tone: `${dir}/tone-440.wav`, speech: `${dir}/speech.wav` };
  writeWav(files.tone, tone(440, seconds));
  writeWav(files.speech, speechLike(seconds));
  return files;
}

/** The number of complete packets in a libpcap file (rtpengine's recordings; 0 while it has no header yet). */
export function pcapPackets(file: string): number {
  const b = fs.readFileSync(file);
  if (b.length < 24) return 0;
  const magic = b.readUInt32LE(0);
  const le = magic === 0xa1b2c3d4 || magic === 0xa1b23c4d;
  if (!le && b.readUInt32BE(0) !== 0xa1b2c3d4 && b.readUInt32BE(0) !== 0xa1b23c4d)
    throw new Error(`${file}: not a pcap file`);
  let n = 0;
  for (let off = 24; off + 16 <= b.length;) {
    off += 16 + (le ? b.readUInt32LE(off + 8) : b.readUInt32BE(off + 8));
    if (off <= b.length) n++;
  }
  return n;
}
