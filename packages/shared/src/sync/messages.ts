import { z } from 'zod';
import { playbackSchedule } from './schedule';

/**
 * What crosses `/api/ws` for the sync core (ADR 0057), beside the subscribe/unsubscribe messages.
 * Room topics are `room:{roomId}`; a socket must hold the topic before it may report in it.
 */
export const roomTopic = (roomId: string) => `room:${roomId}`;
export const ROOM_TOPIC = /^room:([A-Za-z0-9_-]{1,64})$/;

/** Client → server: a clock ping (t0: the client's monotonic ms). Answered on the same socket. */
export const clockPing = z.object({
  type: z.literal('clock.ping'),
  id: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
  t0: z.number().finite(),
});
export type ClockPing = z.infer<typeof clockPing>;

/** Server → client, on the pinging socket only, as `{ topic: 'clock', event: 'clock.pong', data }`. */
export const clockPong = z.object({
  id: z.number().int(),
  t0: z.number(),
  /** Server wall-clock ms when the ping arrived and when the pong left (monotonic-anchored). */
  t1: z.number(),
  t2: z.number(),
});
export type ClockPong = z.infer<typeof clockPong>;
export const CLOCK_TOPIC = 'clock';

/**
 * Client → server: this socket's member state in a room it holds the topic of. `ready`: loaded,
 * paused and buffered at the waiting schedule's position (`readyKey` from the controller), or
 * playing in step; `buffering`: stalled; `idle`: present, not listening. Sent on every change and
 * once on joining (which also asks for the current schedule). Leaving is unsubscribing or closing.
 */
export const roomMemberReport = z.object({
  type: z.literal('room.member'),
  topic: z.string().regex(ROOM_TOPIC),
  status: z.enum(['ready', 'buffering', 'idle']),
  readyKey: z.string().max(200).nullable(),
});
export type RoomMemberReport = z.infer<typeof roomMemberReport>;
export type RoomMemberStatus = RoomMemberReport['status'];

/** Server → members on `room:{id}` (event `room.playback`): the schedule and what the room waits for. */
export const roomPlayback = z.object({
  roomId: z.string(),
  schedule: playbackSchedule,
  /** During a group wait: members not ready yet (stalled ones excluded) and when the wait ends. */
  wait: z.object({ pending: z.number().int().min(0), deadline: z.number() }).nullable(),
});
export type RoomPlayback = z.infer<typeof roomPlayback>;

/** Anything a client sends beside subscribe/unsubscribe, parsed at the gateway. */
export const syncClientMessage = z.discriminatedUnion('type', [clockPing, roomMemberReport]);
export type SyncClientMessage = z.infer<typeof syncClientMessage>;
