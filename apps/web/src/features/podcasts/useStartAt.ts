import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** `?t=` in seconds (what transcript search links carry); null when absent or not a time. */
export function parseStartAt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,6}(\.\d{1,3})?$/.test(raw)) return null;
  return Number(raw);
}

/** Plays the track from `?t=` once, when the page opens with one (then drops it from the URL). */
export function useStartAt<T extends { id: string }>(track: T, seekTo: (seconds: number) => void) {
  const [params, setParams] = useSearchParams();
  const done = useRef<string | null>(null);
  const t = parseStartAt(params.get('t'));
  useEffect(() => {
    if (t === null || done.current === track.id) return;
    done.current = track.id;
    seekTo(t);
    setParams(
      (p) => {
        p.delete('t');
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [t, track.id, seekTo, setParams]);
}
