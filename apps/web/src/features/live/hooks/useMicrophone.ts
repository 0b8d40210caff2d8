import { MESSAGES, MIC_CONSTRAINTS } from '@wavecast/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { levelFromRms } from '../lib/level';

export type MicPermission = 'prompt' | 'granted' | 'denied';

/** How often the level meter is read (enough for a smooth bar without re-rendering every frame). */
const LEVEL_INTERVAL_MS = 80;

/**
 * The creator's microphone: permission state, the capture stream (the spec's constraints), a
 * mute toggle (the audio track is disabled, so listeners hear silence) and a 0–100 level.
 */
export function useMicrophone() {
  const [permission, setPermission] = useState<MicPermission>('prompt');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [muted, setMuted] = useState(false);
  const [level, setLevel] = useState(0);
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    for (const t of streamRef.current?.getTracks() ?? []) t.stop();
    streamRef.current = null;
    setStream(null);
    setLevel(0);
  }, []);

  const acquire = useCallback(async (opts: { quiet?: boolean } = {}): Promise<MediaStream | null> => {
    if (streamRef.current?.active) return streamRef.current;
    try {
      const s = await navigator.mediaDevices.getUserMedia({ audio: { ...MIC_CONSTRAINTS } });
      streamRef.current = s;
      setStream(s);
      setPermission('granted');
      setMuted(false);
      if (!opts.quiet) toast.success(MESSAGES.micGranted);
      return s;
    } catch {
      setPermission('denied');
      if (!opts.quiet) toast.error(MESSAGES.micDenied);
      return null;
    }
  }, []);

  // The browser may already know the answer (granted earlier, or blocked): reflect it, and open
  // the microphone at once when it was granted before, so the meter moves.
  useEffect(() => {
    let status: PermissionStatus | null = null;
    let cancelled = false;
    navigator.permissions
      ?.query({ name: 'microphone' as PermissionName })
      .then((s) => {
        if (cancelled) return;
        status = s;
        setPermission(s.state);
        if (s.state === 'granted') void acquire({ quiet: true });
        s.onchange = () => setPermission(s.state);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      if (status) status.onchange = null;
    };
  }, [acquire]);

  useEffect(() => stop, [stop]);

  // Level: RMS of the signal on a dBFS scale (see levelFromRms).
  useEffect(() => {
    if (!stream) return;
    const ctx = new AudioContext();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 1024;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const data = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(data);
      let sum = 0;
      for (const v of data) sum += v * v;
      setLevel(levelFromRms(Math.sqrt(sum / data.length)));
    }, LEVEL_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      void ctx.close();
    };
  }, [stream]);

  const toggleMute = useCallback(() => {
    const next = !muted;
    for (const t of streamRef.current?.getAudioTracks() ?? []) t.enabled = !next;
    setMuted(next);
  }, [muted]);

  return { permission, stream, muted, level: muted ? 0 : level, acquire, stop, toggleMute };
}
