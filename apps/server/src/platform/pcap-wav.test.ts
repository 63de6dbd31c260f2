import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { muLaw } from './builtin-audio';
import { PcapFormatError, mixPcaps, parsePcap, pcapToWav, udpOf } from './pcap-wav';
import { aLawDecode, muLawDecode, parseRtp } from './rtp';
import { RtpenginePcaps, rtpengineFileStem, stemOf } from './rtpengine-pcaps';

// pcaps built here as rtpengine 10.5 writes them (checked on this machine: classic libpcap, little-endian, µs stamps,
// link type 101 = raw IPv4 + UDP), unless a case says otherwise.

interface Pkt {
  ms: number;
  src?: string;
  sport: number;
  pt?: number;
  seq: number;
  ts: number;
  ssrc: number;
  payload: Buffer;
}

function ipv4Udp(p: Pkt, rtp: Buffer): Buffer {
  const ip = Buffer.alloc(28);
  ip[0] = 0x45;
  ip.writeUInt16BE(28 + rtp.length, 2);
  ip[8] = 64;
  ip[9] = 17;
  (p.src ?? '127.0.0.1').split('.').forEach((o, i) => (ip[12 + i] = Number(o)));
  [127, 0, 0, 1].forEach((o, i) => (ip[16 + i] = o));
  ip.writeUInt16BE(p.sport, 20);
  ip.writeUInt16BE(30000, 22);
  ip.writeUInt16BE(8 + rtp.length, 24);
  return Buffer.concat([ip, rtp]);
}

function rtp(p: Pkt): Buffer {
  const h = Buffer.alloc(12);
  h[0] = 0x80;
  h[1] = p.pt ?? 0;
  h.writeUInt16BE(p.seq & 0xffff, 2);
  h.writeUInt32BE(p.ts >>> 0, 4);
  h.writeUInt32BE(p.ssrc, 8);
  return Buffer.concat([h, p.payload]);
}

function pcap(
  pkts: Pkt[],
  o: { linkType?: number; bigEndian?: boolean; nano?: boolean; frame?: (ip: Buffer) => Buffer } = {},
): Buffer {
  const w32 = (b: Buffer, v: number, at: number) => (o.bigEndian ? b.writeUInt32BE(v, at) : b.writeUInt32LE(v, at));
  const head = Buffer.alloc(24);
  w32(head, o.nano ? 0xa1b23c4d : 0xa1b2c3d4, 0);
  (o.bigEndian ? head.writeUInt16BE.bind(head) : head.writeUInt16LE.bind(head))(2, 4);
  (o.bigEndian ? head.writeUInt16BE.bind(head) : head.writeUInt16LE.bind(head))(4, 6);
  w32(head, 65535, 16);
  w32(head, o.linkType ?? 101, 20);
  const parts: Buffer[] = [head];
  for (const p of pkts) {
    const frame = (o.frame ?? ((x) => x))(ipv4Udp(p, rtp(p)));
    const rec = Buffer.alloc(16);
    const us = 1_795_000_000_000_000 + Math.round(p.ms * 1000);
    w32(rec, Math.floor(us / 1e6), 0);
    w32(rec, o.nano ? (us % 1e6) * 1000 : us % 1e6, 4);
    w32(rec, frame.length, 8);
    w32(rec, frame.length, 12);
    parts.push(rec, frame);
  }
  return Buffer.concat(parts);
}

/** 20 ms of a tone as µ-law. */
const tone = (hz: number, amp: number, from: number) =>
  Buffer.from(
    Array.from({ length: 160 }, (_, i) => muLaw(Math.round(amp * Math.sin((2 * Math.PI * hz * (from + i)) / 8000)))),
  );

/** `n` packets of one party: 20 ms apart from `startMs`, RTP timestamps from `ts0`. */
function party(o: {
  n: number;
  startMs: number;
  sport: number;
  ssrc: number;
  ts0: number;
  seq0?: number;
  hz: number;
  amp?: number;
  skip?: number[];
  pt?: number;
  payload?: (i: number) => Buffer;
}): Pkt[] {
  const out: Pkt[] = [];
  for (let i = 0; i < o.n; i++) {
    if (o.skip?.includes(i)) continue;
    out.push({
      ms: o.startMs + i * 20,
      sport: o.sport,
      seq: (o.seq0 ?? 1) + i,
      ts: o.ts0 + i * 160,
      ssrc: o.ssrc,
      pt: o.pt ?? 0,
      payload: o.payload?.(i) ?? tone(o.hz, o.amp ?? 8000, i * 160),
    });
  }
  return out;
}

const rms = (s: Int16Array, from = 0, to = s.length) =>
  Math.sqrt(s.subarray(from, to).reduce((a, v) => a + v * v, 0) / Math.max(1, to - from));
