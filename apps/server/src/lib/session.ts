import type { Role } from '@wavecast/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from './errors';

/** The signed-in user as the server sees it on a request (set by the auth module). */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  displayName: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}

export function requireRole(req: FastifyRequest, ...roles: Role[]): SessionUser {
  const user = requireUser(req);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}
