import { DEFAULT_NOTIFICATION_PREFS } from '@wavecast/shared';
import type { NotificationPrefs } from '../../db/schema';

/** The user's saved notification settings over the defaults (a key never saved counts as on). */
export function prefsOf(raw: Partial<NotificationPrefs> | null | undefined): NotificationPrefs {
  const keys = Object.keys(DEFAULT_NOTIFICATION_PREFS) as (keyof NotificationPrefs)[];
  return Object.fromEntries(
    keys.map((key) => [key, typeof raw?.[key] === 'boolean' ? raw[key] : DEFAULT_NOTIFICATION_PREFS[key]]),
  ) as NotificationPrefs;
}

/** SQL condition: the user (alias `u`) has this setting on (missing counts as on). */
export const prefOn = (key: keyof NotificationPrefs) => `coalesce((u.notification_prefs->>'${key}')::boolean, true)`;
