import { CREATOR_ACTIVITY_LIMIT, type TCreatorActivity, ZCreatorActivityList, ZCreatorStats } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { signedInUser } from '../../lib/guard';
import { creatorStats, recentComments, recentFollowers, recentMilestones } from './creator-repo';

const toIso = (d: Date | string) => new Date(d).toISOString();

/** The creator dashboard: real figures and real recent events. */
export async function creatorRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/creator/stats',
    { config: { access: 'creator' }, schema: { tags: ['creator'], response: { 200: ZCreatorStats } } },
    async (req) => {
      const user = signedInUser(req);
      const s = await creatorStats(ctx.database, user.id);
      return {
        totalPlays: s.total_plays,
        followers: s.followers,
        audioContent: s.audio_content,
        liveStreams: s.live_streams,
        activeLiveStreams: s.active_live_streams,
      };
    },
  );

  r.get(
    '/api/creator/activity',
    { config: { access: 'creator' }, schema: { tags: ['creator'], response: { 200: ZCreatorActivityList } } },
    async (req) => {
      const user = signedInUser(req);
      const limit = CREATOR_ACTIVITY_LIMIT;
      const [follows, comments, milestones] = await Promise.all([
        recentFollowers(ctx.database, user.id, limit),
        recentComments(ctx.database, user.id, limit),
        recentMilestones(ctx.database, user.id, limit),
      ]);
      const items: TCreatorActivity[] = [
        ...follows.map((f) => ({
          type: 'follow' as const,
          id: `follow:${f.id}`,
          at: toIso(f.at),
          user: { id: f.user_id, displayName: f.display_name, avatarUrl: f.avatar_url },
        })),
        ...comments.map((c) => ({
          type: 'comment' as const,
          id: `comment:${c.id}`,
          at: toIso(c.at),
          user: c.user_id ? { id: c.user_id, displayName: c.display_name, avatarUrl: c.avatar_url } : null,
          track: { id: c.track_id, title: c.track_title },
          content: c.content.slice(0, 200),
        })),
        ...milestones.map((m) => ({
          type: 'milestone' as const,
          id: `milestone:${m.track_id}:${m.plays}`,
          at: toIso(m.at),
          track: { id: m.track_id, title: m.track_title },
          plays: m.plays,
        })),
      ];
      items.sort((a, b) => b.at.localeCompare(a.at));
      return { items: items.slice(0, limit) };
    },
  );
}
