import type { TAffiliateAnalytics } from '@wavecast/shared';

const SERIES = [
  { key: 'clicks', label: 'Clicks', className: 'bg-primary/40' },
  { key: 'signups', label: 'Sign-ups', className: 'bg-primary' },
  { key: 'paying', label: 'Paying', className: 'bg-live' },
] as const;

/** Clicks → sign-ups → paying, per day (bars) and per campaign tag (table): plain CSS, no chart library. */
export function FunnelChart({ data }: { data: TAffiliateAnalytics }) {
  const max = Math.max(1, ...data.days.flatMap((d) => [d.clicks, d.signups, d.paying]));
  return (
    <div className="space-y-6" data-testid="affiliate-analytics">
      <div>
        <div className="mb-2 flex gap-4 text-xs text-muted">
          {SERIES.map((s) => (
            <span key={s.key} className="flex items-center gap-1">
              <span className={`inline-block size-3 rounded-sm ${s.className}`} aria-hidden /> {s.label}
            </span>
          ))}
        </div>
        {data.days.length === 0 ? (
          <p className="text-sm text-muted">No clicks or sign-ups in the last 90 days.</p>
        ) : (
          <ul
            className="flex h-40 items-end gap-2 overflow-x-auto border-b border-border"
            aria-label="Clicks, sign-ups and paying referrals per day"
          >
            {data.days.map((d) => (
              <li
                key={d.day}
                className="flex h-full min-w-10 flex-col items-center justify-end"
                title={`${d.day}: ${d.clicks} clicks, ${d.signups} sign-ups, ${d.paying} paying`}
              >
                <div className="flex h-full items-end gap-0.5">
                  {SERIES.map((s) => (
                    <span
                      key={s.key}
                      className={`w-2 rounded-t ${s.className}`}
                      style={{ height: `${(d[s.key] / max) * 100}%` }}
                    />
                  ))}
                </div>
                <span className="mt-1 text-[10px] text-muted">{d.day.slice(5)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">Per campaign tag</caption>
        <thead className="text-muted">
          <tr>
            <th className="py-1 font-medium">Campaign</th>
            <th className="py-1 font-medium">Clicks</th>
            <th className="py-1 font-medium">Sign-ups</th>
            <th className="py-1 font-medium">Paying</th>
          </tr>
        </thead>
        <tbody>
          {data.campaigns.map((c) => (
            <tr key={c.campaign ?? ''} className="border-t border-border">
              <td className="py-1">{c.campaign ?? '(no tag)'}</td>
              <td className="py-1">{c.clicks}</td>
              <td className="py-1">{c.signups}</td>
              <td className="py-1">{c.paying}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
