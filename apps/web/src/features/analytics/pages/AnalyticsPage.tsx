import type { TAnalyticsTrackRow } from '@wavecast/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { BarList, PlaysChart } from '../components/Charts';
import { RangePicker, useRange } from '../components/RangePicker';
import { downloadCsv } from '../lib/csv';
import { rangeQuery, useAnalyticsOverview } from '../queries';

const pct = (n: number) => `${Math.round(n * 100)}%`;

function Change({ value, previous }: { value: number; previous: number }) {
  if (previous === 0) return <span className="text-xs text-muted">{value > 0 ? 'new' : '—'} vs previous period</span>;
  const change = (value - previous) / previous;
  return (
    <span className={`text-xs ${change >= 0 ? 'text-success' : 'text-error'}`}>
      {change >= 0 ? '+' : ''}
      {Math.round(change * 100)}% vs previous period
    </span>
  );
}

function Stat({
  label,
  value,
  previous,
  format,
}: {
  label: string;
  value: number;
  previous: number;
  format?: (n: number) => string;
}) {
  return (
    <div
      className="rounded-card border border-border bg-surface p-4"
      data-testid={`total-${label.toLowerCase().replace(/ /g, '-')}`}
    >
      <p className="text-sm text-muted">{label}</p>
      <p className="text-2xl font-bold" data-testid="value">
        {format ? format(value) : value}
      </p>
      <Change value={value} previous={previous} />
    </div>
  );
}

type SortKey = 'title' | 'plays' | 'radioPlays' | 'listeners' | 'avgListenThrough' | 'likes' | 'comments' | 'downloads';
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'title', label: 'Track' },
  { key: 'plays', label: 'Plays' },
  { key: 'listeners', label: 'Listeners' },
  { key: 'avgListenThrough', label: 'Avg. listen-through' },
  { key: 'likes', label: 'Likes' },
  { key: 'comments', label: 'Comments' },
  { key: 'downloads', label: 'Downloads' },
  // Heard on radio channels (issue 38): apart from on-demand plays.
  { key: 'radioPlays', label: 'Radio plays' },
];

