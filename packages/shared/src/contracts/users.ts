import { z } from 'zod';
import { PROFILE_VISIBILITIES, ROLES } from '../constants';

export const PROFILE_LIMITS = { displayName: 50, bio: 500, website: 200 } as const;
/** Avatars: JPEG, PNG or WebP (recognised by their first bytes), at most 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const USER_MESSAGES = {
  websiteInvalid: 'Website must be a valid http(s) URL',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  notificationsSaved: 'Notification preferences saved!',
  notificationsFailed: 'Failed to save preferences',
  privacySaved: 'Privacy settings saved!',
  privacyFailed: 'Failed to save settings',
  avatarUpdated: 'Profile picture updated!',
  avatarFailed: 'Failed to update profile picture',
  avatarTooLarge: 'The image must be at most 5 MB',
  /** The spec's toast for a wrong cover type, reused for avatars. */
  avatarInvalid: 'Please select a valid image file',
  /** An image that does not decode, or declares more pixels than a cover may (a decompression bomb). */
  avatarUnreadable: 'The image could not be read. Please choose another image.',
  becameCreator: 'You are now a creator!',
  becomeCreatorFailed: 'Failed to become a creator',
  onlyListenersBecomeCreators: 'Only listeners can become creators',
  roleUpdated: 'Role updated',
  cannotDemoteSelf: 'You cannot remove your own admin role',
  // Asked at sign-up, and of older accounts without one (DESIGN §10: the spec's form had no name).
  displayNameRequired: 'Display name is required',
  displayNamePrompt: 'Add a display name so people know who you are.',
  displayNameSaved: 'Display name saved!',
} as const;

/** A display name that must be given (sign-up, the prompt): trimmed, as long as the profile allows. */
export const zDisplayName = z
  .string({ error: USER_MESSAGES.displayNameRequired })
  .trim()
  .min(1, { error: USER_MESSAGES.displayNameRequired })
  .max(PROFILE_LIMITS.displayName, { error: USER_MESSAGES.tooLong('Display name', PROFILE_LIMITS.displayName) });

/** Blank text becomes null; the rest is trimmed. */
const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: USER_MESSAGES.tooLong(field, max) })
    .nullish()
    .transform((v) => (v ? v : null));

const website = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.website, { error: USER_MESSAGES.tooLong('Website', PROFILE_LIMITS.website) })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), { error: USER_MESSAGES.websiteInvalid });

/** `PUT /api/me/profile`: the editable profile fields (email stays read-only). */
export const ZProfileUpdate = z.object({
  displayName: optionalText('Display name', PROFILE_LIMITS.displayName),
  bio: optionalText('Bio', PROFILE_LIMITS.bio),
  website,
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

/** The signed-in user's own profile (settings prefill). */
export const ZOwnProfile = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  role: z.enum(ROLES),
  /** False for accounts made through Google/GitHub that never set a password. */
  hasPassword: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOwnProfile = z.infer<typeof ZOwnProfile>;

export const ZNotificationPrefs = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  newFollowers: z.boolean(),
  newComments: z.boolean(),
  newLikes: z.boolean(),
  newReposts: z.boolean(),
  liveStreamAlerts: z.boolean(),
  premiereAlerts: z.boolean(),
  weeklyDigest: z.boolean(),
});
export type TNotificationPrefs = z.infer<typeof ZNotificationPrefs>;

export const ZPrivacyPrefs = z.object({
  profileVisibility: z.enum(PROFILE_VISIBILITIES),
  showEmail: z.boolean(),
  showFollowers: z.boolean(),
  allowMessages: z.boolean(),
});
export type TPrivacyPrefs = z.infer<typeof ZPrivacyPrefs>;

/** A user as admins list them (admins may see emails). */
export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  /** When an admin suspended the account (null: active). */
  suspendedAt: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(['active', 'suspended']).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const ZAdminUserList = z.object({
  items: z.array(ZAdminUser),
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
});
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

/** `PUT /api/admin/users/:id/role`: the one place a role comes from a request body. */
export const ZRoleChange = z.object({ role: z.enum(ROLES) });

export const ZOutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentVia: z.enum(['outbox', 'smtp']),
  createdAt: z.string(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;
export const ZOutboxQuery = z.object({
  to: z.string().trim().max(254).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const ZOutboxList = z.object({
  items: z.array(ZOutboxMail),
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
});
export type TOutboxList = z.infer<typeof ZOutboxList>;
