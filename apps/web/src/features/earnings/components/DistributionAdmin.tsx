import { useDistributionReport } from '../queries';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Admin → Earnings: the published distribution of the last closed month's creator earnings. */
export function DistributionAdmin() {
  const q = useDistributionReport();
  const r = q.data?.report;
  return (
    <section aria-labelledby="distribution-title" className="space-y-4">
      <h2 id="distribution-title" className="text-xl font-semibold">
        Creator earnings distribution
      </h2>
      {q.isPending && <p className="text-muted">Loading…</p>}
      {q.data && !r && <p className="text-muted">No month has closed yet.</p>}
      {r && (
        <>
          <p className="text-sm text-muted">
            {r.month}, rule {r.rule}: {r.creators.toLocaleString('en-US')} creators earned $
            {(r.totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}.
          </p>
          <dl className="grid gap-3 sm:grid-cols-4">
            {[
              ['Gini coefficient', r.gini.toFixed(3), 'gini'],
              ['Top 1% share', pct(r.top1PctShare), 'top1'],
              ['Better off than pro-rata', pct(r.betterOffShare), 'better-off'],
              ['Worse off than pro-rata', pct(r.worseOffShare), 'worse-off'],
            ].map(([label, value, id]) => (
              <div key={id} className="rounded-card border border-border bg-surface p-4">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="text-2xl font-bold" data-testid={`distribution-${id}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
