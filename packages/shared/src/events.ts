import type { TComment } from './contracts/comments';
import type { TLiveChatMessage } from './contracts/live';
import type { TNotification } from './contracts/notifications';
import type { TRadioNowPlaying } from './contracts/radio';
import type { TRoomMember, TRoomMessage, TRoomQueueItem } from './contracts/rooms';
import type { DomainEvent } from './domain-events';
import type { ClockPong, RoomMemberStatus, RoomPlayback, SyncClientMessage } from './sync/messages';
import type { PlaybackSchedule } from './sync/schedule';

/**
 * The realtime event map: every event that crosses the bus or the WebSocket, with its payload.
 * Topics are rooms a socket subscribes to (`track:{id}`, `live:{id}`, `user:{id}`, `global`).
 */
export interface RealtimeEvents {
  'system.hello': { serverTime: string };
  'track.uploaded': { trackId: string; userId: string };
  'track.processed': { trackId: string; status: 'ready' | 'failed' };
  /**
   * The presented comment rides along for public tracks (its `canDelete` is false: each viewer
   * works theirs out); without it, clients refetch.
   */
  'comment.created': {
    trackId: string;
    commentId: string;
    trackOwnerId: string;
    authorId: string;
    comment?: TComment;
  };
  'comment.deleted': { trackId: string; commentId: string; trackOwnerId: string };
  'user.followed': { followerId: string; followingId: string };
  /**
   * A play was counted (plays module): on `track:{id}` for its page and on `user:{ownerId}` for the
   * owner's dashboard. `playCount` is the track's count after it.
   */
  'track.played': { trackId: string; ownerId: string; playCount: number };
  /** A follow or unfollow changed a user's follower count (on `user:{id}`: their dashboard). */
  'user.followers': { userId: string; followerCount: number };
  /** A like was added (not on a repeated PUT). */
  'track.liked': { trackId: string; userId: string };
  /** A repost was added (not on a repeated PUT). */
  'track.reposted': { trackId: string; userId: string };
  /** `keyName`: the stream key an encoder went live with (absent for a browser broadcast). */
  'live.started': { streamId: string; userId: string; keyName?: string };
  /**
   * `takenDown`: the account was suspended or deleted, so players stop at once; otherwise they
   * play out the audio they hold (the broadcast's last second) before they stop.
   */
  'live.ended': { streamId: string; userId: string; takenDown?: true };
  'live.viewers': { streamId: string; viewers: number };
  /**
   * The process holding the broadcast is gone (its lease lapsed, ADR 0046): listeners' pages say
   * so and their players keep reconnecting. `live.resumed`: its publisher is back, here or elsewhere.
   */
  'live.interrupted': { streamId: string };
  'live.resumed': { streamId: string };
  /** The encoder said what is playing now (an Icecast or SHOUTcast metadata update). */
  'live.nowPlaying': { streamId: string; nowPlaying: string | null };
  /** The presented message rides along, so pages append it without refetching. */
  'live.chat': { streamId: string; messageId: string; message: TLiveChatMessage };
  'live.chat.deleted': { streamId: string; messageId: string };
  /** The recording became a track (draft), was published, or was discarded as too short (`trackId` null). */
  'live.recording': { streamId: string; trackId: string | null; isPublic: boolean };
  /**
   * Server-internal (topic `internal:live`): a publisher is coming back through `processId`; the
   * process holding the broadcast without a publisher lets it go there (ADR 0046).
   */
  'live.handover': { streamId: string; processId: string };
  /** Server-internal (topic `internal:live`): one process's listener count of a stream. */
  'live.listeners': { streamId: string; processId: string; listeners: number };
  /** The presented notification rides along; `push` mirrors the user's pushNotifications setting (toast or not). */
  'notification.created': { userId: string; notificationId: string; notification: TNotification; push: boolean };
  /** Server-internal (topic `internal:ads`): a campaign or a balance changed; serving indexes reload. */
  'ads.changed': { at: string };
  /**
   * Server-internal (topic `internal:plans`): what the account's plan allows changed (a trial, a
   * change, an end, a family seat); caches of plan answers (ads') drop theirs.
   */
  'plan.changed': { userId: string };
  /** A radio channel went on or off air (on `radio:{id}`). */
  'radio.air': { channelId: string; onAir: boolean };
  /** What a radio channel airs now changed (on `radio:{id}`): a track boundary or a DJ's title. */
  'radio.nowPlaying': { channelId: string; nowPlaying: TRadioNowPlaying | null };
  'radio.listeners': { channelId: string; listeners: number };
  /**
   * Server-internal (topic `internal:radio`): a channel's program, air state or key changed (or an
   * account's channels went: `userId`); the engine of every process re-reads what it holds.
   */
  'radio.changed': { channelId?: string; userId?: string; what: 'program' | 'air' | 'key' | 'account' };
  /** A process asks the one running the channel to let it go (a DJ connected there; ADR 0065). */
  'radio.handover': { channelId: string; processId: string };
  /** A holder let a channel go (shutdown, handover): its engine's resume point (engine TimelineItems, opaque here). */
  'radio.resume': { channelId: string; processId: string; items: unknown[] };
  /** A DJ's metadata update (their key) reached a process that does not run the channel: for its holder. */
  'radio.djTitle': { channelId: string; processId: string; song: string };
  /** Rooms (topic `room:{id}`, ADR 0058): who is in, the queue, chat and reactions, host changes (playback: `room.playback`). */
  'room.members': { roomId: string; members: TRoomMember[] };
  'room.queue': { roomId: string; items: TRoomQueueItem[] };
  'room.message': { roomId: string; message: TRoomMessage };
  'room.message.deleted': { roomId: string; messageId: string };
  'room.host': { roomId: string; hostMemberId: string | null };
  /** The room closed (by its host, its host's account gone, a premiere over): pages say so. */
  'room.closed': { roomId: string; reason: 'host' | 'account' | 'premiere' };
  /** A member was removed by the host: their page leaves. */
  'room.removed': { roomId: string; memberId: string };
  /** A premiere was scheduled or started (topic `global`): followers are notified. */
  'premiere.scheduled': PremiereAnnounced;
  'premiere.started': PremiereAnnounced;
  /** Server-internal (topic `internal:domain`): a lifecycle event of the spine (domain-events.ts), once per process. */
  'domain.event': DomainEvent;
  /** Sent on the pinging socket only (topic `clock`), never over the bus: a clock ping's answer (ADR 0057). */
  'clock.pong': ClockPong;
  /** A room's playback schedule (topic `room:{id}`): every decision of the room's sync state. */
  'room.playback': RoomPlayback;
  /**
   * Server-internal (topic `internal:rooms`): the rooms' sync state replicated between processes.
   * `state`: a decision (the newest `schedule.revision` wins, ties by `origin`); `member`: a
   * member's report or departure on the process holding its socket; `ask`: a process without a
   * room's state asks the others for it.
   */
  'room.sync.state': {
    roomId: string;
    origin: string;
    schedule: PlaybackSchedule;
    wait: { key: string; startedAt: number; deadline: number; coordinator: string } | null;
  };
  'room.sync.member': {
    roomId: string;
    memberId: string;
    processId: string;
    status: RoomMemberStatus | 'left';
    readyKey: string | null;
    at: number;
  };
  'room.sync.ask': { roomId: string; processId: string };
}
export type RealtimeEventName = keyof RealtimeEvents;
export interface PremiereAnnounced {
  premiereId: string;
  trackId: string;
  roomId: string;
  userId: string;
  title: string;
  startsAt: string;
}
export interface RealtimeMessage<K extends RealtimeEventName = RealtimeEventName> {
  topic: string;
  event: K;
  data: RealtimeEvents[K];
}

