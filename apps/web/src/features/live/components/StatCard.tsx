import type { LucideIcon } from 'lucide-react';

export function StatCard({
  icon: Icon,
  label,
  value,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  testId?: string;
}) {
  return (
    <div className="flex items-center gap-3 rounded-card border border-border bg-surface p-4">
      <span className="grid size-10 place-items-center rounded-full bg-surface-2 text-primary" aria-hidden>
        <Icon className="size-5" />
      </span>
      <div>
        <p className="text-xs text-muted">{label}</p>
        <p className="text-xl font-bold tabular-nums" data-testid={testId}>
          {value}
        </p>
      </div>
    </div>
  );
}
