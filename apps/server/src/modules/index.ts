import { eventJobs, eventSchedules } from '../events/prune';
import { adminRoutes } from './admin/routes';
import { subscribeSuspensionNotice } from './admin/suspension-notice';
import { adsJobs, adsSchedules } from './ads/jobs';
import { adsRoutes } from './ads/routes';
import { subscribeAdServing } from './ads/serving-state';
import { affiliateJobs, affiliateSchedules } from './affiliates/jobs';
import { affiliateRoutes } from './affiliates/routes';
import { albumRoutes } from './albums/routes';
import { analyticsJobs, analyticsSchedules } from './analytics/jobs';
import { analyticsRoutes } from './analytics/routes';
import { applicationRoutes } from './applications/routes';
import { authJobs, authSchedules } from './auth/jobs';
import { authRoutes } from './auth/routes';
import { subscribeSessionCache } from './auth/session-cache';
import { billingJobs, billingSchedules } from './billing/jobs';
import { billingRoutes } from './billing/routes';
import { subscribeBilling } from './billing/subscribers';
import { commentRoutes } from './comments/routes';
import { creatorRoutes } from './creator/routes';
import type { ModuleDefinition } from './define';
import { subscribeDeliveryCache } from './delivery/cache';
import { deliveryRoutes } from './delivery/routes';
import { subscribePublicCache } from './discovery/public-cache';
import { discoveryRoutes } from './discovery/routes';
import { earningsJobs, earningsSchedules } from './earnings/jobs';
import { embedRoutes } from './embeds/routes';
import { feedRoutes } from './feed/routes';
import { followRoutes } from './follows/routes';
import { healthRoutes } from './health/routes';
import { historyRoutes } from './history/routes';
import { libraryRoutes } from './library/routes';
import { likeRoutes } from './likes/routes';
import { liveRoutes } from './live/routes';
import { meRoutes } from './me/routes';
import { moderationJobs, moderationSchedules } from './moderation/jobs';
import { moderationRoutes } from './moderation/routes';
import { subscribeBillingNotices } from './notifications/billing-notices';
import { digestSchedules } from './notifications/digest';
import { notificationJobs } from './notifications/jobs';
import { notificationRoutes } from './notifications/routes';
import { payoutRoutes } from './payouts/routes';
import { playlistRoutes } from './playlists/routes';
import { playRoutes } from './plays/routes';
import { subscribeEpisodeArt } from './podcasts/episode-art';
import { podcastRoutes } from './podcasts/routes';
import { profileRoutes } from './profiles/routes';
import { radioCueJobs, radioCueSchedules, subscribeCueMeasurement } from './radio/cues/jobs';
import { subscribeRadioLifecycle } from './radio/lifecycle';
import { radioRoutes } from './radio/routes';
import { repostRoutes } from './reposts/routes';
import { roomJobs, roomSchedules } from './rooms/jobs';
import { subscribeRoomLifecycle } from './rooms/lifecycle';
import { premiereRoutes } from './rooms/premieres/routes';
import { roomRoutes } from './rooms/routes';
import { statementRoutes } from './statements/routes';
import { supportJobs } from './support/mail';
import { supportRoutes } from './support/routes';
import { testingRoutes } from './testing/routes';
import { tokenRoutes } from './tokens/routes';
import { subscribeTokens } from './tokens/subscribers';
import { trackJobs, trackSchedules } from './tracks/jobs';
import { trackRoutes } from './tracks/routes';
import { subscribeAutoTranscripts, transcriptJobs } from './transcripts/auto';
import { transcriptRoutes } from './transcripts/routes';
import { usersRoutes } from './users/routes';
import { webhookJobs } from './webhooks/jobs';
import { webhookRoutes } from './webhooks/routes';

/**
 * Every domain module, in registration order (routes register in this order). A new domain adds
 * one entry here: its routes, jobs, recurring jobs and lifecycle subscribers.
 */
