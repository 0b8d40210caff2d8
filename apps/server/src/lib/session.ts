import type { Role } from '@wavecast/shared';

/** The signed-in user as the server sees it on a request (set by the auth module). */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  displayName: string | null;
  /** The auth session of this request (step-up is kept per session). */
  sessionId: string;
  /** Set when the request authenticated with a personal access token (modules/tokens), not a session. */
  viaToken?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}
