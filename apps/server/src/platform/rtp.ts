/** RTP packets and G.711 audio, as listen-in (call-mixer.ts) and recordings (pcap-wav.ts) read them. */

/** G.711 µ-law byte → 16-bit linear sample (ITU-T G.711, the inverse of builtin-audio's muLaw). */
export function muLawDecode(byte: number): number {
  const u = ~byte & 0xff;
  const t = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
  return u & 0x80 ? 0x84 - t : t - 0x84;
}

/** G.711 A-law byte → 16-bit linear sample. */
export function aLawDecode(byte: number): number {
  const a = byte ^ 0x55;
  const exponent = (a & 0x70) >> 4;
  let t = (a & 0x0f) << 4;
  t = exponent === 0 ? t + 8 : (t + 0x108) << (exponent - 1);
  return a & 0x80 ? t : -t;
}

/** Decoding tables by RTP payload type: 0 PCMU, 8 PCMA (the codecs rtpengine hands over here). */
export const G711_DECODE: Readonly<Record<number, Int16Array>> = {
  0: Int16Array.from({ length: 256 }, (_, b) => muLawDecode(b)),
  8: Int16Array.from({ length: 256 }, (_, b) => aLawDecode(b)),
};

export interface RtpPacket {
  payloadType: number;
  sequence: number;
  timestamp: number;
  ssrc: number;
  payload: Buffer;
}

/** An RTP packet (version 2; CSRCs, header extension and padding skipped); null for RTCP, other versions and junk. */
export function parseRtp(packet: Buffer): RtpPacket | null {
  if (packet.length < 12 || packet[0]! >> 6 !== 2) return null;
  const payloadType = packet[1]! & 0x7f;
  // RTCP shares the port when it is not muxed away: packet types 200-204 read as marker + 72..76.
  if (payloadType >= 72 && payloadType <= 76) return null;
  let offset = 12 + (packet[0]! & 0x0f) * 4;
  if (packet[0]! & 0x10) {
    if (packet.length < offset + 4) return null;
    offset += 4 + packet.readUInt16BE(offset + 2) * 4;
  }
  let end = packet.length;
  if (packet[0]! & 0x20) end -= packet[end - 1]!;
  if (end < offset) return null;
  return {
    payloadType,
    sequence: packet.readUInt16BE(2),
    timestamp: packet.readUInt32BE(4),
    ssrc: packet.readUInt32BE(8),
    payload: packet.subarray(offset, end),
  };
}
