import type { Role } from '@wavecast/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../../lib/errors';
import { isAllowedOrigin } from '../../lib/origin';
import { requireRole, requireUser } from '../../lib/session';

/**
 * Route hooks that refuse before the body is even validated, so an anonymous caller gets 401 and
 * a wrong role 403 whatever they sent:
 *   app.put('/api/x', { onRequest: signedIn }, ...)   app.post('/api/y', { onRequest: roles('creator') }, ...)
 * Give each route its own hooks array: @fastify/rate-limit appends its hook to the route's
 * `onRequest` array, so an array shared between routes would carry one route's limit to the others.
 */
export const signedIn = async (req: FastifyRequest) => {
  requireUser(req);
};

export const roles =
  (...allowed: Role[]) =>
  async (req: FastifyRequest) => {
    requireRole(req, ...allowed);
  };

/** Signed in, with the spec's message for profile updates ('User not authenticated'). */
export const signedInAs = (message: string) => async (req: FastifyRequest) => {
  if (!req.user) throw new AppError('UNAUTHENTICATED', message);
};

/** State-changing requests from a browser must come from our own origin. */
export const sameOrigin =
  (publicUrl: string) =>
  async (req: FastifyRequest, _reply?: FastifyReply): Promise<void> => {
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, publicUrl)) throw forbidden('Bad origin');
  };
