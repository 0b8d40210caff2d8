import websocket from '@fastify/websocket';
import type { ClientSocketMessage, RealtimeMessage } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { isAllowedOrigin } from '../lib/origin';
import type { EventBus } from './bus';

const TOPIC = /^(global|(track|live|user|playlist):[A-Za-z0-9_-]{1,64})$/;
const MAX_TOPICS_PER_SOCKET = 64;

/**
 * `/api/ws`: browsers subscribe to topics and receive the bus's events for them.
 * `user:{id}` topics are private to that signed-in user.
 */
export async function realtimeGateway(app: FastifyInstance, opts: { bus: EventBus; publicUrl: string }) {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const rooms = new Map<string, Set<WebSocket>>();

  const unsubscribeBus = opts.bus.subscribe((msg: RealtimeMessage) => {
    const sockets = rooms.get(msg.topic);
    if (!sockets) return;
    const frame = JSON.stringify(msg);
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(frame);
  });
  app.addHook('onClose', async () => unsubscribeBus());

  app.get('/api/ws', { websocket: true, schema: { hide: true } }, (socket, req) => {
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, opts.publicUrl)) {
      socket.close(4403, 'Origin not allowed');
      return;
    }
    const mine = new Set<string>();
    const leave = (topic: string) => {
      rooms.get(topic)?.delete(socket);
      if (rooms.get(topic)?.size === 0) rooms.delete(topic);
      mine.delete(topic);
    };
    socket.on('message', (raw) => {
      let msg: ClientSocketMessage;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return;
      }
      if (typeof msg?.topic !== 'string' || !TOPIC.test(msg.topic)) return;
      if (msg.type === 'subscribe') {
        if (msg.topic.startsWith('user:') && msg.topic !== `user:${req.user?.id}`) return;
        if (mine.size >= MAX_TOPICS_PER_SOCKET) return;
        mine.add(msg.topic);
        const room = rooms.get(msg.topic) ?? new Set<WebSocket>();
        rooms.set(msg.topic, room);
        room.add(socket);
        socket.send(JSON.stringify({ topic: msg.topic, event: 'subscribed', data: {} }));
      } else if (msg.type === 'unsubscribe') {
        leave(msg.topic);
      }
    });
    socket.on('close', () => {
      for (const t of [...mine]) leave(t);
    });
    socket.send(
      JSON.stringify({ topic: 'global', event: 'system.hello', data: { serverTime: new Date().toISOString() } }),
    );
  });
}
