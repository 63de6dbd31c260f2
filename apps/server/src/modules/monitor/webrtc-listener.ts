import { randomInt } from 'node:crypto';
// werift loads on the first listen-in, not with the server (about 0.25 s of CPU off every start).
import type * as Werift from 'werift';
import type { CallAudioSource } from '../../platform/connector';

const FRAME_MS = 20;
const SAMPLES_PER_FRAME = 160;
/** The most frames one late tick sends to catch up (100 ms). */
const MAX_CATCH_UP = 5;

export interface Listener {
  answer: string;
  /** Resolves once, when the peer connection ends for any reason. */
  ended: Promise<'failed' | 'closed'>;
  close(): void;
}

/**
 * Answers a browser's recvonly offer with a sendonly PCMU track (werift, host candidates only) and feeds it one
 * 20 ms RTP packet of the call's audio at a time. Closing stops the clock, the audio source and the connection.
 */
export async function answerListener(offerSdp: string, audio: CallAudioSource): Promise<Listener> {
  const { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket }: typeof Werift =
    await import('werift');
  const pc = new RTCPeerConnection({
    iceServers: [],
    iceAdditionalHostAddresses: ['127.0.0.1'],
    codecs: {
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/PCMU', clockRate: 8000, channels: 1, payloadType: 0 })],
      video: [],
    },
  });
  let timer: NodeJS.Timeout | undefined;
  let finish: (why: 'failed' | 'closed') => void = () => undefined;
  const ended = new Promise<'failed' | 'closed'>((resolve) => (finish = resolve));
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    audio.close();
    void pc.close().catch(() => undefined);
    finish('closed');
  };
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    const transceiver = pc.getTransceivers().find((t) => t.kind === 'audio');
    if (!transceiver) throw new Error('the offer has no audio');
    const track = new MediaStreamTrack({ kind: 'audio' });
    transceiver.setDirection('sendonly');
    await transceiver.sender.replaceTrack(track);
    await pc.setLocalDescription(await pc.createAnswer());
    const answer = pc.localDescription?.sdp;
    if (!answer) throw new Error('no answer');
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'failed' || state === 'closed' || state === 'disconnected') {
        finish(state === 'failed' ? 'failed' : 'closed');
        close();
      }
    });
    let seq = randomInt(0, 65536);
    let ts = randomInt(0, 2 ** 31);
    let first = true;
    // Frames go out by the clock, not by timer ticks: a busy event loop skips ticks, so each tick sends every frame
    // due since the last one (at most MAX_CATCH_UP; beyond that the audio is late anyway and the clock restarts).
    let sent = 0;
    let clockStart = 0;
    timer = setInterval(() => {
      if (pc.connectionState !== 'connected') return;
      const now = performance.now();
      if (first) clockStart = now;
      let due = Math.floor((now - clockStart) / FRAME_MS) + 1 - sent;
      if (due > MAX_CATCH_UP) {
        clockStart = now - sent * FRAME_MS;
        due = 1;
      }
      for (; due > 0; due--, sent++) {
        const header = new RtpHeader({ payloadType: 0, sequenceNumber: seq, timestamp: ts, marker: first });
        track.writeRtp(new RtpPacket(header, audio.nextFrame()));
        seq = (seq + 1) & 0xffff;
        ts = (ts + SAMPLES_PER_FRAME) >>> 0;
        first = false;
      }
    }, FRAME_MS);
    return { answer, ended, close };
  } catch (err) {
    close();
    throw err;
  }
}
