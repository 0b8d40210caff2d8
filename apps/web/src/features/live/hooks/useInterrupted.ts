import { useEffect, useRef, useState } from 'react';
import { onEvent } from '../../../lib/socket';

/**
 * Whether the broadcast is interrupted right now (ADR 0046): from `live.interrupted` (the process
 * holding it died) until `live.resumed`, its end, or the player playing again after it stopped
 * (its reconnect found the broadcast wherever it came back).
 */
export function useInterrupted(streamId: string, playing: boolean): boolean {
  const [interrupted, setInterrupted] = useState(false);
  const stoppedSince = useRef(false);
  useEffect(() => {
    const topic = `live:${streamId}`;
    const clear = () => setInterrupted(false);
    const offs = [
      onEvent(topic, 'live.interrupted', () => {
        stoppedSince.current = false;
        setInterrupted(true);
      }),
      onEvent(topic, 'live.resumed', clear),
      onEvent(topic, 'live.started', clear),
      onEvent(topic, 'live.ended', clear),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [streamId]);
  useEffect(() => {
    if (!interrupted) return;
    if (!playing) stoppedSince.current = true;
    else if (stoppedSince.current) setInterrupted(false);
  }, [interrupted, playing]);
  return interrupted;
}
