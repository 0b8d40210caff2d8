import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { cn } from '../../../lib/cn';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { GUIDELINE_GROUPS, VIOLATION_LEVELS } from '../content/guidelines';

const LEVEL_COLOURS = ['border-warning/50', 'border-warning', 'border-error/70', 'border-error'];

function RuleList({ title, rules, allowed }: { title: string; rules: string[]; allowed: boolean }) {
  const Icon = allowed ? Check : X;
  return (
    <div className="rounded-[var(--radius-card)] border border-border bg-surface p-5">
      <h3 className={cn('flex items-center gap-2 font-semibold', allowed ? 'text-success' : 'text-error')}>
        <Icon className="size-5" aria-hidden />
        {title}
      </h3>
      <ul className="mt-3 space-y-2 text-sm">
        {rules.map((r) => (
          <li key={r} className="flex gap-2">
            <Icon className={cn('mt-0.5 size-4 shrink-0', allowed ? 'text-success' : 'text-error')} aria-hidden />
            {r}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /support/guidelines: allowed and forbidden rules in three groups, then the violation levels. */
export default function GuidelinesPage() {
  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumbs items={[{ label: 'Support', to: '/support' }, { label: 'Community Guidelines' }]} />
      <PageHeading
        title="Community Guidelines"
        subtitle="Wavecast is for everyone who loves audio. These rules keep it safe, fair and welcoming."
      />

      <div className="space-y-10">
        {GUIDELINE_GROUPS.map((g) => (
          <section key={g.id} aria-labelledby={`guidelines-${g.id}`}>
            <h2 id={`guidelines-${g.id}`} className="text-xl font-semibold">
              {g.title}
            </h2>
            <p className="mb-4 text-sm text-muted">{g.intro}</p>
            <div className="grid gap-4 md:grid-cols-2">
              <RuleList title="Allowed" rules={g.allowed} allowed />
              <RuleList title="Not allowed" rules={g.forbidden} allowed={false} />
            </div>
          </section>
        ))}

        <section aria-labelledby="violations-title">
          <h2 id="violations-title" className="text-xl font-semibold">
            Violation severity levels
          </h2>
          <p className="mb-4 text-sm text-muted">
            We look at what happened, its impact and the account’s history. Serious violations can skip straight to a
            higher level.
          </p>
          <ol className="grid gap-4 sm:grid-cols-2">
            {VIOLATION_LEVELS.map((v, i) => (
              <li
                key={v.level}
                className={cn('rounded-[var(--radius-card)] border-l-4 bg-surface p-5', LEVEL_COLOURS[i])}
              >
                <h3 className="font-semibold">
                  Level {i + 1}: {v.level}
                </h3>
                <p className="mt-2 text-sm text-muted">
                  <span className="font-medium text-fg">Examples: </span>
                  {v.examples}
                </p>
                <p className="mt-1 text-sm text-muted">
                  <span className="font-medium text-fg">Consequence: </span>
                  {v.consequence}
                </p>
              </li>
            ))}
          </ol>
        </section>

        <section
          aria-labelledby="reporting-title"
          className="rounded-[var(--radius-card)] border border-border bg-surface p-6"
        >
          <h2 id="reporting-title" className="text-xl font-semibold">
            Reporting a problem
          </h2>
          <p className="mt-2 text-sm text-muted">
            Use Report in a track’s More menu, or{' '}
            <Link to="/support/contact?category=content" className="text-primary hover:underline">
              contact us about content
            </Link>{' '}
            with a link to what you saw. For copyright issues, see our{' '}
            <Link to="/legal/copyright" className="text-primary hover:underline">
              Copyright Policy
            </Link>
            .
          </p>
        </section>
      </div>
    </div>
  );
}
