import type { TAdminUser, TMe, TNotificationPrefs, TOwnProfile, TPrivacyPrefs } from '@wavecast/shared';
import { DEFAULT_NOTIFICATION_PREFS, DEFAULT_PRIVACY_PREFS } from '@wavecast/shared';
import type { users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** `GET /api/me`: who is signed in. */
export function presentMe(row: UserRow, account: Pick<TMe, 'plan' | 'entitlements'>): TMe {
  return {
    plan: account.plan,
    entitlements: account.entitlements,
    id: row.id,
    email: row.email,
    role: row.userRole,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
  };
}

/** The owner's own profile (settings). Only ever sent to the owner: it has their email. */
export function presentOwnProfile(row: UserRow, auth: { hasPassword: boolean; emailVerified: boolean }): TOwnProfile {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    website: row.website,
    role: row.userRole,
    hasPassword: auth.hasPassword,
    emailVerified: auth.emailVerified,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Stored prefs over the spec's defaults (a key added later gets its default). */
export const presentNotificationPrefs = (row: UserRow): TNotificationPrefs => ({
  ...DEFAULT_NOTIFICATION_PREFS,
  ...row.notificationPrefs,
});

export const presentPrivacyPrefs = (row: UserRow): TPrivacyPrefs => ({ ...DEFAULT_PRIVACY_PREFS, ...row.privacyPrefs });

/** A user in the admin list. */
export function presentAdminUser(row: UserRow): TAdminUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    role: row.userRole,
    createdAt: row.createdAt.toISOString(),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
  };
}
