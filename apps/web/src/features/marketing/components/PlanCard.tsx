import type { PricePlan } from '@wavecast/shared';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/Button';
import { cn } from '../../../lib/cn';

/** One plan or package: name, price, what it includes and a call to action. */
export function PlanCard({
  plan,
  cta,
  action,
}: {
  plan: PricePlan;
  cta?: { label: string; to: string };
  /** Replaces the link (the pricing page's plan buttons). */
  action?: ReactNode;
}) {
  return (
    <li
      className={cn(
        'relative flex flex-col rounded-[var(--radius-card)] border bg-surface p-6',
        plan.mostPopular ? 'border-primary shadow-lg shadow-primary/20' : 'border-border',
      )}
      data-testid={`plan-${plan.id}`}
    >
      {plan.mostPopular && (
        <p className="absolute -top-3 left-6 rounded-full bg-primary-strong px-3 py-0.5 text-xs font-semibold text-primary-fg">
          Most Popular
        </p>
      )}
      <h3 className="text-lg font-semibold">{plan.name}</h3>
      <p className="mt-3">
        <span className="text-4xl font-bold tracking-tight">{plan.price}</span>
        {plan.period && <span className="text-muted">{plan.period}</span>}
      </p>
      <p className="mt-2 text-sm text-muted">{plan.description}</p>
      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {f}
          </li>
        ))}
      </ul>
      {action ??
        (cta && (
          <ButtonLink to={cta.to} variant={plan.mostPopular ? 'primary' : 'outline'} className="mt-6 w-full">
            {cta.label}
          </ButtonLink>
        ))}
    </li>
  );
}

/** A row of plan cards that stacks on phones. */
export function PlanGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-6 pt-3 md:grid-cols-3">{children}</ul>;
}
