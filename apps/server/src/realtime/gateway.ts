import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import {
  CLOCK_TOPIC,
  type ClientSocketMessage,
  REALTIME_CLOSE,
  REALTIME_LIMITS,
  type RealtimeMessage,
  type RoomMemberReport,
  type RoomPlayback,
  syncClientMessage,
} from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { SessionUser } from '../lib/session';
import type { EventBus } from './bus';
import { MessageBudget } from './message-budget';
import { syncNow } from './sync-clock';
import type { TopicAccess } from './topic-access';
import type { UserSockets } from './user-sockets';

/** How long a socket refused for abuse keeps its connection for the close frame to reach the client. */
const REFUSED_GRACE_MS = 500;
const TOPIC = /^(global|(track|live|radio|user|playlist|room):[A-Za-z0-9_-]{1,64})$/;

/**
 * `/api/ws`: browsers subscribe to topics and receive the bus's events for them.
 * Who may subscribe to what is `canSubscribe`'s to say (private users and tracks). Each socket has
 * a message budget and a topic cap (REALTIME_LIMITS); past either it is closed with its code
 * (REALTIME_CLOSE), and what it queued before is dropped unasked: one anonymous socket cannot keep
 * the database (one connection on PGlite) busy.
 */
export async function realtimeGateway(
  app: FastifyInstance,
  opts: { bus: EventBus; canSubscribe: TopicAccess; users?: UserSockets; rooms?: RoomMembersPort },
): Promise<RealtimeGateway> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const rooms = new Map<string, Set<WebSocket>>();
  /** Who each socket is and how it leaves a topic: what a recheck needs. */
  const holders = new Map<
    WebSocket,
    { user: SessionUser | null; tokens: Map<string, string | null>; leave: (topic: string) => void }
  >();

  const unsubscribeBus = opts.bus.subscribe((msg: RealtimeMessage) => {
    const sockets = rooms.get(msg.topic);
    if (!sockets) return;
    const frame = JSON.stringify(msg);
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(frame);
  });
  app.addHook('onClose', async () => unsubscribeBus());

  // Anyone may connect (from our own origin: lib/guard.ts); topics are checked one by one.
  app.get('/api/ws', { websocket: true, config: { access: 'public' }, schema: { hide: true } }, (socket, req) => {
    const mine = new Set<string>();
    /** The token each held topic was granted with (a room guest's), for a recheck. */
    const tokens = new Map<string, string | null>();
    /** This socket as a room member (one per socket: a user with two devices is two members). */
    const memberId = randomUUID();
    opts.users?.add(req.user, socket);
    const leave = (topic: string) => {
      if (topic.startsWith('room:') && mine.has(topic)) opts.rooms?.left(memberId, topic.slice('room:'.length));
      rooms.get(topic)?.delete(socket);
      if (rooms.get(topic)?.size === 0) rooms.delete(topic);
      mine.delete(topic);
      tokens.delete(topic);
    };
    holders.set(socket, { user: req.user, tokens, leave });
    let pending = Promise.resolve();
    let refused = false;
    const refuse = (code: number, reason: string) => {
      refused = true;
      socket.close(code, reason);
      // Stop reading: parsing the rest of a flood (even to drop it) would cost this process its
      // event loop. The close frame is on its way; the connection ends once it had time to go.
      socket.pause();
      setTimeout(() => socket.terminate(), REFUSED_GRACE_MS).unref();
    };
    const subscribe = async (topic: string, token: string | null) => {
      if (refused || socket.readyState !== socket.OPEN) return;
      // Already held: answered again, with no second check.
      if (mine.has(topic)) return socket.send(JSON.stringify({ topic, event: 'subscribed', data: {} }));
      // Held topics count; refused ones cost a check each, which the message budget bounds.
      if (mine.size >= REALTIME_LIMITS.maxTopics) return refuse(REALTIME_CLOSE.tooManyTopics, 'Too many topics');
      const allowed = await opts.canSubscribe(topic, req.user, token).catch(() => false);
      if (!allowed || refused || socket.readyState !== socket.OPEN) return;
      mine.add(topic);
      tokens.set(topic, token);
      const room = rooms.get(topic) ?? new Set<WebSocket>();
      rooms.set(topic, room);
      room.add(socket);
      socket.send(JSON.stringify({ topic, event: 'subscribed', data: {} }));
    };
    const budget = new MessageBudget(REALTIME_LIMITS.messageBurst, REALTIME_LIMITS.messagesPerSecond);
    socket.on('message', (raw) => {
      if (refused) return;
      if (!budget.take()) return refuse(REALTIME_CLOSE.tooManyMessages, 'Too many messages');
      // Stamped on arrival, before parsing: the clock ping's t1 (ADR 0057).
      const arrivedAt = syncNow();
      let msg: ClientSocketMessage;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return;
      }
      if (msg?.type === 'clock.ping' || msg?.type === 'room.member') return onSync(msg, arrivedAt);
      if (typeof msg?.topic !== 'string' || !TOPIC.test(msg.topic)) return;
      const { type, topic } = msg;
      // In the order sent: an access check must not let a later unsubscribe overtake its subscribe.
      const token = type === 'subscribe' && typeof msg.token === 'string' && msg.token.length <= 64 ? msg.token : null;
      if (type === 'subscribe') pending = pending.then(() => subscribe(topic, token));
      else if (type === 'unsubscribe') pending = pending.then(() => leave(topic));
    });
    const onSync = (raw: unknown, arrivedAt: number) => {
      const parsed = syncClientMessage.safeParse(raw);
      if (!parsed.success) return;
      const msg = parsed.data;
      if (msg.type === 'clock.ping') {
        const data = { id: msg.id, t0: msg.t0, t1: arrivedAt, t2: syncNow() };
        return socket.send(JSON.stringify({ topic: CLOCK_TOPIC, event: 'clock.pong', data }));
      }
      const rooms = opts.rooms;
      if (!rooms) return;
      // After any subscribe sent before it; only a member holding the room's topic may report in it.
      pending = pending.then(async () => {
        if (refused || !mine.has(msg.topic)) return;
        const playback = await rooms.report(memberId, msg).catch(() => null);
        if (playback && socket.readyState === socket.OPEN && mine.has(msg.topic))
          socket.send(JSON.stringify({ topic: msg.topic, event: 'room.playback', data: playback }));
      });
    };
    socket.on('close', () => {
      for (const t of [...mine]) leave(t);
      holders.delete(socket);
    });
    socket.send(
      JSON.stringify({ topic: 'global', event: 'system.hello', data: { serverTime: new Date().toISOString() } }),
    );
  });

  return {
    async recheck(which) {
      for (const [topic, sockets] of [...rooms]) {
        if (!which(topic)) continue;
        for (const socket of [...sockets]) {
          const holder = holders.get(socket);
          if (!holder) continue;
          const token = holder.tokens.get(topic) ?? null;
          if (await opts.canSubscribe(topic, holder.user, token).catch(() => false)) continue;
          holder.leave(topic);
          if (socket.readyState === socket.OPEN)
            socket.send(JSON.stringify({ topic, event: 'unsubscribed', data: {} }));
        }
      }
    },
  };
}

/** The rooms' sync state as the gateway feeds it: member reports and departures (ADR 0057). */
export interface RoomMembersPort {
  /** A member's report; the room's playback when the member is new (sent to that socket). */
  report(memberId: string, report: RoomMemberReport): Promise<RoomPlayback | null>;
  left(memberId: string, roomId: string): void;
}

export interface RealtimeGateway {
  /**
   * Asks again for every socket holding a topic that `which` picks (after what decides access
   * changed: a track hidden, its owner suspended); a socket refused now leaves the topic and is
   * told `unsubscribed`, so a hidden track's comments stop reaching those who may no longer see it.
   */
  recheck(which: (topic: string) => boolean): Promise<void>;
}
