import { z } from 'zod';
import { roomPlayback } from '../sync/messages';

/** Listening rooms and premieres (issue 39, ADR 0058): limits in one place. */
export const ROOM_LIMITS = {
  nameMax: 80,
  guestNameMax: 40,
  chatMax: 500,
  /** Tracks in a room's queue at most (played ones leave it). */
  queueMax: 200,
  /** Chat lines a room page loads. */
  chatHistory: 100,
  /** A member seen within this is present (the page sends a heartbeat every third of it). */
  presenceMs: 45_000,
  /** Public rooms listed. */
  listPageSize: 24,
  /** How far ahead a premiere may be scheduled, and how soon at least. */
  premiereMaxAheadMs: 30 * 24 * 3600_000,
  premiereMinAheadMs: 60_000,
} as const;

/** Reactions a member may send (a fixed set: nothing to moderate). */
export const ROOM_REACTIONS = ['🔥', '❤️', '👏', '😂', '😮', '🎉'] as const;

export const ROOM_VISIBILITIES = ['public', 'link'] as const;
export const ROOM_QUEUE_POLICIES = ['everyone', 'host'] as const;

/** The request header a guest's room token travels in (the page keeps it per room in sessionStorage). */
export const ROOM_GUEST_HEADER = 'x-room-guest';

export const ROOM_MESSAGES = {
  hostOnly: 'Only the host can do that',
  queueHostOnly: 'Only the host can add to this queue',
  notMember: 'Join the room first',
  closed: 'This room has closed',
  removed: 'You were removed from this room',
  queueFull: `The queue is full (${ROOM_LIMITS.queueMax} tracks)`,
  nameRequired: 'Enter a name to join as a guest',
  premiereSoon: 'Schedule the premiere at least a minute ahead',
  premiereFar: 'A premiere can be scheduled at most 30 days ahead',
  premiereExists: 'This track already has a premiere',
  premiereStarted: 'The premiere has already started',
} as const;

const trimmed = (max: number, empty: string) => z.string().trim().min(1, empty).max(max, `At most ${max} characters`);

export const ZCreateRoom = z.object({
  name: trimmed(ROOM_LIMITS.nameMax, 'Name the room').optional(),
  visibility: z.enum(ROOM_VISIBILITIES).default('link'),
  queuePolicy: z.enum(ROOM_QUEUE_POLICIES).default('everyone'),
  /** What the room starts with: a track, or a playlist's tracks in order. */
  source: z.object({ kind: z.enum(['track', 'playlist']), id: z.string().uuid('Invalid id') }).optional(),
});
export type TCreateRoom = z.input<typeof ZCreateRoom>;

export const ZUpdateRoom = z
  .object({
    name: trimmed(ROOM_LIMITS.nameMax, 'Name the room').optional(),
    visibility: z.enum(ROOM_VISIBILITIES).optional(),
    queuePolicy: z.enum(ROOM_QUEUE_POLICIES).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');

export const ZJoinRoom = z.object({
  /** Signed-out visitors only: the name others see. */
  guestName: trimmed(ROOM_LIMITS.guestNameMax, ROOM_MESSAGES.nameRequired).optional(),
});

export const ZRoomMember = z.object({
  id: z.string(),
  /** Null for a guest. */
  userId: z.string().nullable(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  isGuest: z.boolean(),
  isHost: z.boolean(),
  joinedAt: z.string(),
});
export type TRoomMember = z.infer<typeof ZRoomMember>;

export const ZRoomQueueItem = z.object({
  id: z.string(),
  trackId: z.string(),
  title: z.string(),
  creatorName: z.string().nullable(),
  coverUrl: z.string().nullable(),
  duration: z.number(),
  addedBy: z.string().nullable(),
});
export type TRoomQueueItem = z.infer<typeof ZRoomQueueItem>;

export const ZRoomMessage = z.object({
  id: z.string(),
  kind: z.enum(['chat', 'reaction']),
  content: z.string(),
  memberId: z.string().nullable(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type TRoomMessage = z.infer<typeof ZRoomMessage>;

export const ZRoom = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['room', 'premiere']),
  visibility: z.enum(ROOM_VISIBILITIES),
  queuePolicy: z.enum(ROOM_QUEUE_POLICIES),
  status: z.enum(['open', 'closed']),
  hostMemberId: z.string().nullable(),
  hostName: z.string().nullable(),
  createdAt: z.string(),
  /** For premieres: when the first play starts (ISO). */
  premiereStartsAt: z.string().nullable(),
  premiereTrackId: z.string().nullable(),
  /** The sync core's current decision (ADR 0057). */
  playback: roomPlayback,
  /** The viewer's own membership, if they joined (and were not removed). */
  me: ZRoomMember.nullable(),
  memberCount: z.number().int(),
  /**
   * The server's app clock when answering (epoch ms; the one premiere times are in, moved by tests):
   * what a countdown counts against. Playback timing uses the sync core's clock pings instead.
   */
  serverNow: z.number(),
});
export type TRoom = z.infer<typeof ZRoom>;

export const ZRoomSummary = ZRoom.pick({ id: true, name: true, kind: true, hostName: true, createdAt: true }).extend({
  memberCount: z.number().int(),
  nowPlaying: z.string().nullable(),
});
export const ZRoomList = z.object({ items: z.array(ZRoomSummary) });
export type TRoomList = z.infer<typeof ZRoomList>;

export const ZJoinedRoom = z.object({
  member: ZRoomMember,
  /** For a guest only: the token later requests carry in `x-room-guest`. */
  guestToken: z.string().nullable(),
});
export type TJoinedRoom = z.infer<typeof ZJoinedRoom>;

export const ZAddToQueue = z.object({ trackId: z.string().uuid('Invalid track id') });

export const ZRoomControl = z.discriminatedUnion('action', [
  z.object({ action: z.literal('play') }),
  z.object({ action: z.literal('pause') }),
  z.object({
    action: z.literal('seek'),
    positionMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600_000),
  }),
  z.object({ action: z.literal('skip') }),
  /** Loads this queue item at its start (paused; then play). */
  z.object({ action: z.literal('playItem'), itemId: z.string().uuid() }),
]);
export type TRoomControl = z.infer<typeof ZRoomControl>;

export const ZHandOver = z.object({ memberId: z.string().uuid() });

export const ZRoomChat = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Message cannot be empty')
    .max(ROOM_LIMITS.chatMax, `Message must be at most ${ROOM_LIMITS.chatMax} characters`),
});
export const ZRoomReaction = z.object({ emoji: z.enum(ROOM_REACTIONS) });

export const ZRoomMessages = z.object({ items: z.array(ZRoomMessage) });
export type TRoomMessages = z.infer<typeof ZRoomMessages>;
export const ZRoomMembers = z.object({ items: z.array(ZRoomMember) });
export const ZRoomQueue = z.object({ items: z.array(ZRoomQueueItem) });

// Premieres
export const ZSchedulePremiere = z.object({ startsAt: z.string().datetime({ offset: true, message: 'Invalid date' }) });

export const PREMIERE_STATUSES = ['scheduled', 'live', 'done', 'canceled'] as const;
export type PremiereStatus = (typeof PREMIERE_STATUSES)[number];

export const ZPremiere = z.object({
  id: z.string(),
  trackId: z.string(),
  roomId: z.string(),
  status: z.enum(PREMIERE_STATUSES),
  startsAt: z.string(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  duration: z.number(),
  creator: z.object({ id: z.string(), displayName: z.string().nullable() }),
  serverNow: z.number(),
});
export type TPremiere = z.infer<typeof ZPremiere>;
