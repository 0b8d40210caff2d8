import {
  ROOM_GUEST_HEADER,
  ZAddToQueue,
  ZCreateRoom,
  ZHandOver,
  ZJoinedRoom,
  ZJoinRoom,
  ZRoom,
  ZRoomChat,
  ZRoomControl,
  ZRoomList,
  ZRoomMembers,
  ZRoomMessage,
  ZRoomMessages,
  ZRoomQueue,
  ZRoomReaction,
  ZUpdateRoom,
} from '@wavecast/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { clientIp } from '../../lib/client-ip';
import { signedInUser } from '../../lib/guard';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { syncClockStamped } from '../../realtime/sync-clock';
import { premiereService } from './premieres/service';
import { type RoomViewer, roomService } from './service';

const tags = ['rooms'];
const Params = z.object({ id: z.string().uuid('Room not found') });
const ItemParams = Params.extend({ itemId: z.string().uuid() });
const MemberParams = Params.extend({ memberId: z.string().uuid() });
const MessageParams = Params.extend({ messageId: z.string().uuid() });
const NoContent = { 204: z.null() };

/** The guest token, if any, from its header (a bounded string; anything else counts as none). */
function guestToken(req: FastifyRequest): string | null {
  const raw = req.headers[ROOM_GUEST_HEADER];
  return typeof raw === 'string' && raw.length > 0 && raw.length <= 64 ? raw : null;
}
const viewerOf = (req: FastifyRequest): RoomViewer => ({ user: req.user, guestToken: guestToken(req) });

/** Rate limits count per member: the account, else the guest token, else the address. */
const memberKey = (prefix: string) => (req: FastifyRequest) =>
  `${prefix}:${req.user?.id ?? guestToken(req) ?? clientIp(req)}`;
const memberWrite = {
  access: 'public',
  rateLimit: { ...RATE_LIMITS.roomWrite, keyGenerator: memberKey('room-write') },
} as const;
const memberChat = {
  access: 'public',
  rateLimit: { ...RATE_LIMITS.roomChat, keyGenerator: memberKey('room-chat') },
} as const;

