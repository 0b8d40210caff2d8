import type { Role } from './constants';

/**
 * What happens to accounts, sessions and content: the lifecycle events of the spine (ADR 0027).
 * A module that changes one of these records the event in the transaction of the change (an
 * outbox row); the spine delivers it once to every process, where each module that must react
 * subscribes next to its own code. No module calls another module's caches or sockets.
 */
export interface DomainEvents {
  /** An admin (or moderation's third strike) suspended the account: hidden, signed out, off air. */
  'account.suspended': { userId: string; reason: 'admin' | 'strikes' };
  'account.restored': { userId: string };
  /** The account is gone (its owner or an admin deleted it); its payment-provider ids and open streams as they were. */
  'account.deleted': {
    userId: string;
    email: string;
    stripeCustomerId: string | null;
    stripeSubscriptionIds: string[];
    liveStreamIds: string[];
  };
  /** These sessions ended (sign-out, "sign out" of a device in Settings → Security). */
  'session.revoked': { userId: string; sessionIds: string[] };
  /** The password was set or changed: every other session ended, API tokens revoked. */
  'password.changed': { userId: string; keptSessionId: string | null };
  'role.changed': { userId: string; from: Role; to: Role };
  /** What the account's sessions carry changed (the display name): cached sessions are read again. */
  'account.changed': { userId: string };
  /** The track left public view: removed by moderation, made private, or deleted. */
  'track.hidden': { trackId: string; ownerId: string; reason: 'removed' | 'private' | 'deleted' };
  /** The track is public again: restored by moderation, or made public by its owner. */
  'track.shown': { trackId: string; ownerId: string; reason: 'restored' | 'public' };
  /** Anything else about the track changed (an edit, processing, a new cover): caches drop their copies. */
  'track.changed': { trackId: string };
  /**
   * The track's upload processing finished: its renditions and loudness are stored, its status is
   * ready (the first time, or after a reprocess). What else measures its audio follows from here
   * (the radio's cue points, ADR 0079).
   */
  'track.ready': { trackId: string; ownerId: string };
  'stream-key.revoked': { userId: string; keyId: string };
  /**
   * A paid plan or trial ended (grace over, cancelled, admin's grant ended). `stripeSubscriptionId`:
   * the Stripe subscription that must stop billing with it (an end we decided; absent when Stripe ended it).
   */
  'plan.ended': { userId: string; plan: string; stripeSubscriptionId?: string };
  'payment.refunded': { userId: string; paymentId: string; amountCents: number };
  /**
   * Billing has something to tell the account (trial ending, payment failed, receipt, plan changed,
   * canceled): the in-app notice and its mail, once per `key` whatever the redeliveries.
   */
  'billing.notice': BillingNotice;
}

export interface BillingNotice {
  userId: string;
  kind: 'trial_ending' | 'payment_failed' | 'receipt' | 'plan_changed' | 'canceled';
  /** One notice per key (a trial's id, an invoice's ledger entry, a transition). */
  key: string;
  /** The in-app line, also the mail's subject. */
  title: string;
  link: string;
  /** The mail's body (plain text). */
  text: string;
}
export type DomainEventName = keyof DomainEvents;

/** One delivered event, as subscribers receive it (the id is the outbox row's: redeliveries share it). */
export interface DomainEvent<K extends DomainEventName = DomainEventName> {
  id: string;
  name: K;
  payload: DomainEvents[K];
  at: string;
}
