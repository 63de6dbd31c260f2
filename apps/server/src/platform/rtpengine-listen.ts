import dgram from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { CallMixer } from './call-mixer';
import type { CallAudioSource } from './connector';
import type { NgClient } from './rtpengine-ng';

/** One m= section of rtpengine's sendonly offer. */
export interface OfferedMedia {
  type: string;
  port: number;
  proto: string;
  formats: string[];
  mid?: string;
  rtcpMux: boolean;
}

/** The m= sections of an SDP (rtpengine's subscribe offer: one per call party). */
export function offeredMedia(sdp: string): OfferedMedia[] {
  const out: OfferedMedia[] = [];
  for (const line of sdp.split(/\r?\n/)) {
    const m = /^m=(\S+) (\d+)(?:\/\d+)? (\S+)((?: \S+)*)\s*$/.exec(line);
    if (m) {
      out.push({
        type: m[1]!,
        port: Number(m[2]),
        proto: m[3]!,
        formats: m[4]!.trim().split(' ').filter(Boolean),
        rtcpMux: false,
      });
      continue;
    }
    const last = out[out.length - 1];
    if (!last) continue;
    const mid = /^a=mid:(\S+)/.exec(line);
    if (mid) last.mid = mid[1]!;
    if (/^a=rtcp-mux\b/.test(line)) last.rtcpMux = true;
  }
  return out;
}

/**
 * The recvonly answer: PCMU on `ports[i]` for each offered audio section (RTCP to the same port: rtcp-mux when
 * offered, else a=rtcp), every other section refused with port 0. `ports[i]` is null for a refused section.
 */
export function answerSdp(media: OfferedMedia[], ports: (number | null)[], address: string): string {
  const ip = address.includes(':') ? 'IP6' : 'IP4';
  const lines = [
    'v=0',
    `o=- ${Date.now()} 1 IN ${ip} ${address}`,
    's=Provisio listen-in',
    `c=IN ${ip} ${address}`,
    't=0 0',
  ];
  media.forEach((m, i) => {
    const port = ports[i];
    if (port == null) {
      lines.push(`m=${m.type} 0 ${m.proto} ${m.formats[0] ?? '0'}`);
      if (m.mid) lines.push(`a=mid:${m.mid}`);
      return;
    }
    lines.push(`m=audio ${port} ${m.proto} 0`, 'a=rtpmap:0 PCMU/8000', 'a=ptime:20', 'a=recvonly');
    if (m.mid) lines.push(`a=mid:${m.mid}`);
    lines.push(m.rtcpMux ? 'a=rtcp-mux' : `a=rtcp:${port}`);
  });
  return `${lines.join('\r\n')}\r\n`;
}

function bind(address: string): Promise<dgram.Socket> {
  const socket = dgram.createSocket(address.includes(':') ? 'udp6' : 'udp4');
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, address, () => {
      socket.off('error', reject);
      // A late ICMP error on a media socket must not crash the server; the listener just hears less.
      socket.on('error', () => undefined);
      resolve(socket);
    });
  });
}

/** A live subscription: the mixed audio, plus what identifies it in rtpengine (tests and diagnostics). */
export interface Subscription extends CallAudioSource {
  toTag: string;
  ports: number[];
}

/**
 * Subscribes to every party of a call in rtpengine (offer/answer parties, `flags: all`), plain RTP and PCMU,
 * receives each party on its own UDP socket and mixes them. close() unsubscribes (best effort: rtpengine drops
 * a subscription with its call anyway) and closes the sockets.
 */
export async function openSubscription(ng: NgClient, callId: string): Promise<Subscription> {
  const toTag = `listen-${randomBytes(6).toString('hex')}`;
  const offer = await ng.command('subscribe request', {
    'call-id': callId,
    'to-tag': toTag,
    flags: ['all'],
    'transport-protocol': 'RTP/AVP',
    ICE: 'remove',
    SDES: ['off'],
    codec: { transcode: ['PCMU'] },
  });
  const media = offeredMedia(typeof offer.sdp === 'string' ? offer.sdp : '');
  const unsubscribe = () =>
    ng.command('unsubscribe', { 'call-id': callId, 'to-tag': toTag }).then(
      () => undefined,
      () => undefined,
    );
  const sockets: dgram.Socket[] = [];
  const closeSockets = () => sockets.forEach((s) => s.close());
  try {
    const address = await ng.localAddress();
    const ports: (number | null)[] = [];
    for (const m of media) {
      if (m.type !== 'audio' || m.port === 0) {
        ports.push(null);
        continue;
      }
      const s = await bind(address);
      sockets.push(s);
      ports.push(s.address().port);
    }
    const mixer = new CallMixer(sockets.length);
    sockets.forEach((s, i) => s.on('message', (packet) => mixer.push(i, packet)));
    await ng.command('subscribe answer', {
      'call-id': callId,
      'to-tag': toTag,
      sdp: answerSdp(media, ports, address),
      flags: ['allow transcoding'],
    });
    let closed = false;
    return {
      toTag,
      ports: ports.filter((p): p is number => p !== null),
      nextFrame: () => mixer.nextFrame(),
      close() {
        if (closed) return;
        closed = true;
        closeSockets();
        void unsubscribe();
      },
    };
  } catch (err) {
    closeSockets();
    void unsubscribe();
    throw err;
  }
}