export const modules: ModuleDefinition[] = [
  {
    name: 'auth',
    routes: [authRoutes],
    jobs: authJobs,
    schedules: authSchedules,
    subscribers: [subscribeSessionCache],
  },
  { name: 'health', routes: [healthRoutes] },
  { name: 'me', routes: [meRoutes] },
  { name: 'users', routes: [usersRoutes] },
  { name: 'admin', routes: [adminRoutes], subscribers: [subscribeSuspensionNotice] },
  { name: 'applications', routes: [applicationRoutes] },
  { name: 'support', routes: [supportRoutes], jobs: supportJobs },
  { name: 'playlists', routes: [playlistRoutes] },
  {
    name: 'notifications',
    routes: [notificationRoutes],
    jobs: notificationJobs,
    schedules: digestSchedules,
    subscribers: [subscribeBillingNotices],
  },
  { name: 'library', routes: [libraryRoutes] },
  // Plans, subscriptions, payments; the test clock and fakes' hooks.
  {
    name: 'billing',
    routes: [billingRoutes],
    jobs: billingJobs,
    schedules: billingSchedules,
    subscribers: [subscribeBilling],
  },
  { name: 'testing', routes: [testingRoutes] },
  // Listening: play counts, resume positions and history, likes, comments.
  { name: 'plays', routes: [playRoutes] },
  { name: 'history', routes: [historyRoutes] },
  { name: 'likes', routes: [likeRoutes] },
  { name: 'comments', routes: [commentRoutes] },
  // Live broadcasting: streams, ingest, listeners, chat, recordings.
  { name: 'live', routes: [liveRoutes] },
  // Issue 38: radio channels (the auto-DJ's engine lives in radio/engine).
  { name: 'radio', routes: [radioRoutes], subscribers: [subscribeRadioLifecycle] },
  // Tracks: upload and edits; delivery (Range, GET/HEAD only: nothing extra on the hot path); the creator dashboard.
  { name: 'tracks', routes: [trackRoutes], jobs: trackJobs, schedules: trackSchedules },
  { name: 'radio-cues', jobs: radioCueJobs, schedules: radioCueSchedules, subscribers: [subscribeCueMeasurement] },
  { name: 'delivery', routes: [deliveryRoutes], subscribers: [subscribeDeliveryCache] },
  { name: 'creator', routes: [creatorRoutes] },
  // Discovery: home, explore, categories, search; follows; public profiles.
  { name: 'discovery', routes: [discoveryRoutes], subscribers: [subscribePublicCache] },
  { name: 'follows', routes: [followRoutes] },
  { name: 'profiles', routes: [profileRoutes] },
  // Issue 36: reposts, albums and EPs, the following feed and related tracks.
  { name: 'reposts', routes: [repostRoutes] },
  { name: 'albums', routes: [albumRoutes] },
  { name: 'feed', routes: [feedRoutes] },
  // Issue 39: listening rooms and premieres (ADR 0058).
  {
    name: 'rooms',
    routes: [roomRoutes, premiereRoutes],
    jobs: roomJobs,
    schedules: roomSchedules,
    subscribers: [subscribeRoomLifecycle],
  },
  { name: 'affiliates', routes: [affiliateRoutes], jobs: affiliateJobs, schedules: affiliateSchedules },
  { name: 'payouts', routes: [payoutRoutes] },
  { name: 'statements', routes: [statementRoutes] },
  // Issue 37: creators' revenue share (the ledger and the month close; statements and payouts build on it).
  { name: 'earnings', jobs: earningsJobs, schedules: earningsSchedules },
  { name: 'ads', routes: [adsRoutes], jobs: adsJobs, schedules: adsSchedules, subscribers: [subscribeAdServing] },
  { name: 'moderation', routes: [moderationRoutes], jobs: moderationJobs, schedules: moderationSchedules },
  { name: 'analytics', routes: [analyticsRoutes], jobs: analyticsJobs, schedules: analyticsSchedules },
  // Podcasts and the open web: feeds, show settings, chapters, transcripts, embeds.
  { name: 'podcasts', routes: [podcastRoutes], subscribers: [subscribeEpisodeArt] },
  {
    name: 'transcripts',
    routes: [transcriptRoutes],
    jobs: transcriptJobs,
    subscribers: [subscribeAutoTranscripts],
  },
  { name: 'embeds', routes: [embedRoutes] },
  // The public API: personal access tokens; creators' webhooks.
  { name: 'tokens', routes: [tokenRoutes], subscribers: [subscribeTokens] },
  { name: 'webhooks', routes: [webhookRoutes], jobs: webhookJobs },
  // The lifecycle outbox's upkeep (events/, ADR 0027).
  { name: 'events', jobs: eventJobs, schedules: eventSchedules },
];
