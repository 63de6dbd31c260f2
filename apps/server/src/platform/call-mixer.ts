import { FRAME_SAMPLES, muLaw } from './builtin-audio';
import { G711_DECODE, type RtpPacket, parseRtp } from './rtp';

/** 20 ms frames a party's buffer holds at most (~200 ms): older audio is dropped so the listener stays close to live. */
export const MAX_BUFFERED_FRAMES = 10;

/**
 * One party of the call: decoded samples in arrival order, bounded. A packet older than the last one taken (a
 * duplicate or one arriving too late) is dropped; a new SSRC (re-INVITE, another source) starts afresh.
 */
class PartyBuffer {
  private chunks: Int16Array[] = [];
  private buffered = 0;
  private lastSeq = -1;
  private ssrc = -1;

  push(rtp: RtpPacket): void {
    const table = G711_DECODE[rtp.payloadType];
    if (!table || rtp.payload.length === 0) return;
    if (rtp.ssrc !== this.ssrc) {
      this.ssrc = rtp.ssrc;
      this.lastSeq = -1;
    } else if (this.lastSeq >= 0) {
      const delta = (rtp.sequence - this.lastSeq) & 0xffff;
      if (delta === 0 || delta >= 0x8000) return;
    }
    this.lastSeq = rtp.sequence;
    const pcm = new Int16Array(rtp.payload.length);
    for (let i = 0; i < pcm.length; i++) pcm[i] = table[rtp.payload[i]!]!;
    this.chunks.push(pcm);
    this.buffered += pcm.length;
    const max = MAX_BUFFERED_FRAMES * FRAME_SAMPLES;
    while (this.buffered > max) {
      const over = this.buffered - max;
      const head = this.chunks[0]!;
      if (head.length <= over) {
        this.chunks.shift();
        this.buffered -= head.length;
      } else {
        this.chunks[0] = head.subarray(over);
        this.buffered -= over;
      }
    }
  }

  /** Adds up to one frame of this party's samples into `mix`; the rest of the frame stays silent. */
  takeInto(mix: Int32Array): boolean {
    if (this.buffered === 0) return false;
    let filled = 0;
    while (filled < mix.length && this.chunks.length) {
      const head = this.chunks[0]!;
      const n = Math.min(head.length, mix.length - filled);
      for (let i = 0; i < n; i++) mix[filled + i]! += head[i]!;
      filled += n;
      if (n === head.length) this.chunks.shift();
      else this.chunks[0] = head.subarray(n);
      this.buffered -= n;
    }
    return true;
  }

  get samples(): number {
    return this.buffered;
  }
}

/**
 * Mixes the RTP of a call's parties (one stream per party, G.711 µ-law or A-law) into 20 ms PCMU frames, pulled at
 * the listener's pace: each pull takes up to 20 ms from every party, sums and clips them; silence when nothing waits.
 */
export class CallMixer {
  private readonly parties: PartyBuffer[];
  private static readonly SILENCE = Buffer.alloc(FRAME_SAMPLES, 0xff);

  constructor(parties: number) {
    this.parties = Array.from({ length: parties }, () => new PartyBuffer());
  }

  /** Feeds one received UDP datagram of party `index`; RTCP and other payload types are ignored. */
  push(index: number, packet: Buffer): void {
    const rtp = parseRtp(packet);
    if (rtp) this.parties[index]?.push(rtp);
  }

  nextFrame(): Buffer {
    const mix = new Int32Array(FRAME_SAMPLES);
    let any = false;
    for (const p of this.parties) any = p.takeInto(mix) || any;
    if (!any) return Buffer.from(CallMixer.SILENCE);
    const out = Buffer.alloc(FRAME_SAMPLES);
    for (let i = 0; i < FRAME_SAMPLES; i++) out[i] = muLaw(Math.max(-32768, Math.min(32767, mix[i]!)));
    return out;
  }

  /** Samples waiting per party (tests, diagnostics). */
  buffered(): number[] {
    return this.parties.map((p) => p.samples);
  }
}
