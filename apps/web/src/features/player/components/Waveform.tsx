import { useQuery } from '@tanstack/react-query';
import { formatTime } from '@wavecast/shared';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { normalizePeaks, resamplePeaks } from '../lib/peaks';

export interface WaveformMarker {
  id: string;
  seconds: number;
  /** Read by screen readers and shown on hover. */
  label: string;
  avatarUrl?: string | null;
}

const BAR_WIDTH = 2;
const BAR_GAP = 1;
/** The bars' height without peaks (still processing, or not loaded yet), as a share of the full height. */
const FLAT_PEAK = 0.15;
const barHeight = (v: number, height: number) => Math.max(2, v * (height - 2));

/**
 * The flat line of bars in CSS, under the canvas until the peaks are drawn: a server-rendered first
 * view (ADR 0022) has no canvas drawing, and React's first render then looks the same.
 */
const flatLine = (height: number) =>
  `repeating-linear-gradient(90deg, var(--color-border) 0 ${BAR_WIDTH}px, transparent ${BAR_WIDTH}px ${BAR_WIDTH + BAR_GAP}px) center / 100% ${barHeight(FLAT_PEAK, height)}px no-repeat`;

function usePeaks(peaksUrl: string | null | undefined) {
  return useQuery({
    queryKey: ['peaks', peaksUrl],
    queryFn: async () => {
      const res = await fetch(peaksUrl as string, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`peaks ${res.status}`);
      return normalizePeaks(await res.json());
    },
    enabled: !!peaksUrl,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/**
 * The seek bar: the track's waveform on a canvas (played part highlighted), seekable by pointer
 * and keyboard, with comment markers that seek to their moment.
 */
export function Waveform({
  peaksUrl,
  duration,
  currentTime,
  onSeek,
  markers = [],
  onMarker,
  height = 40,
  label = 'Seek',
  className,
}: {
  peaksUrl: string | null | undefined;
  duration: number;
  currentTime: number;
  onSeek: (seconds: number) => void;
  markers?: WaveformMarker[];
  onMarker?: (marker: WaveformMarker) => void;
  height?: number;
  label?: string;
  className?: string;
}) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [dragTime, setDragTime] = useState<number | null>(null);
  const peaks = usePeaks(peaksUrl);
  const shown = dragTime ?? currentTime;
  const progress = duration > 0 ? Math.min(1, Math.max(0, shown / duration)) : 0;

  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = width * dpr;
    canvas.height = height * dpr;
    const g = canvas.getContext('2d');
    if (!g) return;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, width, height);
    const styles = getComputedStyle(canvas);
    const played = styles.getPropertyValue('--color-primary').trim() || '#7c5cff';
    const rest = styles.getPropertyValue('--color-border').trim() || '#2c2a3d';
    const bars = Math.max(1, Math.floor(width / (BAR_WIDTH + BAR_GAP)));
    // Without peaks (still processing) a flat line of low bars keeps the bar usable.
    const values = peaks.data?.length ? resamplePeaks(peaks.data, bars) : new Array(bars).fill(FLAT_PEAK);
    const playedX = progress * width;
    values.forEach((v, i) => {
      const x = i * (BAR_WIDTH + BAR_GAP);
      const h = barHeight(v, height);
      g.fillStyle = x + BAR_WIDTH / 2 <= playedX ? played : rest;
      g.fillRect(x, (height - h) / 2, BAR_WIDTH, h);
    });
  }, [width, height, peaks.data, progress]);

  const timeAt = (clientX: number) => {
    const rect = wrapRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || duration <= 0) return 0;
    return (Math.min(Math.max(0, clientX - rect.left), rect.width) / rect.width) * duration;
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (duration <= 0 || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDragTime(timeAt(e.clientX));
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragTime !== null) setDragTime(timeAt(e.clientX));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (dragTime === null) return;
    onSeek(timeAt(e.clientX));
    setDragTime(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 30 : 5;
    const to: Record<string, number> = {
      ArrowRight: currentTime + step,
      ArrowUp: currentTime + step,
      ArrowLeft: currentTime - step,
      ArrowDown: currentTime - step,
      Home: 0,
      End: duration,
      PageUp: currentTime + 60,
      PageDown: currentTime - 60,
    };
    const target = to[e.key];
    if (target === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    onSeek(Math.min(duration, Math.max(0, target)));
  };

  return (
    <div className={cn('relative w-full', className)} style={{ height }}>
      <div
        ref={wrapRef}
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={`${formatTime(shown)} of ${formatTime(duration)}`}
        data-testid="waveform"
        className="absolute inset-0 cursor-pointer touch-none rounded"
        style={peaks.data?.length ? undefined : { background: flatLine(height) }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDragTime(null)}
        onKeyDown={onKeyDown}
      >
        <canvas ref={canvasRef} className="block size-full" aria-hidden />
      </div>
      {duration > 0 &&
        markers
          .filter((m) => m.seconds >= 0 && m.seconds <= duration)
          .map((m) => (
            <button
              key={m.id}
              type="button"
              title={m.label}
              aria-label={m.label}
              data-testid="comment-marker"
              data-seconds={m.seconds}
              onClick={() => (onMarker ? onMarker(m) : onSeek(m.seconds))}
              className="-translate-x-1/2 absolute bottom-0 z-10 size-3.5 translate-y-1/2 overflow-hidden rounded-full border border-bg bg-fg/80 hover:scale-125 focus-visible:scale-125"
              style={{ left: `${(m.seconds / duration) * 100}%` }}
            >
              {m.avatarUrl && <img src={m.avatarUrl} alt="" className="size-full object-cover" />}
            </button>
          ))}
    </div>
  );
}
