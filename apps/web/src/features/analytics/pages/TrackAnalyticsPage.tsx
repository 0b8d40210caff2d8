import { formatTime } from '@wavecast/shared';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { BarList, PlaysChart, RetentionChart } from '../components/Charts';
import { RangePicker, useRange } from '../components/RangePicker';
import { downloadCsv } from '../lib/csv';
import { rangeQuery, useTrackAnalytics } from '../queries';

/** /creator/analytics/track/:id: one track's retention curve (chapters, median, drops), plays, sources. */
export default function TrackAnalyticsPage() {
  const { id = '' } = useParams();
  const [range, setRange] = useRange();
  const q = useTrackAnalytics(id, range);
  const data = q.data;
  return (
    <section className="space-y-6">
      <Link to={`/creator/analytics?${rangeQuery(range)}`} className="text-sm text-primary hover:underline">
        ← All tracks
      </Link>
      <PageHeading
        title={data ? data.track.title : 'Track analytics'}
        subtitle="Who kept listening, and where they stopped."
      />
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
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
            <div className="rounded-card border border-border bg-surface p-4" data-testid="track-plays">
              <p className="text-sm text-muted">Plays</p>
              <p className="text-2xl font-bold">{data.plays}</p>
            </div>
            {/* Heard on radio channels: counted apart from on-demand plays (issue 38). */}
            <div className="rounded-card border border-border bg-surface p-4" data-testid="track-radio-plays">
              <p className="text-sm text-muted">Radio plays</p>
              <p className="text-2xl font-bold">{data.radioPlays}</p>
            </div>
            <div className="rounded-card border border-border bg-surface p-4" data-testid="track-listeners">
              <p className="text-sm text-muted">Listeners</p>
              <p className="text-2xl font-bold">{data.listeners}</p>
            </div>
            <div className="rounded-card border border-border bg-surface p-4">
              <p className="text-sm text-muted">Hours listened</p>
              <p className="text-2xl font-bold">{(data.secondsListened / 3600).toFixed(2)}</p>
            </div>
            <div className="rounded-card border border-border bg-surface p-4" data-testid="track-median">
              <p className="text-sm text-muted">Median play time</p>
              <p className="text-2xl font-bold">{data.medianSeconds === null ? '—' : formatTime(data.medianSeconds)}</p>
            </div>
          </div>
          <div className="rounded-card border border-border bg-surface p-4">
            <div className="mb-2 flex items-center justify-between">
              <h2 className="font-semibold">Retention</h2>
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  downloadCsv(
                    `retention-${data.track.id}.csv`,
                    ['Seconds', 'Share still listening'],
                    data.retention.map((p) => [p.t, p.share]),
                  )
                }
              >
                Export CSV
              </Button>
            </div>
            {data.retention.length === 0 ? (
              <p className="text-sm text-muted">No plays in this range.</p>
            ) : (
              <RetentionChart
                points={data.retention}
                duration={data.track.duration}
                median={data.medianSeconds}
                chapters={data.chapters}
              />
            )}
            {data.drops.length > 0 && (
              <div className="mt-3">
                <h3 className="text-sm font-semibold">Biggest drops</h3>
                <ul className="text-sm" data-testid="drops">
                  {data.drops.map((d) => (
                    <li key={d.t}>
                      {formatTime(d.t)}: −{Math.round(d.drop * 100)} points
                      {d.chapter ? ` (in “${d.chapter}”)` : ''}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <div className="rounded-card border border-border bg-surface p-4">
            <h2 className="mb-2 font-semibold">Plays over time</h2>
            <PlaysChart daily={data.daily} />
          </div>
          <div className="grid gap-4 md:grid-cols-3">
            <BarList title="Sources" items={data.sources} />
            <BarList title="Devices" items={data.devices} />
            <BarList title="Apps" items={data.apps} />
          </div>
        </>
      ) : null}
    </section>
  );
}
