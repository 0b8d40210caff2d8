import {
  ZAutoTranscript,
  ZTranscript,
  ZTranscriptCorrection,
  ZTranscriptHit,
  ZTranscriptInput,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { autoTranscriptService } from './auto';
import { toVtt } from './parse';
import { transcriptService } from './service';

const tags = ['transcripts'];
const Params = z.object({ id: z.string().max(100) });
const writeLimit = { rateLimit: RATE_LIMITS.settings };
/** Above TRANSCRIPT_MAX_BYTES, so a too-large transcript gets the service's clear 400 (up to this size). */
const BODY_LIMIT = 24 * 1024 * 1024;
const noTranscript = () => new AppError('NOT_FOUND', 'This audio has no transcript');

/** A track's transcript: JSON for the audio page, WebVTT / text for podcast apps; search inside transcripts. */
export async function transcriptRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = transcriptService(ctx);
  const auto = autoTranscriptService(ctx);

  app.get(
    '/api/tracks/:id/transcript',
    {
      config: { access: 'public' },
      schema: { tags, params: Params, response: { 200: z.object({ transcript: ZTranscript.nullable() }) } },
    },
    async (req) => {
      const row = await service.get(req.user?.id ?? null, req.params.id);
      return { transcript: row ? service.present(row) : null };
    },
  );
  app.put(
    '/api/tracks/:id/transcript',
    {
      config: { access: 'user', ...writeLimit },
      bodyLimit: BODY_LIMIT,
      schema: { tags, params: Params, body: ZTranscriptInput, response: { 200: ZTranscript } },
    },
    async (req) => service.save(signedInUser(req), req.params.id, req.body),
  );
  // The creator's correction of the stored cues' texts (times kept; cues left out deleted).
  app.patch(
    '/api/tracks/:id/transcript',
    {
      config: { access: 'user', ...writeLimit },
      bodyLimit: BODY_LIMIT,
      schema: { tags, params: Params, body: ZTranscriptCorrection, response: { 200: ZTranscript } },
    },
    async (req) => service.correct(signedInUser(req), req.params.id, req.body),
  );
  app.delete(
    '/api/tracks/:id/transcript',
    { config: { access: 'user', ...writeLimit }, schema: { tags, params: Params } },
    async (req, reply) => {
      await service.remove(signedInUser(req), req.params.id);
      return reply.status(204).send();
    },
  );
  // The automatic transcript, for the track's owner: whether it can be made here, and how it went.
  app.get(
    '/api/tracks/:id/transcript/auto',
    { config: { access: 'user' }, schema: { tags, params: Params, response: { 200: ZAutoTranscript } } },
    async (req) => {
      await service.assertEditable(signedInUser(req), req.params.id);
      return auto.status(req.params.id);
    },
  );
  app.post(
    '/api/tracks/:id/transcript/auto',
    { config: { access: 'user', ...writeLimit }, schema: { tags, params: Params, response: { 202: ZAutoTranscript } } },
    async (req, reply) => {
      await service.assertEditable(signedInUser(req), req.params.id);
      return reply.status(202).send(await auto.requestByOwner(req.params.id));
    },
  );
  app.get(
    '/api/tracks/:id/transcript.vtt',
    { config: { access: 'public' }, schema: { tags, params: Params } },
    async (req, reply) => {
      const row = await service.get(req.user?.id ?? null, req.params.id);
      if (!row || row.format === 'text') throw noTranscript();
      return reply
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'no-cache')
        .type('text/vtt; charset=utf-8')
        .send(toVtt(row.cues));
    },
  );
  app.get(
    '/api/tracks/:id/transcript.txt',
    { config: { access: 'public' }, schema: { tags, params: Params } },
    async (req, reply) => {
      const row = await service.get(req.user?.id ?? null, req.params.id);
      if (!row) throw noTranscript();
      return reply
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send(row.plainText);
    },
  );
  app.get(
    '/api/search/transcripts',
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: z.object({ q: z.string().max(200) }),
        response: { 200: z.object({ items: z.array(ZTranscriptHit) }) },
      },
    },
    async (req) => ({ items: await service.search(req.query.q) }),
  );
}
