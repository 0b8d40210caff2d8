import type { TApplication } from '@wavecast/shared';
import type { users } from '../../db/schema';
import type { ApplicationRow } from './repo';

export function presentApplication(r: { application: ApplicationRow; user: typeof users.$inferSelect }): TApplication {
  const a = r.application;
  return {
    id: a.id,
    role: a.role,
    status: a.status,
    details: a.details,
    note: a.note,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
    user: { id: r.user.id, email: r.user.email, displayName: r.user.displayName, role: r.user.userRole },
  };
}
