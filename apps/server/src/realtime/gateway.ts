import websocket from '@fastify/websocket';
import type { ClientSocketMessage, RealtimeMessage } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { EventBus } from './bus';
import type { TopicAccess } from './topic-access';
import type { UserSockets } from './user-sockets';

const TOPIC = /^(global|(track|live|user|playlist):[A-Za-z0-9_-]{1,64})$/;
const MAX_TOPICS_PER_SOCKET = 64;

/**
 * `/api/ws`: browsers subscribe to topics and receive the bus's events for them.
 * Who may subscribe to what is `canSubscribe`'s to say (private users and tracks).
 */
export async function realtimeGateway(
  app: FastifyInstance,
  opts: { bus: EventBus; canSubscribe: TopicAccess; users?: UserSockets },
) {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const rooms = new Map<string, Set<WebSocket>>();

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
    let pending = Promise.resolve();
    const subscribe = async (topic: string) => {
      const allowed = await opts.canSubscribe(topic, req.user).catch(() => false);
      if (!allowed || socket.readyState !== socket.OPEN) return;
      if (mine.size >= MAX_TOPICS_PER_SOCKET && !mine.has(topic)) return;
      mine.add(topic);
      const room = rooms.get(topic) ?? new Set<WebSocket>();
      rooms.set(topic, room);
      room.add(socket);
      socket.send(JSON.stringify({ topic, event: 'subscribed', data: {} }));
    };
    socket.on('message', (raw) => {
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
    });
    socket.send(
      JSON.stringify({ topic: 'global', event: 'system.hello', data: { serverTime: new Date().toISOString() } }),
    );
  });
}
