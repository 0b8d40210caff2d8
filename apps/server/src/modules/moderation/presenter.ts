import type { TRemoval, TReportGroup } from '@wavecast/shared';
import type { contentRemovals } from '../../db/schema';
import type { GroupRow, ReportedItem } from './repo';

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentGroup(g: GroupRow, item: ReportedItem | undefined): TReportGroup {
  return {
    reportId: g.report_id,
    targetType: g.target_type,
    targetId: g.target_id,
    targetLabel: item?.label ?? null,
    link: item?.link ?? null,
    owner: g.owner_id && g.owner_email ? { id: g.owner_id, displayName: g.owner_name, email: g.owner_email } : null,
    status: g.status,
    severity: g.severity,
    reasons: g.reasons,
    count: Number(g.count),
    details: g.details,
    firstAt: iso(g.first_at),
    lastAt: iso(g.last_at),
  };
}

export function presentRemoval(r: typeof contentRemovals.$inferSelect, label: string | null): TRemoval {
  const snap = r.snapshot as { content?: string } | null;
  return {
    id: r.id,
    targetType: r.targetType,
    targetId: r.targetId,
    reason: r.reason,
    removedAt: r.removedAt.toISOString(),
    appealText: r.appealText,
    appealedAt: r.appealedAt?.toISOString() ?? null,
    restoredAt: r.restoredAt?.toISOString() ?? null,
    label: label ?? snap?.content ?? null,
  };
}
