import type { SessionUser } from '../../lib/session';

/** Contact messages carry private emails: only admins read or resolve them. */
export const canManageContactMessages = (user: SessionUser | null): boolean => user?.role === 'admin';
