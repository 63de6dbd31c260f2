/**
 * A call's pcap (rtpengine `recording-method = pcap`) turned into one mixed WAV (8 kHz, 16-bit, mono) — issue #15.
 *
 * rtpengine 10.5 writes classic libpcap files, link type 101 (LINKTYPE_RAW: a fake IPv4/IPv6 + UDP header per packet,
 * no link layer; `recording-format = eth` adds a fake Ethernet header, type 1), holding the RTP each party sent to
 * rtpengine. Each stream (source address + SSRC) is placed on the call's time line by its RTP timestamp, anchored at
 * the arrival time of its first packet (re-anchored when the timestamp jumps away from the arrival time by over a
 * second); the streams are added with saturation. G.711 µ-law (PT 0) and A-law (PT 8) are decoded; other payload
 * types (telephone-event, comfort noise) and RTCP are skipped; gaps are silence. A file rtpengine is still writing
 * may end in a cut packet: the packets before it count.
 */

import { G711_DECODE, type RtpPacket, parseRtp } from './rtp';

export const WAV_RATE = 8000;
/** Longer recordings (or pcaps whose packets lie far apart in time) are cut at this length. */
export const MAX_WAV_SECONDS = 4 * 3600;

const LINK = {
  NULL: 0,
  ETHERNET: 1,
  RAW_OLD: 12,
  RAW_BSD: 14,
  RAW: 101,
  LINUX_SLL: 113,
  IPV4: 228,
  IPV6: 229,
  LINUX_SLL2: 276,
} as const;

export class PcapFormatError extends Error {}

export interface PcapPacket {
  /** Arrival time in microseconds since the epoch. */
  timeUs: number;
  frame: Buffer;
}

/** The packets of a classic libpcap file (either byte order, micro- or nanosecond stamps). pcapng is refused. */
export function parsePcap(buf: Buffer): { linkType: number; packets: PcapPacket[] } {
  if (buf.length < 24) throw new PcapFormatError('not a pcap file (too short)');
  const magic = buf.readUInt32LE(0);
  let le: boolean;
  let nano: boolean;
  if (magic === 0xa1b2c3d4 || magic === 0xa1b23c4d) [le, nano] = [true, magic === 0xa1b23c4d];
  else if (magic === 0xd4c3b2a1 || magic === 0x4d3cb2a1) [le, nano] = [false, magic === 0x4d3cb2a1];
  else if (magic === 0x0a0d0d0a) throw new PcapFormatError('pcapng is not supported (rtpengine writes classic pcap)');
  else throw new PcapFormatError('not a pcap file (bad magic)');
  const u32 = (o: number) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const linkType = u32(20) & 0x0fffffff;
  const packets: PcapPacket[] = [];
  for (let o = 24; o + 16 <= buf.length;) {
    const sec = u32(o);
    const frac = u32(o + 4);
    const caplen = u32(o + 8);
    if (o + 16 + caplen > buf.length) break; // cut off while rtpengine was writing
    packets.push({
      timeUs: sec * 1e6 + (nano ? Math.floor(frac / 1000) : frac),
      frame: buf.subarray(o + 16, o + 16 + caplen),
    });
    o += 16 + caplen;
  }
  return { linkType, packets };
}

export interface UdpDatagram {
  source: string;
  payload: Buffer;
}

/** The network-layer packet inside one frame of the given link type; null for other protocols. */
function networkLayer(linkType: number, f: Buffer): Buffer | null {
  switch (linkType) {
    case LINK.RAW:
    case LINK.RAW_OLD:
    case LINK.RAW_BSD:
    case LINK.IPV4:
    case LINK.IPV6:
      return f;
    case LINK.NULL: {
      if (f.length < 4) return null;
      const family = f.readUInt32LE(0) === 2 || f.readUInt32BE(0) === 2 ? 4 : 6;
      return f[4]! >> 4 === family ? f.subarray(4) : null;
    }
    case LINK.ETHERNET: {
      let o = 12;
      while (f.length >= o + 2 && (f.readUInt16BE(o) === 0x8100 || f.readUInt16BE(o) === 0x88a8)) o += 4;
      if (f.length < o + 2) return null;
      const type = f.readUInt16BE(o);
      return type === 0x0800 || type === 0x86dd ? f.subarray(o + 2) : null;
    }
    case LINK.LINUX_SLL:
      return f.length >= 16 && [0x0800, 0x86dd].includes(f.readUInt16BE(14)) ? f.subarray(16) : null;
    case LINK.LINUX_SLL2:
      return f.length >= 20 && [0x0800, 0x86dd].includes(f.readUInt16BE(0)) ? f.subarray(20) : null;
    default:
      throw new PcapFormatError(`pcap link type ${linkType} is not supported`);
  }
}