function TrackTable({ rows, query }: { rows: TAnalyticsTrackRow[]; query: string }) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'plays', desc: true });
  const sorted = [...rows].sort((a, b) => {
    const c = sort.key === 'title' ? a.title.localeCompare(b.title) : a[sort.key] - b[sort.key];
    return sort.desc ? -c : c;
  });
  return (
    <table className="w-full text-sm" data-testid="tracks-table">
      <thead>
        <tr className="border-b border-border text-left text-muted">
          {COLUMNS.map((c) => (
            <th
              key={c.key}
              className="py-2 pr-3"
              aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
            >
              <button
                type="button"
                className="hover:text-fg"
                onClick={() => setSort((s) => ({ key: c.key, desc: s.key === c.key ? !s.desc : c.key !== 'title' }))}
              >
                {c.label}
                {sort.key === c.key ? (sort.desc ? ' ↓' : ' ↑') : ''}
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sorted.map((r) => (
          <tr key={r.trackId} className="border-b border-border/50">
            <td className="py-2 pr-3">
              <Link className="text-primary hover:underline" to={`/creator/analytics/track/${r.trackId}?${query}`}>
                {r.title}
              </Link>
            </td>
            <td className="pr-3">{r.plays}</td>
            <td className="pr-3">{r.listeners}</td>
            <td className="pr-3">{pct(r.avgListenThrough)}</td>
            <td className="pr-3">{r.likes}</td>
            <td className="pr-3">{r.comments}</td>
            <td className="pr-3">{r.downloads}</td>
            <td className="pr-3">{r.radioPlays}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /creator/analytics: totals with change, plays over time, per-track table, sources and devices. */
export default function AnalyticsPage() {
  const [range, setRange] = useRange();
  const q = useAnalyticsOverview(range);
  const data = q.data;
  const name = data ? `${data.range.from}_${data.range.to}` : '';
  return (
    <section className="space-y-6">
      <PageHeading title="Analytics" subtitle="Plays, listeners and retention of your audio." />
      <RangePicker range={range} onChange={setRange} />
      {q.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner />
        </div>
      ) : q.isError ? (
        <p role="alert" className="text-error">
          {q.error.message}
        </p>
      ) : data ? (
        <>
          <p className="text-sm text-muted">
            {data.range.from} – {data.range.to} ({data.range.days} days)
          </p>
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-6">
            <Stat label="Plays" {...data.totals.plays} />
            <Stat label="Radio plays" {...data.totals.radioPlays} />
            <Stat label="Listeners" {...data.totals.listeners} />
            <Stat label="Hours listened" {...data.totals.hoursListened} format={(n) => n.toFixed(2)} />
            <Stat label="Followers gained" {...data.totals.followersGained} />
            <Stat label="Podcast downloads" {...data.totals.downloads} />
          </div>
          <div className="rounded-card border border-border bg-surface p-4">
            <div className="mb-2 flex items-center justify-between">
              <h2 className="font-semibold">Plays over time</h2>
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  downloadCsv(
                    `plays-${name}.csv`,
                    ['Day', 'Plays', 'Listeners', 'Seconds listened'],
                    data.daily.map((d) => [d.day, d.plays, d.listeners, d.seconds]),
                  )
                }
              >
                Export CSV
              </Button>
            </div>
            <PlaysChart daily={data.daily} />
          </div>
          <div className="rounded-card border border-border bg-surface p-4">
            <div className="mb-2 flex items-center justify-between">
              <h2 className="font-semibold">Tracks</h2>
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  downloadCsv(
                    `tracks-${name}.csv`,
                    [
                      'Track',
                      'Plays',
                      'Listeners',
                      'Average listen-through',
                      'Likes',
                      'Comments',
                      'Downloads',
                      'Radio plays',
                    ],
                    data.tracks.map((t) => [
                      t.title,
                      t.plays,
                      t.listeners,
                      t.avgListenThrough,
                      t.likes,
                      t.comments,
                      t.downloads,
                      t.radioPlays,
                    ]),
                  )
                }
              >
                Export CSV
              </Button>
            </div>
            {data.tracks.length === 0 ? (
              <p className="text-sm text-muted">No audio uploaded yet.</p>
            ) : (
              <div className="overflow-x-auto">
                <TrackTable rows={data.tracks} query={rangeQuery(range)} />
              </div>
            )}
          </div>
          <div className="rounded-card border border-border bg-surface p-4">
            <div className="mb-2 flex items-center justify-between">
              <h2 className="font-semibold">First days after upload</h2>
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  downloadCsv(
                    'first-days.csv',
                    ['Track', 'Plays in first 7 days', 'First 30 days', 'First 90 days'],
                    data.tracks.map((t) => [t.title, t.firstDays.d7, t.firstDays.d30, t.firstDays.d90]),
                  )
                }
              >
                Export CSV
              </Button>
            </div>
            <table className="w-full text-sm" data-testid="first-days-table">
              <thead>
                <tr className="border-b border-border text-left text-muted">
                  <th className="py-2 pr-3">Track</th>
                  <th className="pr-3">First 7 days</th>
                  <th className="pr-3">First 30 days</th>
                  <th className="pr-3">First 90 days</th>
                </tr>
              </thead>
              <tbody>
                {data.tracks.map((t) => (
                  <tr key={t.trackId} className="border-b border-border/50">
                    <td className="py-2 pr-3">{t.title}</td>
                    <td className="pr-3">{t.firstDays.d7}</td>
                    <td className="pr-3">{t.firstDays.d30}</td>
                    <td className="pr-3">{t.firstDays.d90}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.live.length > 0 && (
            <div className="rounded-card border border-border bg-surface p-4">
              <div className="mb-2 flex items-center justify-between">
                <h2 className="font-semibold">Live streams</h2>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    downloadCsv(
                      `live-${name}.csv`,
                      [
                        'Stream',
                        'Started',
                        'Ended',
                        'Peak listeners',
                        'Average listeners',
                        'Minutes listened',
                        'Chat messages',
                        'Followers gained',
                      ],
                      data.live.map((l) => [
                        l.title,
                        l.startedAt,
                        l.endedAt ?? '',
                        l.peakListeners,
                        l.avgListeners,
                        l.minutesListened,
                        l.chatMessages,
                        l.followersGained,
                      ]),
                    )
                  }
                >
                  Export CSV
                </Button>
              </div>
              <div className="overflow-x-auto">
                <table className="w-full text-sm" data-testid="live-table">
                  <thead>
                    <tr className="border-b border-border text-left text-muted">
                      <th className="py-2 pr-3">Stream</th>
                      <th className="pr-3">Started</th>
                      <th className="pr-3">Peak listeners</th>
                      <th className="pr-3">Average listeners</th>
                      <th className="pr-3">Minutes listened</th>
                      <th className="pr-3">Chat messages</th>
                      <th className="pr-3">Followers gained</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.live.map((l) => (
                      <tr key={l.streamId} className="border-b border-border/50">
                        <td className="py-2 pr-3">{l.title}</td>
                        <td className="pr-3">{new Date(l.startedAt).toLocaleString()}</td>
                        <td className="pr-3">{l.peakListeners}</td>
                        <td className="pr-3">{l.avgListeners}</td>
                        <td className="pr-3">{l.minutesListened}</td>
                        <td className="pr-3">{l.chatMessages}</td>
                        <td className="pr-3">{l.followersGained}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
          <div className="grid gap-4 md:grid-cols-3">
            <BarList title="Sources" items={data.sources} />
            <BarList title="Devices" items={data.devices} />
            <BarList title="Apps" items={data.apps} />
          </div>
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              downloadCsv(
                `sources-devices-${name}.csv`,
                ['Kind', 'Name', 'Plays'],
                [
                  ...data.sources.map((s) => ['source', s.key, s.count]),
                  ...data.devices.map((s) => ['device', s.key, s.count]),
                  ...data.apps.map((s) => ['app', s.key, s.count]),
                ],
              )
            }
          >
            Export sources and devices (CSV)
          </Button>
        </>
      ) : null}
    </section>
  );
}
