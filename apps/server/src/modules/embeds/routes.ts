import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EMBED_SIZES, type EmbedKind, MESSAGES } from '@wavecast/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { FIXED_SECURITY_HEADERS, OWN_SECURITY_HEADERS, PUBLIC_IMAGE_HEADERS } from '../../lib/fixed-headers';
import { WEB_DIST_DEFAULT } from '../../paths';
import { coverForOtherSites, DEFAULT_COVER_IMAGE_FILE, DEFAULT_COVER_IMAGE_URL } from './default-cover';
import { type EmbedTheme, embedNotFound, embedPage } from './page';
import { embedService } from './service';

/**
 * The only pages any site may frame: `frame-ancestors *` here, while every other page keeps
 * helmet's `frame-ancestors 'none'` and X-Frame-Options. The rest of the policy is the app's.
 */
export const EMBED_HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data: blob: https:; media-src 'self' blob: data:; connect-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors *",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cache-control': 'no-cache',
} as const;

/** The player's built files (apps/web/vite.embed.config.ts), looked up again after a rebuild. */
function embedAssets(dist: string) {
  const dir = path.join(dist, 'embed-player', 'assets');
  let cached: { mtimeMs: number; js: string; css: string | null } | null = null;
  return () => {
    const { mtimeMs } = fs.statSync(dir);
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const files = fs.readdirSync(dir);
      const js = files.find((f) => /^player-[\w-]+\.js$/.test(f));
      const css = files.find((f) => /^player-[\w-]+\.css$/.test(f));
      if (!js) throw new Error('the embed player is not built');
      cached = { mtimeMs, js: `/embed-player/assets/${js}`, css: css ? `/embed-player/assets/${css}` : null };
    }
    return cached;
  };
}

const Params = z.object({ id: z.string().max(100) });
const EmbedQuery = z.object({ theme: z.enum(['light', 'dark']).catch('dark').default('dark') });
const OEmbedQuery = z.object({
  url: z.string().max(2000),
  format: z.string().max(10).optional(),
  maxwidth: z.coerce.number().int().positive().max(10_000).optional(),
  maxheight: z.coerce.number().int().positive().max(10_000).optional(),
});

/** Embeddable player pages and the oEmbed endpoint. */
export async function embedRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const embeds = embedService(ctx);
  const assets = embedAssets(ctx.config.WEB_DIST ?? WEB_DIST_DEFAULT);

  // The live module's answer of where listeners get a stream (ours, or an Icecast relay).
  const liveUrl = (id: string) => root.live?.streams.streamUrl(id) ?? `/api/live/${id}/stream`;
  const find = (kind: EmbedKind, id: string) =>
    kind === 'track'
      ? embeds.track(id)
      : kind === 'playlist'
        ? embeds.playlist(id)
        : kind === 'radio'
          ? embeds.radio(id, liveUrl)
          : embeds.live(id, liveUrl);

  async function page(reply: FastifyReply, kind: EmbedKind, id: string, theme: EmbedTheme) {
    reply.headers(EMBED_HEADERS).type('text/html; charset=utf-8');
    const data = await find(kind, id);
    if (!data) return reply.status(404).send(embedNotFound(theme));
    let built: ReturnType<typeof assets>;
    try {
      built = assets();
    } catch {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    return reply.send(embedPage(data, theme, built));
  }

  for (const kind of ['track', 'playlist', 'live', 'radio'] as const) {
    app.get(
      `/embed/${kind}/:id`,
      {
        config: { access: 'public' },
        schema: { hide: true, params: Params, querystring: EmbedQuery },
        ...OWN_SECURITY_HEADERS,
      },
      async (req, reply) => page(reply, kind, req.params.id, req.query.theme),
    );
  }

  // The default cover other sites show (default-cover.ts): read once, the same bytes for good.
  const defaultCover = fs.readFileSync(DEFAULT_COVER_IMAGE_FILE);
  const defaultCoverEtag = `"${createHash('sha256').update(defaultCover).digest('base64url').slice(0, 22)}"`;
  app.route({
    method: ['GET', 'HEAD'],
    url: DEFAULT_COVER_IMAGE_URL,
    config: { access: 'public' },
    schema: { hide: true },
    ...OWN_SECURITY_HEADERS,
    async handler(req, reply) {
      reply
        .headers({ ...FIXED_SECURITY_HEADERS, ...PUBLIC_IMAGE_HEADERS })
        .header('cache-control', 'public, max-age=86400')
        .header('etag', defaultCoverEtag);
      if (req.headers['if-none-match'] === defaultCoverEtag) return reply.code(304).send();
      return reply.type('image/png').send(defaultCover);
    },
  });

  // oEmbed 1.0 (https://oembed.com): a rich `iframe` for track, playlist, live and radio pages of this site.
  app.get(
    '/api/oembed',
    { config: { access: 'public' }, schema: { tags: ['embeds'], querystring: OEmbedQuery } },
    async (req, reply) => {
      const { url, format, maxwidth, maxheight } = req.query;
      if (format && format !== 'json') {
        return reply
          .status(501)
          .send({ error: { code: 'VALIDATION_FAILED', message: 'Only the json format is supported' } });
      }
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        throw new AppError('NOT_FOUND', MESSAGES.audioNotFound);
      }
      const ours = new URL(ctx.config.PUBLIC_URL);
      const m = /^\/(?:embed\/)?(audio|track|playlist|live|radio)\/([^/]+)\/?$/.exec(target.pathname);
      if (target.host !== ours.host || !m || m[0].startsWith('/track/') || m[0].startsWith('/embed/audio/')) {
        throw new AppError('NOT_FOUND', MESSAGES.audioNotFound);
      }
      const kind: EmbedKind = m[1] === 'audio' ? 'track' : (m[1] as EmbedKind);
      const data = await find(kind, m[2]);
      if (!data) throw new AppError('NOT_FOUND', MESSAGES.audioNotFound);
      const size = {
        width: Math.min(maxwidth ?? EMBED_SIZES[kind].width, EMBED_SIZES[kind].width),
        height: Math.min(maxheight ?? EMBED_SIZES[kind].height, EMBED_SIZES[kind].height),
      };
      return reply.header('access-control-allow-origin', '*').send({
        version: '1.0',
        type: 'rich',
        provider_name: 'Wavecast',
        provider_url: embeds.abs('/'),
        title: data.title,
        author_name: data.creator,
        html: embeds.iframe(kind, data.id, data.title, size),
        width: size.width,
        height: size.height,
        thumbnail_url: embeds.abs(coverForOtherSites(data.coverUrl)),
      });
    },
  );
}