/** Listening rooms (ADR 0058). Guests act through `x-room-guest`; permissions are the service's. */
export async function roomRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = roomService(ctx);
  const premieres = premiereService(ctx);

  app.get('/api/rooms', { config: { access: 'public' }, schema: { tags, response: { 200: ZRoomList } } }, async () =>
    service.listPublic(),
  );
  app.post(
    '/api/rooms',
    {
      config: { access: 'user', rateLimit: RATE_LIMITS.write },
      schema: { tags, body: ZCreateRoom, response: { 201: ZRoom } },
    },
    async (req, reply) => reply.status(201).send(await service.create(signedInUser(req), req.body)),
  );
  // The room's read and the join carry a clock sample: a joining page's clock learns from them too (ADR 0057).
  app.get(
    '/api/rooms/:id',
    { ...syncClockStamped, config: { access: 'public' }, schema: { tags, params: Params, response: { 200: ZRoom } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      // A premiere's room: its start and track, the premiere moved first if its time came.
      const premiere = await premieres.forRoom(req.params.id);
      return service.get(viewerOf(req), req.params.id, premiere);
    },
  );
  // A clock sample alone: the room page sends a few as it opens, beside its socket's pings (ADR 0057).
  app.get(
    '/api/rooms/:id/clock',
    { ...syncClockStamped, config: { access: 'public' }, schema: { tags, params: Params, response: NoContent } },
    async (_req, reply) => reply.header('cache-control', 'no-store').status(204).send(null),
  );
  app.patch(
    '/api/rooms/:id',
    { config: memberWrite, schema: { tags, params: Params, body: ZUpdateRoom, response: { 200: ZRoom } } },
    async (req) => service.update(viewerOf(req), req.params.id, req.body),
  );
  app.delete(
    '/api/rooms/:id',
    { config: memberWrite, schema: { tags, params: Params, response: NoContent } },
    async (req, reply) => {
      await service.close(viewerOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Membership and presence
  app.post(
    '/api/rooms/:id/join',
    {
      ...syncClockStamped,
      config: { access: 'public', rateLimit: RATE_LIMITS.roomJoin },
      schema: { tags, params: Params, body: ZJoinRoom, response: { 200: ZJoinedRoom } },
    },
    async (req) => service.join(viewerOf(req), req.params.id, req.body.guestName),
  );
  app.post(
    '/api/rooms/:id/heartbeat',
    { config: memberWrite, schema: { tags, params: Params, response: NoContent } },
    async (req, reply) => {
      await service.heartbeat(viewerOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/rooms/:id/leave',
    { config: memberWrite, schema: { tags, params: Params, response: NoContent } },
    async (req, reply) => {
      await service.leave(viewerOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/rooms/:id/members',
    { config: { access: 'public' }, schema: { tags, params: Params, response: { 200: ZRoomMembers } } },
    async (req) => service.members(req.params.id),
  );
  app.delete(
    '/api/rooms/:id/members/:memberId',
    { config: memberWrite, schema: { tags, params: MemberParams, response: NoContent } },
    async (req, reply) => {
      await service.removeMember(viewerOf(req), req.params.id, req.params.memberId);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/rooms/:id/host',
    { config: memberWrite, schema: { tags, params: Params, body: ZHandOver, response: NoContent } },
    async (req, reply) => {
      await service.handOver(viewerOf(req), req.params.id, req.body.memberId);
      return reply.status(204).send(null);
    },
  );

  // Queue and playback
  app.get(
    '/api/rooms/:id/queue',
    { config: { access: 'public' }, schema: { tags, params: Params, response: { 200: ZRoomQueue } } },
    async (req) => service.queue(req.params.id),
  );
  app.post(
    '/api/rooms/:id/queue',
    { config: memberWrite, schema: { tags, params: Params, body: ZAddToQueue, response: { 200: ZRoomQueue } } },
    async (req) => service.addToQueue(viewerOf(req), req.params.id, req.body.trackId),
  );
  app.delete(
    '/api/rooms/:id/queue/:itemId',
    { config: memberWrite, schema: { tags, params: ItemParams, response: { 200: ZRoomQueue } } },
    async (req) => service.removeFromQueue(viewerOf(req), req.params.id, req.params.itemId),
  );
  app.post(
    '/api/rooms/:id/playback',
    { config: memberWrite, schema: { tags, params: Params, body: ZRoomControl, response: { 200: ZRoom } } },
    async (req) => service.control(viewerOf(req), req.params.id, req.body),
  );
  // Chat and reactions
  app.get(
    '/api/rooms/:id/messages',
    { config: { access: 'public' }, schema: { tags, params: Params, response: { 200: ZRoomMessages } } },
    async (req) => service.messages(req.params.id),
  );
  app.post(
    '/api/rooms/:id/messages',
    { config: memberChat, schema: { tags, params: Params, body: ZRoomChat, response: { 201: ZRoomMessage } } },
    async (req, reply) =>
      reply.status(201).send(await service.post(viewerOf(req), req.params.id, 'chat', req.body.content)),
  );
  app.post(
    '/api/rooms/:id/reactions',
    { config: memberChat, schema: { tags, params: Params, body: ZRoomReaction, response: { 201: ZRoomMessage } } },
    async (req, reply) =>
      reply.status(201).send(await service.post(viewerOf(req), req.params.id, 'reaction', req.body.emoji)),
  );
  app.delete(
    '/api/rooms/:id/messages/:messageId',
    { config: memberWrite, schema: { tags, params: MessageParams, response: NoContent } },
    async (req, reply) => {
      await service.deleteMessage(viewerOf(req), req.params.id, req.params.messageId);
      return reply.status(204).send(null);
    },
  );
}
