import { z } from 'zod';
import { LIVE_CATEGORIES, LIVE_MAX_TAGS } from '../constants';
import { MESSAGES } from '../messages';
import { ZUserSummary } from './tracks';

/** Publisher: MediaRecorder settings (DESIGN.md section 7). */
export const LIVE_MIME_TYPE = 'audio/webm;codecs=opus';
export const LIVE_AUDIO_BITS_PER_SECOND = 64_000;
/** MediaRecorder timeslice: each chunk becomes one WebSocket frame and one fan-out write. */
export const LIVE_TIMESLICE_MS = 100;
/**
 * A publisher may be gone this long (network blip, reload, an encoder restarting) before the stream
 * ends: long enough to reload Go Live, allow the microphone again and press Resume.
 */
export const LIVE_PUBLISHER_GRACE_MS = 30_000;
/** Listener: MSE type, and when to start and when to jump back to the live edge. */
export const LIVE_MSE_TYPE = 'audio/webm; codecs="opus"';
/**
 * The MSE player's buffer (ADR 0042): it starts with `startBufferedSeconds`, aims at
 * `targetLagSeconds` of audio ahead of the playhead, and steers towards it by playing up to
 * `rateStep` faster or slower once off by more than `deadbandSeconds`; more than `catchUpLagSeconds`
 * ahead (after a stall), it plays `catchUpRateStep` faster, so a second of lag is gone in ~10 s
 * instead of ~30 s (ADR 0061); it seeks only when more than `seekLagSeconds` behind (a long network
 * outage), since a seek throws away audio that arrived intact: a device that stalled for a few seconds
 * under load catches up by rate instead (ADR 0042). Until it has played `joinSeconds`, the listener
 * has heard nothing to lose: a backlog over `catchUpLagSeconds` (audio that arrived while the element
 * was starting) is skipped at once.
 */
export const LIVE_PLAYER = {
  startBufferedSeconds: 0.4,
  targetLagSeconds: 0.3,
  deadbandSeconds: 0.08,
  rateStep: 0.03,
  catchUpLagSeconds: 0.8,
  catchUpRateStep: 0.1,
  seekLagSeconds: 8,
  joinSeconds: 0.5,
} as const;
export const LIVE_CHAT_MAX_LENGTH = 500;
/** Chat messages one user may post per window. */
export const LIVE_CHAT_RATE_LIMIT = { max: 5, windowMs: 10_000 } as const;
export const LIVE_CHAT_HISTORY = 100;
export const LIVE_TITLE_MAX_LENGTH = 120;
export const LIVE_DESCRIPTION_MAX_LENGTH = 2000;
export const LIVE_TAG_MAX_LENGTH = 30;
/** The longest "now playing" an encoder's metadata update may set (Icecast's own limit is similar). */
export const LIVE_NOW_PLAYING_MAX_LENGTH = 255;

/** Close codes of the ingest WebSocket, so the Go Live page can say what happened. */
export const LIVE_INGEST_CLOSE = {
  unauthenticated: 4401,
  forbidden: 4403,
  notFound: 4404,
  publisherExists: 4409,
  ended: 4410,
  notWebm: 4415,
  badStream: 4400,
  /** Bytes arrived much faster than any live audio can be produced. */
  tooFast: 4429,
  /** The account has no live streaming left this month (the free plan's allowance). */
  allowanceUsed: 4402,
} as const;

/**
 * Why the server ended a broadcast on its own: the month's live allowance ran out, or an admin
 * (or moderation's third strike) suspended the account.
 */
export type TLiveEndReason = 'allowance' | 'suspended';

/**
 * Text frames the server sends the publisher. `live`: audio is arriving, the stream is on air;
 * `allowance`: the month's live allowance runs out in `secondsLeft` (the stream then ends);
 * `ended`: the stream has ended (`reason` when the server ended it).
 */
export type TLiveIngestMessage =
  | { type: 'live'; streamId: string }
  | { type: 'allowance'; streamId: string; secondsLeft: number }
  | { type: 'ended'; streamId: string; reason?: TLiveEndReason };

/** Tags as the spec wants them: trimmed, no duplicates, empty ignored, at most 5. */
export function normalizeLiveTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

export const ZCreateLiveStream = z.object({
  title: z
    .string({ error: MESSAGES.streamTitleRequired })
    .trim()
    .min(1, MESSAGES.streamTitleRequired)
    .max(LIVE_TITLE_MAX_LENGTH, `Title must be at most ${LIVE_TITLE_MAX_LENGTH} characters`),
  description: z
    .string()
    .trim()
    .max(LIVE_DESCRIPTION_MAX_LENGTH, `Description must be at most ${LIVE_DESCRIPTION_MAX_LENGTH} characters`)
    .optional()
    .default(''),
  category: z.enum(LIVE_CATEGORIES, { error: MESSAGES.streamCategoryRequired }),
  tags: z
    .array(z.string().max(LIVE_TAG_MAX_LENGTH, `Tags must be at most ${LIVE_TAG_MAX_LENGTH} characters`))
    .max(50)
    .optional()
    .default([])
    .transform(normalizeLiveTags)
    .pipe(z.array(z.string()).max(LIVE_MAX_TAGS, `You can add at most ${LIVE_MAX_TAGS} tags`)),
});
export type TCreateLiveStream = z.input<typeof ZCreateLiveStream>;

