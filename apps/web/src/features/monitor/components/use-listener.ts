import type { ActiveChannel } from '@provisio/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { startListening, stopListening } from '../api/monitor-client';

export interface Listening {
  callId: string;
  state: RTCPeerConnectionState | 'starting' | 'stopped';
  /** inbound-rtp packetsReceived of the audio track, from the browser's WebRTC stats. */
  packets: number;
  /** What the browser hears, from a Web Audio analyser on the received track (null before audio flows). */
  sound: Sound | null;
}

export interface Sound {
  /** RMS level of the last 128 ms, 0..1. */
  level: number;
  /** The strongest frequency in Hz (0 in silence). */
  peakHz: number;
}

/** RMS level and strongest frequency of what an analyser hears now. */
function measure(analyser: AnalyserNode, sampleRate: number): Sound {
  const wave = new Float32Array(analyser.fftSize);
  analyser.getFloatTimeDomainData(wave);
  let sum = 0;
  for (const v of wave) sum += v * v;
  const level = Math.sqrt(sum / wave.length);
  const bins = new Float32Array(analyser.frequencyBinCount);
  analyser.getFloatFrequencyData(bins);
  let best = 1;
  for (let i = 2; i < bins.length; i++) if (bins[i]! > bins[best]!) best = i;
  return { level, peakHz: level < 0.003 ? 0 : Math.round((best * sampleRate) / analyser.fftSize) };
}

interface Session {
  pc: RTCPeerConnection;
  location: string | null;
  timer: number | undefined;
  meter: number | undefined;
  context: AudioContext | null;
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
    window.clearInterval(s.meter);
    void s.context?.close().catch(() => undefined);
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
      const s: Session = { pc, location: null, timer: undefined, meter: undefined, context: null };
      session.current = s;
      setListening({ callId: channel.SIPCallID, state: 'starting', packets: 0, sound: null });
      pc.addTransceiver('audio', { direction: 'recvonly' });
      pc.ontrack = (event) => {
        if (!audio.current) return;
        const stream = event.streams[0] ?? new MediaStream([event.track]);
        audio.current.srcObject = stream;
        void audio.current.play().catch(() => undefined);
        // A level meter (and the strongest frequency) of what arrives, so the listener sees sound before hearing it.
        if (typeof AudioContext === 'undefined' || s.context) return;
        const context = new AudioContext();
        s.context = context;
        void context.resume().catch(() => undefined);
        const analyser = context.createAnalyser();
        analyser.fftSize = 2048;
        context.createMediaStreamSource(stream).connect(analyser);
        s.meter = window.setInterval(() => {
          if (session.current === s)
            setListening((l) => (l ? { ...l, sound: measure(analyser, context.sampleRate) } : l));
        }, 250);
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
