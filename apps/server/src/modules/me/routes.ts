import multipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  MESSAGES,
  SESSION_MESSAGES,
  USER_MESSAGES,
  ZChangePasswordInput,
  ZDeleteAccountInput,
  ZDeviceList,
  ZMe,
  ZNotificationPrefs,
  ZOwnProfile,
  ZPrivacyPrefs,
  ZProfileUpdate,
  ZSignedOut,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { signedInUser } from '../../lib/guard';
import { PASSWORD_CHANGE_LIMIT } from '../auth/rate-limits';
import { sendWebResponse, webHeaders } from '../auth/web-bridge';
import { billing } from '../billing';
import { deleteAccount } from '../users/deletion';
import { presentMe, presentNotificationPrefs, presentOwnProfile, presentPrivacyPrefs } from '../users/presenter';
import { findUser } from '../users/repo';
import { userService } from '../users/service';
import { confirmAccountDeletion } from './confirm-deletion';
import { changePassword } from './password';
import { expiredSessionCookies } from './session-cookies';
import { sessionsService } from './sessions';

const ZProfileResponse = z.object({ profile: ZOwnProfile });

/** `/api/me/*`: the signed-in user's own account, profile and settings. */
export async function meRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { entitlements } = billing(ctx);
  const users = userService(ctx);
  const sessions = sessionsService(ctx);

  app.get(
    '/api/me',
    { config: { access: 'public' }, schema: { tags: ['me'], response: { 200: z.object({ user: ZMe.nullable() }) } } },
    async (req) => {
      if (!req.user) return { user: null };
      const row = await findUser(ctx.database.db, req.user.id);
      return { user: row ? presentMe(row, await entitlements.of({ id: row.id, role: row.userRole })) : null };
    },
  );

  app.get(
    '/api/me/profile',
    {
      config: { access: 'user', unauthenticatedMessage: MESSAGES.userNotAuthenticated },
      schema: { tags: ['me'], response: { 200: ZProfileResponse } },
    },
    async (req) => {
      const { row, auth } = await users.getOwnProfile(signedInUser(req));
      return { profile: presentOwnProfile(row, auth) };
    },
  );

  app.put(
    '/api/me/profile',
    {
      config: { access: 'user', unauthenticatedMessage: MESSAGES.userNotAuthenticated },
      schema: { tags: ['me'], body: ZProfileUpdate, response: { 200: ZProfileResponse } },
    },
    async (req) => {
      const { row, auth } = await users.updateOwnProfile(signedInUser(req), req.body);
      return { profile: presentOwnProfile(row, auth) };
    },
  );

  // Multipart only for the avatar upload, scoped to these routes.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/me/avatar',
      {
        config: { access: 'user', rateLimit: { max: 20, timeWindow: 60_000 } },
        schema: { tags: ['me'], consumes: ['multipart/form-data'], response: { 200: ZProfileResponse } },
      },
      async (req) => {
        const user = signedInUser(req);
        const file = req.isMultipart() ? await req.file() : undefined;
        if (!file) throw badRequest(USER_MESSAGES.avatarInvalid);
        const bytes = await file.toBuffer();
        const { row, auth } = await users.replaceAvatar(user, bytes);
        return { profile: presentOwnProfile(row, auth) };
      },
    );
  });

  app.delete(
    '/api/me/avatar',
    { config: { access: 'user' }, schema: { tags: ['me'], response: { 200: ZProfileResponse } } },
    async (req) => {
      const { row, auth } = await users.removeAvatar(signedInUser(req));
      return { profile: presentOwnProfile(row, auth) };
    },
  );

  app.get(
    '/api/me/settings/notifications',
    {
      config: { access: 'user' },
      schema: { tags: ['me'], response: { 200: z.object({ notifications: ZNotificationPrefs }) } },
    },
    async (req) => ({
      notifications: presentNotificationPrefs(await users.getOwnSettings(signedInUser(req))),
    }),
  );

  app.put(
    '/api/me/settings/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        body: ZNotificationPrefs,
        response: { 200: z.object({ notifications: ZNotificationPrefs }) },
      },
    },
    async (req) => ({
      notifications: presentNotificationPrefs(await users.saveNotificationPrefs(signedInUser(req), req.body)),
    }),
  );

  app.get(
    '/api/me/settings/privacy',
    { config: { access: 'user' }, schema: { tags: ['me'], response: { 200: z.object({ privacy: ZPrivacyPrefs }) } } },
    async (req) => ({ privacy: presentPrivacyPrefs(await users.getOwnSettings(signedInUser(req))) }),
  );

  app.put(
    '/api/me/settings/privacy',
    {
      config: { access: 'user' },
      schema: { tags: ['me'], body: ZPrivacyPrefs, response: { 200: z.object({ privacy: ZPrivacyPrefs }) } },
    },
    async (req) => ({
      privacy: presentPrivacyPrefs(await users.savePrivacyPrefs(signedInUser(req), req.body)),
    }),
  );

  app.post(
    '/api/me/password',
    {
      config: { access: 'user', rateLimit: PASSWORD_CHANGE_LIMIT },
      schema: { tags: ['me'], body: ZChangePasswordInput },
    },
    async (req, reply) => {
      const res = await changePassword(ctx, app.auth, req, signedInUser(req), req.body);
      if (!res?.ok) {
        if (res) return sendWebResponse(reply, res);
        return { ok: true };
      }
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return { ok: true };
    },
  );

  // Settings → Security → Signed-in devices (never a token's request: tokens/service.ts refuses these).
  const sessionsConfig = { access: 'user', rateLimit: { max: 30, timeWindow: 60_000 } } as const;

  app.get(
    '/api/me/sessions',
    { config: sessionsConfig, schema: { tags: ['me'], response: { 200: ZDeviceList } } },
    async (req) => ({ items: await sessions.list(signedInUser(req)) }),
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      config: sessionsConfig,
      schema: { tags: ['me'], params: z.object({ id: z.string().min(1).max(200) }), response: { 200: ZSignedOut } },
    },
    async (req, reply) => {
      const { ids, current } = await sessions.signOut(signedInUser(req), req.params.id);
      // This device's own session: its cookies go too.
      if (current) reply.header('set-cookie', await expiredSessionCookies(app.auth));
      return { signedOut: ids.length, message: SESSION_MESSAGES.signedOut };
    },
  );

  app.post(
    '/api/me/sessions/sign-out-others',
    { config: sessionsConfig, schema: { tags: ['me'], response: { 200: ZSignedOut } } },
    async (req) => {
      const ids = await sessions.signOutOthers(signedInUser(req));
      return { signedOut: ids.length, message: SESSION_MESSAGES.othersSignedOut };
    },
  );

  app.post(
    '/api/me/become-creator',
    { config: { access: 'user' }, schema: { tags: ['me'], response: { 200: z.object({ user: ZMe }) } } },
    async (req) => {
      const row = await users.becomeCreator(signedInUser(req));
      return { user: presentMe(row, await entitlements.of({ id: row.id, role: row.userRole })) };
    },
  );

  app.delete(
    '/api/me',
    {
      config: { access: 'user', rateLimit: PASSWORD_CHANGE_LIMIT },
      schema: {
        tags: ['me'],
        body: ZDeleteAccountInput.nullish(), // no body at all: reported as a missing password
        response: { 200: z.object({ deleted: z.literal(true), filesRemoved: z.number() }) },
      },
    },
    async (req, reply) => {
      const user = signedInUser(req);
      const headers = webHeaders(req, ctx.config.TRUST_PROXY_HEADER);
      await confirmAccountDeletion(ctx, app.auth, headers, user, req.body ?? {});
      const { filesRemoved } = await deleteAccount(ctx, user);
      reply.header('set-cookie', await expiredSessionCookies(app.auth));
      return { deleted: true as const, filesRemoved };
    },
  );
}
