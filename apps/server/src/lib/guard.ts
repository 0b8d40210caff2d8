import type { Role } from '@wavecast/shared';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { AppError, forbidden, unauthenticated } from './errors';
import { isAllowedOrigin } from './origin';

/**
 * Who may call a route, declared once in its config: `{ config: { access: 'user' } }`.
 *   public  — anyone (the service may still check ownership or visibility);
 *   user    — any signed-in account;
 *   creator / affiliate / advertiser / admin — that role only.
 */
export type Access = 'public' | 'user' | Exclude<Role, 'listener'>;

/**
 * A sensitive admin action (roles, plans, suspensions, payouts, deletions) also declares
 * `stepUp`: the session must have confirmed its password lately (admin/step-up.ts), or the guard
 * answers STEP_UP_REQUIRED (403), which the web app answers with a password prompt. A function
 * decides per request, from its params or (validated) body: approving, not refusing, grants a role.
 */
export type StepUp = true | ((req: FastifyRequest) => boolean);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    stepUp?: StepUp;
    /** The 401 message when it is not the generic one (the spec words some). */
    unauthenticatedMessage?: string;
  }
}

const ORIGIN_REFUSED = 'Bad origin';
const WS_ORIGIN_REFUSED = 'Origin not allowed';
const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
const isUpgrade = (req: FastifyRequest) => req.headers.upgrade?.toLowerCase() === 'websocket';

/** Throws the refusal for this caller, if any (401, then 403 for a wrong role). */
function checkAccess(req: FastifyRequest, access: Access, message?: string): void {
  if (access === 'public') return;
  if (!req.user) throw unauthenticated(message);
  if (access !== 'user' && req.user.role !== access) throw forbidden();
}

const GUARD = Symbol('access-guard');
type GuardHook = onRequestHookHandler & { [GUARD]?: true };

/**
 * The one request guard of the API, installed once before any API route:
 * - every state-changing `/api` request must come from our own origin (cookies alone are not
 *   enough), and so must every WebSocket upgrade;
 * - every `/api` route declares its `access` (a route without one fails at registration), and a
 *   refused caller is answered in `onRequest`, before the body is read: an anonymous caller gets
 *   401 and a wrong role 403 whatever they sent.
 * WebSocket routes answer the same refusals as close codes (4401, 4403), which a browser can read.
 * Needs `request.user` set by a root-level `onRequest` hook (the auth module's): root hooks run
 * before route hooks.
 */
export function installRequestGuards(
  app: FastifyInstance,
  opts: {
    publicUrl: string;
    bearerOnly?: (req: FastifyRequest) => boolean;
    /** Throws STEP_UP_REQUIRED unless the user's session confirmed its password lately. */
    requireStepUp?: (user: SessionUserOf) => Promise<void>;
  },
): void {
  const sameOrigin = (req: FastifyRequest) => isAllowedOrigin(req.headers.origin, req.headers.host, opts.publicUrl);

  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !isApi(req.url)) return;
    // A bearer token without a session cookie is no cookie request: the auth hook accepts it only
    // when the token is valid (otherwise 401), so the origin check has nothing to protect there.
    if (opts.bearerOnly?.(req)) return;
    if (!sameOrigin(req)) throw forbidden(ORIGIN_REFUSED);
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApi(route.url)) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `${route.method} ${route.url} declares no access: add config.access ('public', 'user' or a role)`,
      );
    }
    const message = route.config?.unauthenticatedMessage;
    if ((route as { websocket?: boolean }).websocket) {
      const handler = route.handler as unknown as SocketHandler;
      route.handler = guardedSocketHandler(handler, access, message, sameOrigin) as unknown as RouteOptions['handler'];
      return;
    }
    const stepUp = route.config?.stepUp;
    if (stepUp && access !== 'admin') throw new Error(`${route.method} ${route.url}: stepUp is for admin routes`);
    if (stepUp && !opts.requireStepUp) throw new Error(`${route.method} ${route.url}: stepUp needs requireStepUp`);
    if (stepUp && opts.requireStepUp) addStepUpCheck(route, stepUp, opts.requireStepUp);
    if (access === 'public') return;
    const hooks = route.onRequest ? [route.onRequest].flat() : [];
    if (hooks.some((h) => (h as GuardHook)[GUARD])) return; // the HEAD copy of a GET route
    const guard: GuardHook = async (req) => checkAccess(req, access, message);
    guard[GUARD] = true;
    // First among the route's hooks: before rate limits count the request, before anything else.
    route.onRequest = [guard, ...hooks] as onRequestHookHandler[];
  });
}

/**
 * Step-up is checked before the handler, after validation (a function may read the body): first
 * among the route's preHandlers, so nothing runs before it.
 */
function addStepUpCheck(route: RouteOptions, stepUp: StepUp, requireStepUp: (user: SessionUserOf) => Promise<void>) {
  const hooks = route.preHandler ? [route.preHandler].flat() : [];
  if (hooks.some((h) => (h as GuardHook)[GUARD])) return; // the HEAD copy of a GET route
  const check = async (req: FastifyRequest) => {
    if (stepUp === true || stepUp(req)) await requireStepUp(signedInUser(req));
  };
  (check as GuardHook)[GUARD] = true;
  route.preHandler = [check, ...hooks] as preHandlerHookHandler[];
}

type SessionUserOf = NonNullable<FastifyRequest['user']>;

type SocketHandler = (
  this: unknown,
  socket: { close(code: number, reason: string): void },
  req: FastifyRequest,
) => unknown;

function guardedSocketHandler(
  handler: SocketHandler,
  access: Access,
  message: string | undefined,
  sameOrigin: (req: FastifyRequest) => boolean,
): SocketHandler {
  return function (socket, req) {
    if (isUpgrade(req) && !sameOrigin(req)) return socket.close(4403, WS_ORIGIN_REFUSED);
    try {
      checkAccess(req, access, message);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return socket.close(4000 + e.status, e.message);
    }
    return handler.call(this, socket, req);
  };
}

/**
 * The signed-in user of a route whose `access` is not 'public': the guard has refused everyone
 * else before the handler runs, so a missing user here is a wrongly declared route.
 */
export function signedInUser(req: FastifyRequest): NonNullable<FastifyRequest['user']> {
  if (!req.user) throw new Error(`${req.method} ${req.routeOptions.url}: access is 'public' but reads a user`);
  return req.user;
}
