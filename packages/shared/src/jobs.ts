/**
 * The job map: every durable job type with its payload (stored as JSON in the jobs table), as the
 * realtime event map does for events. The queue's register/enqueue are typed by it, so a producer
 * and its handler cannot disagree on a payload.
 */
export interface JobPayloads {
  /** One mail (auth's verification and reset mails); retried when the relay fails. */
  'mail.send': {
    to: string;
    subject: string;
    text: string;
    html?: string;
    /** Live one-time tokens in the mail: hidden wherever the mail is recorded. */
    secrets?: string[];
  };
  /** One of the two mails of a stored contact message. */
  'support.contact-mail': { messageId: string; kind: 'confirmation' | 'notification' };
  /** Hourly: upload and job temp files left by a crash, removed once old enough; the scheduler queues its next run. */
  'tracks.temp-sweep': { at: string };
  /** Transcode, measure and make peaks for an uploaded (or recorded) track. */
  'track.process': { trackId: string };
  /** An automatic transcript of a track by the local speech recogniser (modules/transcripts/auto.ts). */
  'transcript.generate': { trackId: string };
  /**
   * Every 5 minutes, a catch-up: cue points and loudness of ready tracks that were never measured
   * (uploaded before measuring at upload, or their `radio.cues.track` was lost; ADR 0055, 0079).
   */
  'radio.cues': { at: string };
  /** One track's cue points and loudness, measured right after its upload processing (`track.ready`, ADR 0079). */
  'radio.cues.track': { trackId: string };
  /** Resize a track's new cover. */
  'track.cover': { trackId: string };
  /** The email copy of one notification. */
  'notifications.email': { notificationId: string };
  /** The weekly digest of the week starting `week` (YYYY-MM-DD); the scheduler queues its next run. */
  'notifications.weekly-digest': { week: string };
  /** The hourly billing sweep (ends lapsed trials, periods and graces); the scheduler queues its next run. */
  'billing.settle': { at: string };
  /** Nightly: every open subscription compared with Stripe's, repaired from its answer or reported. */
  'billing.reconcile': { at: string };
  /** Daily: a notice (mail and in-app) for each trial ending within 3 days, once per trial. */
  'billing.trial-reminders': { at: string };
  /** Books affiliate commissions from the payments ledger (every few minutes); the scheduler queues its next run. */
  'affiliates.sweep': { at: string };
  /** Daily: affiliate tiers recomputed, due payouts created; the scheduler queues its next run. */
  'affiliates.daily': { at: string };
  /** Issue 37: folds finished days' listening, closes ended months (ADR 0053). */
  'earnings.close': { at: string };
  /** The advertising sweep (books top-ups, completes ended campaigns); the scheduler queues its next run. */
  'ads.sweep': { at: string };
  /** The hourly copyright sweep: restores tracks whose counter-notice period is over; the scheduler queues its next run. */
  'moderation.copyright-restore': { at: string };
  /** Hourly: listening rolled into per-track per-day analytics, old raw rows deleted; the scheduler queues its next run. */
  'analytics.rollup': { at: string };
  /** Daily: delivered lifecycle events older than 30 days deleted from the outbox (ADR 0027). */
  'events.prune': { at: string };
  'auth.attempts-prune': { at: string };
  /**
   * What an account's suspension, restore or deletion asks of the payment provider, when the call
   * made at the event failed (Stripe unreachable): retried (modules/billing/subscribers.ts).
   */
  'billing.provider-followup': {
    userId: string;
    action: 'cancel' | 'pause' | 'resume';
    subscriptionIds: string[];
    customerId: string | null;
  };
  /** Premieres (ADR 0058): starts and finishes premieres whose time (the injectable clock's) has come; also queued at a premiere's start. */
  'premieres.tick': { at: string };
  /** One webhook delivery (modules/webhooks): retried with exponential backoff for about a day. */
  'webhooks.deliver': { deliveryId: string };
}

export type JobType = keyof JobPayloads;
