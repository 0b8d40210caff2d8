import type { TAuditEntry } from '@wavecast/shared';

const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

/** One audit entry: who did what to what, when, and the before and after. */
export function AuditEntryRow({ e }: { e: TAuditEntry }) {
  return (
    <li className="grid gap-1 py-3 text-sm sm:grid-cols-[11rem_1fr]" data-testid="audit-entry">
      <time dateTime={e.at} className="text-muted">
        {new Date(e.at).toLocaleString()}
      </time>
      <div className="min-w-0">
        <p>
          <span className="font-medium">{e.actor ? e.actor.displayName || e.actor.email || e.actor.id : 'System'}</span>{' '}
          <code className="rounded bg-surface-2 px-1.5 py-0.5 text-xs">{e.action}</code> {e.targetType}{' '}
          <span className="text-muted break-all">{e.targetId ?? ''}</span>
        </p>
        <p className="text-xs text-muted break-all">
          before: {show(e.before)} · after: {show(e.after)}
        </p>
      </div>
    </li>
  );
}
