import type { ReactNode } from 'react';

/** The spec's empty states: a heading, a line of help, and actions. */
export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-card border border-dashed border-border px-6 py-14 text-center">
      {icon && <div className="mb-3 text-muted">{icon}</div>}
      <h2 className="text-xl font-semibold">{title}</h2>
      {children && <div className="mt-2 flex flex-col items-center gap-4 text-muted">{children}</div>}
    </div>
  );
}