/** pending: created, no audio yet; live: on air; ended. Only live streams are listed. */
export const ZLiveStatus = z.enum(['pending', 'live', 'ended']);
export type TLiveStatus = z.infer<typeof ZLiveStatus>;

export const ZLiveRecording = z.object({
  trackId: z.string(),
  status: z.enum(['processing', 'ready', 'failed']),
  isPublic: z.boolean(),
  duration: z.number(),
});
export type TLiveRecording = z.infer<typeof ZLiveRecording>;

export const ZLiveStream = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  status: ZLiveStatus,
  viewerCount: z.number().int(),
  /** When the stream went on air (or was created, while pending). */
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  /** Seconds on air so far (or in total, once ended). */
  elapsedSeconds: z.number(),
  /** What is playing, as the encoder last said (metadata updates); null when it never said. */
  nowPlaying: z.string().nullable(),
  creator: ZUserSummary,
  /**
   * Where listeners play it: our endless WebM (`/api/live/{id}/stream`, played through MSE), or an
   * absolute Icecast URL when the server forwards to one (played with `<audio>`).
   */
  streamUrl: z.string(),
  /** The recording as a track, once made (a draft until the creator publishes it). */
  recording: ZLiveRecording.nullable(),
  /**
   * The broadcast is recorded; its chat may be kept with the recording as comments. False once it
   * ended with too little audio to keep (no draft will come).
   */
  isRecorded: z.boolean(),
  /** For the viewer, by the server's policy (its creator, and admins): may end the stream, moderate chat, publish the recording. */
  canManage: z.boolean(),
  /** Only for those who may manage it. */
  peakViewers: z.number().int().optional(),
});
export type TLiveStream = z.infer<typeof ZLiveStream>;

export const ZLiveListQuery = z.object({
  /** Present in `?active`; only active streams are ever listed. */
  active: z.string().optional(),
  category: z.enum(LIVE_CATEGORIES).optional(),
  sort: z.enum(['viewers', 'recent']).default('viewers'),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZLiveList = z.object({ items: z.array(ZLiveStream) });

export const ZLiveChatMessage = z.object({
  id: z.string(),
  streamId: z.string(),
  content: z.string(),
  /** Seconds into the broadcast (and into its recording). */
  offsetSeconds: z.number(),
  createdAt: z.string(),
  author: ZUserSummary.nullable(),
  /** Written by the stream's host. */
  isHost: z.boolean(),
});
export type TLiveChatMessage = z.infer<typeof ZLiveChatMessage>;

export const ZLiveChatList = z.object({
  items: z.array(ZLiveChatMessage),
  /** For the signed-in viewer. */
  muted: z.boolean(),
  /** Only for the stream's creator: who is muted. */
  mutedUserIds: z.array(z.string()).optional(),
});
export type TLiveChatList = z.infer<typeof ZLiveChatList>;

export const ZPostLiveChat = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Message cannot be empty')
    .max(LIVE_CHAT_MAX_LENGTH, `Message must be at most ${LIVE_CHAT_MAX_LENGTH} characters`),
});

export const ZMuteUser = z.object({ userId: z.string().min(1).max(200) });

/** Publishing a recording: whether its chat stays with it as timestamped comments (default yes). */
export const ZPublishRecording = z.object({ keepChat: z.boolean().default(true) });
export type TPublishRecording = z.input<typeof ZPublishRecording>;

/** The Go Live page's offer to resume a stream still on air after a reload. */
export const LIVE_RESUME_MESSAGES = {
  heading: 'Resume your live stream',
  resumed: 'You are live again!',
  failed: 'Could not resume your stream. Please try again.',
  alreadyEnded: 'Your stream has already ended.',
} as const;

/** What a listener's live page says while the process holding the broadcast is gone (ADR 0046). */
export const LIVE_LISTENER_MESSAGES = {
  interrupted: 'The broadcast was interrupted, reconnecting…',
} as const;

/**
 * `GET /api/live/mine`: the signed-in creator's stream that is still on air, so a reloaded or
 * reopened Go Live page can offer to resume it (same id, listeners stay, the recording goes on).
 */
export const ZMyLiveStream = z.object({
  /** On air (with or without a publisher right now); null when there is none to resume. */
  stream: ZLiveStream.nullable(),
  /** A publisher is connected now (another tab, or a reloaded page's old connection not yet closed). */
  publisherConnected: z.boolean(),
  /**
   * Milliseconds left before the stream ends for want of a publisher (the grace period); null
   * while a publisher is connected, or when another process holds the stream.
   */
  graceMsLeft: z.number().int().nullable(),
});
export type TMyLiveStream = z.infer<typeof ZMyLiveStream>;
