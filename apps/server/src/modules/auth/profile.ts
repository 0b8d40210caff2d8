import type { Role } from '@wavecast/shared';
import type { Database } from '../../db/client';
import { findProfile, insertProfileIfMissing } from './repo';

/**
 * Creates the profile row of an auth user if it is missing: role listener as the spec says, the
 * account type picked at sign-up (listener or creator), or admin when the email is listed in
 * ADMIN_EMAILS and verified (admin-emails.ts). An existing row is left as it is.
 */
export async function ensureProfile(
  database: Database,
  p: { id: string; email: string; emailVerified: boolean; displayName: string | null; avatarUrl: string | null },
  opts: { adminEmails?: readonly string[]; role?: Extract<Role, 'listener' | 'creator'> } = {},
) {
  // Every signed-in request comes here: read first, write only for a missing row.
  const existing = await findProfile(database, p.id);
  if (existing) return existing;
  const isAdmin = (p.emailVerified && opts.adminEmails?.includes(p.email.toLowerCase())) ?? false;
  await insertProfileIfMissing(database, {
    id: p.id,
    email: p.email,
    displayName: p.displayName,
    avatarUrl: p.avatarUrl,
    userRole: isAdmin ? 'admin' : (opts.role ?? 'listener'),
  });
  const row = await findProfile(database, p.id);
  if (!row) throw new Error(`the profile of ${p.id} could not be made`);
  return row;
}