/** Power of one frequency (Goertzel) in a slice, normalised by its length. */
function power(s: Int16Array, hz: number, from = 0, to = s.length): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / 8000);
  let [a, b] = [0, 0];
  for (let i = from; i < to; i++) [a, b] = [s[i]! + k * a - b, a];
  return (a * a + b * b - k * a * b) / (to - from) ** 2;
}

describe('pcap → WAV (rtpengine recordings)', () => {
  it('mixes both parties on one time line: 440 Hz and 1 kHz both audible, the length that of the call', () => {
    const a = party({ n: 150, startMs: 0, sport: 40000, ssrc: 0x1111, ts0: 1000, hz: 440 });
    const b = party({ n: 150, startMs: 3, sport: 40002, ssrc: 0x2222, ts0: 90000, hz: 1000 });
    const wav = pcapToWav([pcap([...a, ...b].sort((x, y) => x.ms - y.ms))]);
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt16LE(34)).toBe(16);
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
    // 3 s of audio, B 3 ms (24 samples) after A.
    expect(samples.length).toBe(24_000 + 24);
    expect(power(samples, 440)).toBeGreaterThan(power(samples, 700) * 100);
    expect(power(samples, 1000)).toBeGreaterThan(power(samples, 700) * 100);
    const ratio = power(samples, 440) / power(samples, 1000);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('a gap (lost packets) is silence, and a late or repeated packet lands once at its RTP time', () => {
    const a = party({ n: 100, startMs: 0, sport: 40000, ssrc: 7, ts0: 0, hz: 440, skip: [40, 41, 42, 43, 44] });
    const late = { ...a[10]!, ms: 990 }; // packet 10 again, arriving a second late
    const samples = mixPcaps([pcap([...a, late].sort((x, y) => x.ms - y.ms))]);
    expect(samples.length).toBe(16_000);
    expect(rms(samples, 40 * 160, 45 * 160)).toBe(0);
    expect(rms(samples, 0, 40 * 160)).toBeGreaterThan(5000);
    // Packet 10's frame holds the tone once, not twice.
    expect(Math.max(...samples.subarray(10 * 160, 11 * 160))).toBeLessThan(8200);
  });

  it('silence between talk spurts follows the arrival time, and a timestamp wrap past 2^32 continues the line', () => {
    const a = [
      ...party({ n: 50, startMs: 0, sport: 40000, ssrc: 9, ts0: 2 ** 32 - 160 * 25, hz: 440 }),
      ...party({
        n: 50,
        startMs: 3000,
        sport: 40000,
        ssrc: 9,
        seq0: 51,
        ts0: (2 ** 32 - 160 * 25 + 150 * 160) % 2 ** 32,
        hz: 440,
      }),
    ];
    const samples = mixPcaps([pcap(a)]);
    expect(samples.length).toBe(4 * 8000);
    expect(rms(samples, 8000, 24_000)).toBe(0);
    expect(rms(samples, 24_000, 32_000)).toBeGreaterThan(5000);
  });

  it('an RTP timestamp jump (a new source on the same SSRC) is placed by its arrival time', () => {
    const a = [
      ...party({ n: 50, startMs: 0, sport: 40000, ssrc: 5, ts0: 0, hz: 440 }),
      ...party({ n: 50, startMs: 1000, sport: 40000, ssrc: 5, seq0: 51, ts0: 5_000_000, hz: 440 }),
    ];
    expect(mixPcaps([pcap(a)]).length).toBe(16_000);
  });

  it('decodes A-law (PT 8); skips telephone-event (PT 101), comfort noise and RTCP', () => {
    expect([muLawDecode(0xff), muLawDecode(0x00), muLawDecode(0x80)]).toEqual([0, -32124, 32124]);
    expect([aLawDecode(0xd5), aLawDecode(0x55), aLawDecode(0xaa)]).toEqual([8, -8, 32256]);
    const alaw = party({
      n: 10,
      startMs: 0,
      sport: 40000,
      ssrc: 1,
      ts0: 0,
      hz: 0,
      pt: 8,
      payload: () => Buffer.alloc(160, 0xaa),
    });
    const dtmf = party({
      n: 10,
      startMs: 200,
      sport: 40000,
      ssrc: 1,
      ts0: 1600,
      hz: 0,
      pt: 101,
      payload: () => Buffer.from([1, 0x8a, 0, 160]),
    });
    const cn = party({
      n: 10,
      startMs: 400,
      sport: 40000,
      ssrc: 1,
      ts0: 3200,
      hz: 0,
      pt: 13,
      payload: () => Buffer.from([0x40]),
    });
    const rtcp = { ms: 500, sport: 40001, seq: 0, ts: 0, ssrc: 1, pt: 72, payload: Buffer.alloc(16) };
    const samples = mixPcaps([pcap([...alaw, ...dtmf, ...cn, rtcp])]);
    expect(samples.length).toBe(1600);
    expect(samples.every((v) => v === 32256)).toBe(true);
    expect(parseRtp(Buffer.from([0x80, 0xc8, 0, 6, ...Array(28).fill(0)]))).toBeNull();
  });

  it('reads big-endian and nanosecond files, Ethernet and Linux cooked frames, and stops at a cut-off last packet', () => {
    const a = party({ n: 50, startMs: 0, sport: 40000, ssrc: 3, ts0: 0, hz: 440 });
    const eth = (ip: Buffer) => Buffer.concat([Buffer.alloc(12), Buffer.from([0x08, 0x00]), ip]);
    const sll = (ip: Buffer) => Buffer.concat([Buffer.alloc(14), Buffer.from([0x08, 0x00]), ip]);
    for (const file of [
      pcap(a, { bigEndian: true }),
      pcap(a, { nano: true }),
      pcap(a, { linkType: 1, frame: eth }),
      pcap(a, { linkType: 113, frame: sll }),
    ]) {
      expect(mixPcaps([file]).length).toBe(8000);
    }
    const whole = pcap(a);
    expect(mixPcaps([whole.subarray(0, whole.length - 50)]).length).toBe(49 * 160);
    const first = parsePcap(whole).packets[0]!;
    expect(udpOf(101, first.frame)).toMatchObject({ source: '127.0.0.1:40000' });
  });

  it('refuses what is not a classic pcap with a PcapFormatError', () => {
    expect(() => parsePcap(Buffer.from('0a0d0d0a1c0000004d3c2b1a01000000ffffffffffffffff', 'hex'))).toThrow(
      PcapFormatError,
    );
    expect(() => parsePcap(Buffer.from('hello, this is not a capture file'))).toThrow(PcapFormatError);
    expect(() => mixPcaps([pcap([], { linkType: 147 })])).not.toThrow();
    expect(() =>
      mixPcaps([pcap(party({ n: 1, startMs: 0, sport: 1, ssrc: 1, ts0: 0, hz: 440 }), { linkType: 147 })]),
    ).toThrow(PcapFormatError);
  });
});

describe("rtpengine's pcap directory", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-pcaps-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names files as rtpengine 10.5 does (g_uri_escape_string), so odd call-ids stay inside the directory', () => {
    expect(rtpengineFileStem('A~b+c=d%e_f.g-h@host')).toBe('A~b%2Bc%3Dd%25e_f.g-h%40host');
    expect(rtpengineFileStem('odd/../call id;x@h')).toBe('odd%2F..%2Fcall%20id%3Bx%40h');
    expect(rtpengineFileStem('../../etc/passwd')).not.toContain('/');
    expect(rtpengineFileStem('ñ')).toBe('%C3%B1');
    expect(stemOf('abc-0123456789abcdef-fedcba9876543210.pcap')).toBe('abc-0123456789abcdef');
    expect(stemOf('abc-0123456789abcdef.txt')).toBeNull();
  });

  it('finds the call by its call-id, never another call whose id starts the same, and mixes its files', async () => {
    const pcaps = new RtpenginePcaps(dir);
    expect(await pcaps.has('x@y')).toBe(false); // no pcaps directory yet
    fs.mkdirSync(path.join(dir, 'pcaps'));
    const a = pcap(party({ n: 100, startMs: 0, sport: 40000, ssrc: 1, ts0: 0, hz: 440 }));
    fs.writeFileSync(path.join(dir, 'pcaps', `${rtpengineFileStem('call-1@host')}-00112233445566aa.pcap`), a);
    fs.writeFileSync(
      path.join(dir, 'pcaps', `${rtpengineFileStem('call-1@host-0123456789abcdef')}-00112233445566bb.pcap`),
      pcap(party({ n: 300, startMs: 0, sport: 40000, ssrc: 1, ts0: 0, hz: 440 })),
    );
    fs.writeFileSync(
      path.join(dir, 'pcaps', `${rtpengineFileStem('broken@host')}-00112233445566cc.pcap`),
      'not a pcap',
    );
    expect(await pcaps.has('call-1@host')).toBe(true);
    expect(await pcaps.has('call-1')).toBe(false);
    const wav = (await pcaps.wav('call-1@host'))!;
    expect((wav.length - 44) / 16_000).toBe(2);
    expect(await pcaps.wav('../pcaps/call-1@host')).toBeNull();
    expect(await pcaps.wav('broken@host')).toBeNull();
    // A new file (the directory changed) is seen at once.
    fs.writeFileSync(path.join(dir, 'pcaps', `${rtpengineFileStem('call-2@host')}-00112233445566dd.pcap`), a);
    expect(await pcaps.has('call-2@host')).toBe(true);
  });
});
