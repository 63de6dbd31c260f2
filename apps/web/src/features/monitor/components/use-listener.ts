import type { ActiveChannel } from '@provisio/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { startListening, stopListening } from '../api/monitor-client';

export interface Listening {
  callId: string;
  state: RTCPeerConnectionState | 'starting' | 'stopped';
  /** inbound-rtp packetsReceived of the audio track, from the browser's WebRTC stats. */
  packets: number;
}

interface Session {
  pc: RTCPeerConnection;
  location: string | null;
  timer: number | undefined;
}

function iceGathered(pc: RTCPeerConnection, ms = 3000): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => pc.iceGatheringState === 'complete' && done();
    pc.addEventListener('icegatheringstatechange', check);
    window.setTimeout(done, ms);
  });
}

/**
 * One listen-in at a time: a receive-only WebRTC leg whose offer goes to monitor/{SIPCallID}; the remote audio
 * plays in `audio`, and the packets received are polled from getStats so the user sees that sound arrives.
 */
export function useListener(base: string | undefined, audio: React.RefObject<HTMLAudioElement | null>) {
  const session = useRef<Session | null>(null);
  const [listening, setListening] = useState<Listening | null>(null);

  const stop = useCallback(async () => {
    const s = session.current;
    session.current = null;
    if (!s) return;
    window.clearInterval(s.timer);
    s.pc.close();
    if (audio.current) audio.current.srcObject = null;
    setListening((l) => (l ? { ...l, state: 'stopped' } : l));
    if (s.location) await stopListening(s.location).catch(() => undefined);
  }, [audio]);

  const start = useCallback(
    async (channel: ActiveChannel) => {
      await stop();
      if (!base) return;
      const pc = new RTCPeerConnection({ iceServers: [] });
      const s: Session = { pc, location: null, timer: undefined };
      session.current = s;
      setListening({ callId: channel.SIPCallID, state: 'starting', packets: 0 });
      pc.addTransceiver('audio', { direction: 'recvonly' });
      pc.ontrack = (event) => {
        if (!audio.current) return;
        audio.current.srcObject = event.streams[0] ?? new MediaStream([event.track]);
        void audio.current.play().catch(() => undefined);
      };
      pc.onconnectionstatechange = () => {
        if (session.current === s) setListening((l) => (l ? { ...l, state: pc.connectionState } : l));
      };
      try {
        await pc.setLocalDescription(await pc.createOffer());
        await iceGathered(pc);
        const { answer, location } = await startListening(base, channel, pc.localDescription!.sdp);
        s.location = location;
        if (session.current !== s) return void stopListening(location).catch(() => undefined);
        await pc.setRemoteDescription({ type: 'answer', sdp: answer });
      } catch (error) {
        if (session.current === s) await stop();
        setListening(null);
        throw error;
      }
      s.timer = window.setInterval(() => {
        void pc.getStats().then((stats) => {
          let packets = 0;
          stats.forEach((report: { type: string; kind?: string; packetsReceived?: number }) => {
            if (report.type === 'inbound-rtp' && report.kind === 'audio') packets += report.packetsReceived ?? 0;
          });
          if (session.current === s) setListening((l) => (l ? { ...l, packets } : l));
        });
      }, 1000);
    },
    [audio, base, stop],
  );

  // Leaving the page ends the listen-in on the server too.
  useEffect(() => () => void stop(), [stop]);

  return { listening, start, stop };
}
