import { z } from 'zod';

// Reports and removals (the Community Guidelines' reasons and violation levels).

export const REPORT_TARGETS = ['track', 'comment', 'live', 'profile', 'chat'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** The violation levels of the Community Guidelines page, least to most severe. */
export const REPORT_SEVERITIES = ['minor', 'moderate', 'severe', 'critical'] as const;
export type ReportSeverity = (typeof REPORT_SEVERITIES)[number];
export const SEVERITY_LABELS: Record<ReportSeverity, string> = {
  minor: 'Minor',
  moderate: 'Moderate',
  severe: 'Severe',
  critical: 'Critical',
};

/** The forbidden rules of the Community Guidelines, each with the violation level it usually is. */
export const REPORT_REASONS = {
  copyright: { label: 'Copyrighted audio without the rights', severity: 'moderate' },
  hate: { label: 'Hate speech or attacks on people for who they are', severity: 'severe' },
  minors: { label: 'Sexual content involving minors', severity: 'critical' },
  violence: { label: 'Violence, terrorism or self-harm', severity: 'critical' },
  spam: { label: 'Spam, scams or misleading titles and tags', severity: 'minor' },
  harassment: { label: 'Harassment, bullying, threats or insults', severity: 'severe' },
  privacy: { label: 'Sharing private information (doxxing)', severity: 'severe' },
  impersonation: { label: 'Impersonating a person, creator or brand', severity: 'moderate' },
  fake_engagement: { label: 'Fake plays, likes or followers', severity: 'moderate' },
  rebroadcast: { label: 'Rebroadcasting streams they do not own', severity: 'moderate' },
  dangerous: { label: 'Dangerous or illegal acts', severity: 'critical' },
  consent: { label: 'Recording people without their consent', severity: 'severe' },
  other: { label: 'Something else', severity: 'minor' },
} as const satisfies Record<string, { label: string; severity: ReportSeverity }>;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_IDS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

/** open → dismissed | removed | suspended (moderation/state.ts has the table). */
export const REPORT_STATUSES = ['open', 'dismissed', 'removed', 'suspended'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_ACTIONS = ['dismiss', 'remove', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const MODERATION_MESSAGES = {
  reportSent: 'Thanks. Our team will review your report.',
  reportHandled: 'This report was already handled.',
  cannotReportOwn: 'You cannot report your own content.',
  cannotRemove: 'This kind of content cannot be removed; suspend its owner instead.',
  appealSent: 'Appeal sent. An admin will review it.',
  alreadyAppealed: 'You have already appealed this removal.',
  notRemoved: 'This content is not removed.',
  reportDismissed: 'Report dismissed',
  contentRemoved: 'Content removed',
  ownerSuspended: 'Owner suspended',
  contentRestored: 'Content restored',
} as const;

const noNul = (s: string) => !s.includes('\0');

export const ZReportInput = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string().trim().min(1).max(64).refine(noNul, 'Invalid id'),
  reason: z.enum(REPORT_REASON_IDS, { error: 'Choose a reason' }),
  details: z
    .string()
    .trim()
    .max(1000, 'Details must be at most 1000 characters')
    .refine(noNul, 'Details contain an invalid character')
    .optional(),
});
export type TReportInput = z.infer<typeof ZReportInput>;

/** Reports of one item, grouped, as the admin queue shows them. */
export const ZReportGroup = z.object({
  /** The oldest open (or, when none, newest) report's id: actions go through it. */
  reportId: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  /** A short description of the item (track title, comment text…), null when gone. */
  targetLabel: z.string().nullable(),
  link: z.string().nullable(),
  owner: z.object({ id: z.string(), displayName: z.string().nullable(), email: z.string() }).nullable(),
  status: z.enum(REPORT_STATUSES),
  severity: z.enum(REPORT_SEVERITIES),
  reasons: z.array(z.enum(REPORT_REASON_IDS)),
  count: z.number().int(),
  details: z.array(z.string()),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type TReportGroup = z.infer<typeof ZReportGroup>;

export const ZReportQuery = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  targetType: z.enum(REPORT_TARGETS).optional(),
  severity: z.enum(REPORT_SEVERITIES).optional(),
  ownerId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZReportQueue = z.object({ items: z.array(ZReportGroup) });
export type TReportQueue = z.infer<typeof ZReportQueue>;

export const ZRemoval = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  reason: z.enum(REPORT_REASON_IDS),
  removedAt: z.string(),
  appealText: z.string().nullable(),
  appealedAt: z.string().nullable(),
  restoredAt: z.string().nullable(),
  label: z.string().nullable(),
});
export type TRemoval = z.infer<typeof ZRemoval>;
export const ZAppealInput = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Tell us why this should be restored')
    .max(2000, 'Your appeal must be at most 2000 characters')
    .refine(noNul, 'Your appeal contains an invalid character'),
});

/** takedown → countered → restored (or court_action: the claimant went to court, no restore). */
export const COPYRIGHT_STATUSES = ['takedown', 'countered', 'restored', 'court_action'] as const;
export type CopyrightStatus = (typeof COPYRIGHT_STATUSES)[number];
/** The Copyright page: restored 10 business days after a counter-notice unless court action is started. */
export const COUNTER_NOTICE_BUSINESS_DAYS = 10;

export const COPYRIGHT_MESSAGES = {
  takenDown: 'Track taken down',
  noticeOpen: 'This track already has an open copyright notice.',
  counterSent: 'Counter-notice sent. The claimant has been told.',
  notInTakedown: 'A counter-notice can only be sent once, while the track is taken down.',
  notCountered: 'Court action can only be noted after a counter-notice.',
} as const;

const noticeText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(noNul, `${label} contains an invalid character`);

export const ZCopyrightNoticeInput = z.object({
  trackId: z.string().trim().min(1).max(64),
  claimantName: noticeText(200, 'Claimant name'),
  claimantEmail: z.string().trim().max(254).email('Enter a valid e-mail address'),
  work: noticeText(500, 'Copyrighted work'),
});
export const ZCounterNoticeInput = z.object({ text: noticeText(4000, 'Counter-notice') });

export const ZCopyrightNotice = z.object({
  id: z.string(),
  trackId: z.string(),
  ownerId: z.string().nullable(),
  claimantName: z.string(),
  claimantEmail: z.string(),
  work: z.string(),
  status: z.enum(COPYRIGHT_STATUSES),
  counterText: z.string().nullable(),
  counteredAt: z.string().nullable(),
  restoreAt: z.string().nullable(),
  restoredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TCopyrightNotice = z.infer<typeof ZCopyrightNotice>;
