import type { ReportAction, ReportStatus } from '@wavecast/shared';

/** A report's transitions: only an open report is acted on; each action ends it in one state. */
export const REPORT_TRANSITIONS: Record<ReportAction, { from: ReportStatus; to: ReportStatus }> = {
  dismiss: { from: 'open', to: 'dismissed' },
  remove: { from: 'open', to: 'removed' },
  suspend: { from: 'open', to: 'suspended' },
};

export const nextStatus = (status: ReportStatus, action: ReportAction): ReportStatus | null =>
  REPORT_TRANSITIONS[action].from === status ? REPORT_TRANSITIONS[action].to : null;
