import { formatTime } from '@wavecast/shared';

const W = 640;
const H = 180;
const PAD = { l: 36, r: 8, t: 8, b: 22 };
const innerW = W - PAD.l - PAD.r;
const innerH = H - PAD.t - PAD.b;

/** Plays per day: hand-written SVG (no chart library; this route loads lazily). */
export function PlaysChart({ daily }: { daily: { day: string; plays: number }[] }) {
  const max = Math.max(1, ...daily.map((d) => d.plays));
  const x = (i: number) => PAD.l + (daily.length <= 1 ? innerW / 2 : (i / (daily.length - 1)) * innerW);
  const y = (v: number) => PAD.t + innerH - (v / max) * innerH;
  const line = daily.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.plays).toFixed(1)}`).join(' ');
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label="Plays over time"
      data-testid="plays-chart"
    >
      <line x1={PAD.l} x2={W - PAD.r} y1={PAD.t + innerH} y2={PAD.t + innerH} className="stroke-border" />
      <text x={PAD.l - 6} y={PAD.t + 8} textAnchor="end" className="fill-muted text-[10px]">
        {max}
      </text>
      <text x={PAD.l - 6} y={PAD.t + innerH} textAnchor="end" className="fill-muted text-[10px]">
        0
      </text>
      <path d={line} fill="none" className="stroke-primary" strokeWidth={2} />
      {daily.map((d, i) => (
        <circle key={d.day} cx={x(i)} cy={y(d.plays)} r={2.5} className="fill-primary">
          <title>{`${d.day}: ${d.plays} plays`}</title>
        </circle>
      ))}
      {daily.length > 0 && (
        <>
          <text x={PAD.l} y={H - 6} className="fill-muted text-[10px]">
            {daily[0]?.day}
          </text>
          <text x={W - PAD.r} y={H - 6} textAnchor="end" className="fill-muted text-[10px]">
            {daily.at(-1)?.day}
          </text>
        </>
      )}
    </svg>
  );
}

/**
 * The retention curve: share of plays still listening at each 10-second moment, the median play
 * time marked, chapter starts drawn as dashed lines.
 */
export function RetentionChart({
  points,
  duration,
  median,
  chapters,
}: {
  points: { t: number; share: number }[];
  duration: number;
  median: number | null;
  chapters: { title: string; startTime: number }[];
}) {
  const span = Math.max(1, duration);
  const x = (t: number) => PAD.l + (Math.min(t, span) / span) * innerW;
  const y = (s: number) => PAD.t + innerH - s * innerH;
  // A step curve: the share holds until the next moment.
  const d = points
    .map((p, i) => {
      const next = points[i + 1]?.t ?? span;
      return `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.share).toFixed(1)} L${x(next).toFixed(1)},${y(p.share).toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label="Retention curve"
      data-testid="retention-chart"
    >
      <line x1={PAD.l} x2={W - PAD.r} y1={PAD.t + innerH} y2={PAD.t + innerH} className="stroke-border" />
      {[0, 0.5, 1].map((s) => (
        <text key={s} x={PAD.l - 6} y={y(s) + 3} textAnchor="end" className="fill-muted text-[10px]">
          {Math.round(s * 100)}%
        </text>
      ))}
      {chapters.map((c) => (
        <g key={`${c.startTime}-${c.title}`} data-testid="chapter-marker">
          <line
            x1={x(c.startTime)}
            x2={x(c.startTime)}
            y1={PAD.t}
            y2={PAD.t + innerH}
            className="stroke-muted"
            strokeDasharray="3 3"
          />
          <text x={x(c.startTime) + 3} y={PAD.t + 10} className="fill-muted text-[10px]">
            {c.title}
          </text>
        </g>
      ))}
      <path d={d} fill="none" className="stroke-primary" strokeWidth={2} data-testid="retention-path" />
      {points.map((p) => (
        <circle
          key={p.t}
          cx={x(p.t)}
          cy={y(p.share)}
          r={2}
          className="fill-primary"
          data-t={p.t}
          data-share={p.share.toFixed(3)}
        >
          <title>{`${formatTime(p.t)}: ${Math.round(p.share * 100)}%`}</title>
        </circle>
      ))}
      {median !== null && (
        <g data-testid="median-marker">
          <line
            x1={x(median)}
            x2={x(median)}
            y1={PAD.t}
            y2={PAD.t + innerH}
            className="stroke-live"
            strokeWidth={1.5}
          />
          <text x={x(median) + 3} y={PAD.t + innerH - 4} className="fill-live text-[10px]">
            Median {formatTime(median)}
          </text>
        </g>
      )}
      <text x={PAD.l} y={H - 6} className="fill-muted text-[10px]">
        0:00
      </text>
      <text x={W - PAD.r} y={H - 6} textAnchor="end" className="fill-muted text-[10px]">
        {formatTime(duration)}
      </text>
    </svg>
  );
}

/** Horizontal bars for counts (sources, devices, apps). */
export function BarList({ title, items }: { title: string; items: { key: string; count: number }[] }) {
  const total = items.reduce((n, i) => n + i.count, 0);
  return (
    <div className="rounded-card border border-border bg-surface p-4" data-testid={`bars-${title.toLowerCase()}`}>
      <h3 className="mb-3 font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted">No plays in this range.</p>
      ) : (
        <ul className="space-y-2">
          {items.map((i) => (
            <li key={i.key} className="text-sm">
              <div className="flex justify-between">
                <span className="capitalize">{i.key}</span>
                <span className="text-muted">
                  {i.count} ({Math.round((i.count / total) * 100)}%)
                </span>
              </div>
              <div className="mt-1 h-1.5 rounded bg-border">
                <div className="h-1.5 rounded bg-primary" style={{ width: `${(i.count / total) * 100}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
