import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A titled panel of the settings page. */
export function SettingsCard({
  title,
  description,
  children,
  tone = 'default',
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  return (
    <section
      className={cn(
        'rounded-card border bg-surface p-5 sm:p-6',
        tone === 'danger' ? 'border-error/50' : 'border-border',
      )}
    >
      <h2 className={cn('text-lg font-semibold', tone === 'danger' && 'text-error')}>{title}</h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
