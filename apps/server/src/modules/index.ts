import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { adminRoutes } from './admin/routes';
import { adsRoutes } from './ads/routes';
import { affiliateRoutes } from './affiliates/routes';
import { analyticsRoutes } from './analytics/routes';
import { applicationRoutes } from './applications/routes';
import { authRoutes } from './auth/routes';
import { billingRoutes } from './billing/routes';
import { commentRoutes } from './comments/routes';
import { creatorRoutes } from './creator/routes';
import { deliveryRoutes } from './delivery/routes';
import { discoveryRoutes } from './discovery/routes';
import { embedRoutes } from './embeds/routes';
import { followRoutes } from './follows/routes';
import { healthRoutes } from './health/routes';
import { historyRoutes } from './history/routes';
import { libraryRoutes } from './library/routes';
import { likeRoutes } from './likes/routes';
import { liveRoutes } from './live/routes';
import { meRoutes } from './me/routes';
import { moderationRoutes } from './moderation/routes';
import { notificationRoutes } from './notifications/routes';
import { playlistRoutes } from './playlists/routes';
import { playRoutes } from './plays/routes';
import { podcastRoutes } from './podcasts/routes';
import { profileRoutes } from './profiles/routes';
import { supportRoutes } from './support/routes';
import { testingRoutes } from './testing/routes';
import { tokenRoutes } from './tokens/routes';
import { trackRoutes } from './tracks/routes';
import { transcriptRoutes } from './transcripts/routes';
import { usersRoutes } from './users/routes';
import { webhookRoutes } from './webhooks/routes';

export type Module = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every API module, in registration order. A new domain adds one line here. */
export const modules: Module[] = [
  authRoutes,
  healthRoutes,
  meRoutes,
  usersRoutes,
  adminRoutes,
  applicationRoutes,
  supportRoutes,
  playlistRoutes,
  notificationRoutes,
  libraryRoutes,
];
// Plans, subscriptions, payments.
modules.push(billingRoutes, testingRoutes);
// Listening: play counts, resume positions and history, likes, comments.
modules.push(playRoutes, historyRoutes, likeRoutes, commentRoutes);
// Live broadcasting: streams, ingest, listeners, chat, recordings.
modules.push(liveRoutes);
// Tracks: upload and edits; delivery (Range, GET/HEAD only: nothing extra on the hot path); the creator dashboard.
modules.push(trackRoutes, deliveryRoutes, creatorRoutes);
// Discovery: home, explore, categories, search; follows; public profiles.
modules.push(discoveryRoutes, followRoutes, profileRoutes);
// Affiliates: /ref links, referrals, commissions, payouts.
modules.push(affiliateRoutes);
// Advertising: campaigns, review, serving, counting, balances.
modules.push(adsRoutes);
// Moderation: reports, removals and appeals (admins act on them).
modules.push(moderationRoutes);
// Creator analytics: rollups of listening, retention, sources, devices.
modules.push(analyticsRoutes);
// Podcasts and the open web: feeds, show settings, chapters.
modules.push(podcastRoutes, transcriptRoutes, embedRoutes);
// The public API: personal access tokens.
modules.push(tokenRoutes);
// Webhooks: creators' endpoints, signed deliveries as jobs.
modules.push(webhookRoutes);
