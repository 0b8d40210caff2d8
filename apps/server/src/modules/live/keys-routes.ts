import {
  LIVE_INGEST_MOUNT,
  STREAM_KEY_MESSAGES,
  ZStreamKey,
  ZStreamKeyCreated,
  ZStreamKeyInput,
  ZStreamKeyList,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import type { EncoderIngest } from './encoder/encoder-ingest';
import { presentStreamKey, type streamKeysService } from './stream-keys';

const tags = ['live'];
const ZId = z.object({ keyId: z.string().uuid() });
const config = { access: 'creator', rateLimit: RATE_LIMITS.settings } as const;

/**
 * Stream keys (`/api/live/keys`): a creator's encoder passwords, shown once at creation or
 * regeneration, with the address encoders connect to.
 */
export async function streamKeyRoutes(
  root: FastifyInstance,
  ctx: AppContext,
  service: ReturnType<typeof streamKeysService>,
  ingest: EncoderIngest | null,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/api/live/keys', { config, schema: { tags, response: { 200: ZStreamKeyList } } }, async (req) => {
    const port = ingest?.port;
    const ingestUrl =
      ctx.config.LIVE_INGEST_PUBLIC_URL ??
      (port ? `icecast://${req.hostname.replace(/:\d+$/, '')}:${port}${LIVE_INGEST_MOUNT}` : null);
    return { ingestUrl, items: (await service.list(signedInUser(req))).map(presentStreamKey) };
  });

  app.post(
    '/api/live/keys',
    { config, schema: { tags, body: ZStreamKeyInput, response: { 201: ZStreamKeyCreated } } },
    async (req, reply) => {
      const { row, secret } = await service.create(signedInUser(req), req.body);
      reply.code(201);
      return { key: presentStreamKey(row), secret, message: STREAM_KEY_MESSAGES.created };
    },
  );

  app.post(
    '/api/live/keys/:keyId/regenerate',
    { config, schema: { tags, params: ZId, response: { 200: ZStreamKeyCreated } } },
    async (req) => {
      // A source still connected with the old secret is cut, as on revoke (stream-key.revoked, lifecycle.ts).
      const { row, secret } = await service.regenerate(signedInUser(req), req.params.keyId);
      return { key: presentStreamKey(row), secret, message: STREAM_KEY_MESSAGES.regenerated };
    },
  );

  app.delete(
    '/api/live/keys/:keyId',
    {
      config,
      schema: { tags, params: ZId, response: { 200: z.object({ key: ZStreamKey, message: z.string() }) } },
    },
    async (req) => {
      // Its sources are cut on every process (stream-key.revoked, lifecycle.ts).
      const row = await service.revoke(signedInUser(req), req.params.keyId);
      return { key: presentStreamKey(row), message: STREAM_KEY_MESSAGES.revoked };
    },
  );
}