/** The UDP payload of an IPv4 or IPv6 packet (unfragmented); null for anything else. */
export function udpOf(linkType: number, frame: Buffer): UdpDatagram | null {
  const ip = networkLayer(linkType, frame);
  if (!ip || ip.length < 1) return null;
  let udp: Buffer;
  let source: string;
  if (ip[0]! >> 4 === 4) {
    const ihl = (ip[0]! & 0x0f) * 4;
    if (ip.length < ihl + 8 || ip[9] !== 17) return null;
    if (ip.readUInt16BE(6) & 0x3fff) return null; // a fragment
    const total = ip.readUInt16BE(2);
    udp = ip.subarray(ihl, total >= ihl + 8 && total <= ip.length ? total : ip.length);
    source = `${ip[12]}.${ip[13]}.${ip[14]}.${ip[15]}`;
  } else if (ip[0]! >> 4 === 6) {
    if (ip.length < 48 || ip[6] !== 17) return null; // no extension headers expected from rtpengine
    udp = ip.subarray(40, Math.min(ip.length, 40 + ip.readUInt16BE(4)));
    source = `[${ip.subarray(8, 24).toString('hex')}]`;
  } else {
    return null;
  }
  if (udp.length < 8) return null;
  const len = udp.readUInt16BE(4);
  return {
    source: `${source}:${udp.readUInt16BE(0)}`,
    payload: udp.subarray(8, len >= 8 && len <= udp.length ? len : udp.length),
  };
}

interface Stream {
  /** Sample position of the anchor packet on the call's time line, and its unwrapped RTP timestamp. */
  anchorPos: number;
  anchorTs: number;
  lastTs: number;
  /** Unwrapped timestamps already written (a duplicate must not be added twice). */
  seen: Set<number>;
}

/**
 * Mixes the G.711 audio of one or more pcaps of a call (a call recorded in several files counts as one time line)
 * into 16-bit samples at 8 kHz; the first audio packet is at sample 0.
 */
export function mixPcaps(files: Buffer[]): Int16Array {
  const packets: { timeUs: number; source: string; rtp: RtpPacket }[] = [];
  for (const file of files) {
    const { linkType, packets: frames } = parsePcap(file);
    for (const f of frames) {
      const udp = udpOf(linkType, f.frame);
      const rtp = udp && parseRtp(udp.payload);
      if (rtp && G711_DECODE[rtp.payloadType]) packets.push({ timeUs: f.timeUs, source: udp.source, rtp });
    }
  }
  if (packets.length === 0) return new Int16Array(0);
  packets.sort((a, b) => a.timeUs - b.timeUs);
  const t0 = packets[0]!.timeUs;
  const max = MAX_WAV_SECONDS * WAV_RATE;
  const streams = new Map<string, Stream>();
  let mix = new Int16Array(WAV_RATE * 60);
  let length = 0;
  for (const { timeUs, source, rtp } of packets) {
    const arrivalPos = Math.round(((timeUs - t0) * WAV_RATE) / 1e6);
    const key = `${source}/${rtp.ssrc}`;
    let s = streams.get(key);
    let ts = rtp.timestamp;
    if (s) {
      // The 32-bit timestamp unwrapped to the value nearest the stream's last one.
      ts = s.lastTs + ((((rtp.timestamp - s.lastTs) % 2 ** 32) + 2 ** 32 + 2 ** 31) % 2 ** 32) - 2 ** 31;
      if (Math.abs(s.anchorPos + (ts - s.anchorTs) - arrivalPos) > WAV_RATE) s = undefined; // a jump: anchor afresh
    }
    if (!s) {
      s = { anchorPos: arrivalPos, anchorTs: ts, lastTs: ts, seen: new Set() };
      streams.set(key, s);
    }
    s.lastTs = ts;
    if (s.seen.has(ts)) continue;
    s.seen.add(ts);
    const pos = s.anchorPos + (ts - s.anchorTs);
    const n = Math.min(rtp.payload.length, max - pos);
    if (pos < 0 || n <= 0) continue;
    if (pos + n > mix.length) {
      const grown = new Int16Array(Math.min(max, Math.max(mix.length * 2, pos + n + WAV_RATE * 60)));
      grown.set(mix.subarray(0, length));
      mix = grown;
    }
    const table = G711_DECODE[rtp.payloadType]!;
    for (let i = 0; i < n; i++) {
      const v = mix[pos + i]! + table[rtp.payload[i]!]!;
      mix[pos + i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
    }
    length = Math.max(length, pos + n);
  }
  return mix.subarray(0, length);
}

/** A WAV file (RIFF, PCM 16-bit little-endian, mono, 8 kHz) holding the samples. */
export function wavFile(samples: Int16Array, rate = WAV_RATE): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) data.writeInt16LE(samples[i]!, i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** One call's pcap file(s) → a mixed WAV. */
export function pcapToWav(files: Buffer[]): Buffer {
  return wavFile(mixPcaps(files));
}
