import websocket from '@fastify/websocket';
import { type ClientSocketMessage, REALTIME_CLOSE, REALTIME_LIMITS, type RealtimeMessage } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { SessionUser } from '../lib/session';
import type { EventBus } from './bus';
import { MessageBudget } from './message-budget';
import type { TopicAccess } from './topic-access';
import type { UserSockets } from './user-sockets';

/** How long a socket refused for abuse keeps its connection for the close frame to reach the client. */
const REFUSED_GRACE_MS = 500;
const TOPIC = /^(global|(track|live|radio|user|playlist):[A-Za-z0-9_-]{1,64})$/;

/**
 * `/api/ws`: browsers subscribe to topics and receive the bus's events for them.
 * Who may subscribe to what is `canSubscribe`'s to say (private users and tracks). Each socket has
 * a message budget and a topic cap (REALTIME_LIMITS); past either it is closed with its code
 * (REALTIME_CLOSE), and what it queued before is dropped unasked: one anonymous socket cannot keep
 * the database (one connection on PGlite) busy.
 */
export async function realtimeGateway(
  app: FastifyInstance,
  opts: { bus: EventBus; canSubscribe: TopicAccess; users?: UserSockets },
): Promise<RealtimeGateway> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const rooms = new Map<string, Set<WebSocket>>();
  /** Who each socket is and how it leaves a topic: what a recheck needs. */
  const holders = new Map<WebSocket, { user: SessionUser | null; leave: (topic: string) => void }>();

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
    opts.users?.add(req.user, socket);
    const leave = (topic: string) => {
      rooms.get(topic)?.delete(socket);
      if (rooms.get(topic)?.size === 0) rooms.delete(topic);
      mine.delete(topic);
    };
    holders.set(socket, { user: req.user, leave });
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
    const subscribe = async (topic: string) => {
      if (refused || socket.readyState !== socket.OPEN) return;
      // Already held: answered again, with no second check.
      if (mine.has(topic)) return socket.send(JSON.stringify({ topic, event: 'subscribed', data: {} }));
      // Held topics count; refused ones cost a check each, which the message budget bounds.
      if (mine.size >= REALTIME_LIMITS.maxTopics) return refuse(REALTIME_CLOSE.tooManyTopics, 'Too many topics');
      const allowed = await opts.canSubscribe(topic, req.user).catch(() => false);
      if (!allowed || refused || socket.readyState !== socket.OPEN) return;
      mine.add(topic);
      const room = rooms.get(topic) ?? new Set<WebSocket>();
      rooms.set(topic, room);
      room.add(socket);
      socket.send(JSON.stringify({ topic, event: 'subscribed', data: {} }));
    };
    const budget = new MessageBudget(REALTIME_LIMITS.messageBurst, REALTIME_LIMITS.messagesPerSecond);
    socket.on('message', (raw) => {
      if (refused) return;
      if (!budget.take()) return refuse(REALTIME_CLOSE.tooManyMessages, 'Too many messages');
      let msg: ClientSocketMessage;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return;
      }
      if (typeof msg?.topic !== 'string' || !TOPIC.test(msg.topic)) return;
      const { type, topic } = msg;
      // In the order sent: an access check must not let a later unsubscribe overtake its subscribe.
      if (type === 'subscribe') pending = pending.then(() => subscribe(topic));
      else if (type === 'unsubscribe') pending = pending.then(() => leave(topic));
    });
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
          if (!holder || (await opts.canSubscribe(topic, holder.user).catch(() => false))) continue;
          holder.leave(topic);
          if (socket.readyState === socket.OPEN)
            socket.send(JSON.stringify({ topic, event: 'unsubscribed', data: {} }));
        }
      }
    },
  };
}

export interface RealtimeGateway {
  /**
   * Asks again for every socket holding a topic that `which` picks (after what decides access
   * changed: a track hidden, its owner suspended); a socket refused now leaves the topic and is
   * told `unsubscribed`, so a hidden track's comments stop reaching those who may no longer see it.
   */
  recheck(which: (topic: string) => boolean): Promise<void>;
}