/**
 * Messages a browser sends over the socket. A subscribe's `token`: a room guest's, for `room:{id}`
 * (a room's topic is for its members only).
 */
export type ClientSocketMessage =
  | { type: 'subscribe'; topic: string; token?: string }
  | { type: 'unsubscribe'; topic: string }
  | SyncClientMessage;

/**
 * Close codes of `/api/ws` (4000–4999: ours; each echoes the HTTP status it stands for). The
 * session codes make the client refresh its session; the abuse codes mean "slow down": a client
 * waits `REALTIME_LIMITS.reconnectAfterLimitMs` (doubling on each repeat) before it reconnects.
 */
export const REALTIME_CLOSE = {
  /** The session ended (sign-out, password change, suspension, deletion). */
  sessionEnded: 4401,
  /** What the session may do changed (a role): reconnect at once. */
  sessionChanged: 4409,
  /** More than `maxTopics` topics on one socket. */
  tooManyTopics: 4413,
  /** Messages faster than `messagesPerSecond` (beyond the burst). */
  tooManyMessages: 4429,
} as const;

/**
 * Per-socket limits of `/api/ws`. A token bucket: `messageBurst` messages at once (a reconnect
 * re-subscribes every topic of the tab together), then `messagesPerSecond`. Beyond either limit
 * the socket is closed with the code above; the per-address socket cap (`WS_MAX_PER_IP`) is apart.
 */
export const REALTIME_LIMITS = {
  maxTopics: 64,
  messageBurst: 128,
  messagesPerSecond: 20,
  /** A client closed for abuse waits this long (doubling per repeat, up to 16×) before reconnecting. */
  reconnectAfterLimitMs: 30_000,
} as const;
