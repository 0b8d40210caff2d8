import { z } from 'zod';
import { ROLES } from '../constants';

// The platform as admins run it: role applications (affiliate, advertiser), the audit log, step-up.

export const APPLICATION_ROLES = ['affiliate', 'advertiser'] as const;
export type ApplicationRole = (typeof APPLICATION_ROLES)[number];
export const APPLICATION_STATUSES = ['pending', 'approved', 'refused'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Minutes a password confirmation (or a fresh sign-in) lets sensitive admin actions through. */
export const STEP_UP_MINUTES = 15;

export const ADMIN_MESSAGES = {
  applicationSent: 'Application sent. An admin will review it shortly.',
  applicationPending: 'You already have an application waiting for review.',
  alreadyHasRole: 'Your account already has this role.',
  applicationDecided: 'This application was already decided.',
  applicationApproved: 'Application approved',
  applicationRefused: 'Application refused',
  stepUpRequired: 'Confirm your password to continue.',
  stepUpWrongPassword: 'That password is not correct.',
  stepUpConfirmed: 'Password confirmed',
  /** Sign-in of a suspended account (e-mail or provider). */
  accountSuspended: 'This account has been suspended. Contact support if you think this is a mistake.',
  userSuspended: 'User suspended',
  userRestored: 'User restored',
  userDeleted: 'User deleted',
  cannotSuspendSelf: 'You cannot suspend or delete your own account here',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
} as const;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !s.includes('\0'), `${label} contains an invalid character`);

const webUrl = z
  .string()
  .trim()
  .max(500, 'Website must be at most 500 characters')
  .refine((s) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(s), 'Enter a valid website address (https://…)');

export const ZAffiliateApplicationDetails = z.object({
  website: webUrl,
  audience: text(500, 'Audience'),
  promotion: text(1000, 'How you promote'),
});
export const ZAdvertiserApplicationDetails = z.object({
  company: text(200, 'Company'),
  website: webUrl,
  billingEmail: z.string().trim().max(254).email('Enter a valid billing e-mail address'),
});

export const ZApplicationInput = z.discriminatedUnion('role', [
  z.object({ role: z.literal('affiliate'), details: ZAffiliateApplicationDetails }),
  z.object({ role: z.literal('advertiser'), details: ZAdvertiserApplicationDetails }),
]);
export type TApplicationInput = z.infer<typeof ZApplicationInput>;

export const ZApplication = z.object({
  id: z.string(),
  role: z.enum(APPLICATION_ROLES),
  status: z.enum(APPLICATION_STATUSES),
  details: z.record(z.string(), z.string()),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  user: z.object({ id: z.string(), email: z.string(), displayName: z.string().nullable(), role: z.enum(ROLES) }),
});
export type TApplication = z.infer<typeof ZApplication>;

export const ZApplicationList = z.object({ items: z.array(ZApplication) });
export const ZApplicationQuery = z.object({
  status: z.enum(APPLICATION_STATUSES).default('pending'),
  role: z.enum(APPLICATION_ROLES).optional(),
});
export const ZApplicationDecision = z.object({
  approve: z.boolean(),
  note: z.string().trim().max(500).optional(),
});

export const ZAuditEntry = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), displayName: z.string().nullable(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZStepUp = z.object({ password: z.string().min(1, 'Password is required').max(200) });
export const ZStepUpState = z.object({ until: z.string().nullable() });

/** A figure another module adds to the overview (affiliate payouts due, ad spend); null: not yet there. */
export const ZOverviewFigure = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(['cents', 'micros', 'count']),
  value: z.number().nullable(),
});
export type TOverviewFigure = z.infer<typeof ZOverviewFigure>;

export const ZActivityItem = z.object({
  kind: z.enum(['audit', 'signup', 'upload']),
  at: z.string(),
  text: z.string(),
  /** The account or track it is about. */
  targetId: z.string().nullable(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

/** `GET /api/admin/overview`: the platform's figures, counted from the database. */
export const ZAdminOverview = z.object({
  generatedAt: z.string(),
  accountsByRole: z.record(z.string(), z.number().int()),
  accountsTotal: z.number().int(),
  suspendedAccounts: z.number().int(),
  signupsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  tracks: z.number().int(),
  audioHours: z.number(),
  liveNow: z.number().int(),
  playsToday: z.number().int(),
  plays7d: z.number().int(),
  storageBytes: z.number(),
  jobs: z.object({ waiting: z.number().int(), failed: z.number().int(), oldestWaitingAt: z.string().nullable() }),
  revenue: z.object({
    mrrCents: z.number().int(),
    monthNetCents: z.number().int(),
    activeSubscriptions: z.number().int(),
  }),
  figures: z.array(ZOverviewFigure),
  activity: z.array(ZActivityItem),
});
export type TAdminOverview = z.infer<typeof ZAdminOverview>;

export const ZAuditQuery = z.object({
  action: z.string().trim().max(64).optional(),
  actorId: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(64).optional(),
  targetId: z.string().trim().max(64).optional(),
  since: z.coerce.date().optional(),
  until: z.coerce.date().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ZAuditList = z.object({ items: z.array(ZAuditEntry), nextBefore: z.string().nullable() });
export type TAuditList = z.infer<typeof ZAuditList>;

/** `GET /api/admin/users/:id`: one account as admins see it. */
export const ZAdminUserDetail = z.object({
  tracks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      isPublic: z.boolean(),
      status: z.string(),
      playCount: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  subscription: z
    .object({ planId: z.string(), status: z.string(), source: z.string(), currentPeriodEnd: z.string().nullable() })
    .nullable(),
  audit: z.array(ZAuditEntry),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;
