import { randomBytes } from 'node:crypto';
import {
  emptySchedule,
  ROOM_LIMITS,
  ROOM_MESSAGES,
  type TCreateRoom,
  type TJoinedRoom,
  type TRoom,
  type TRoomControl,
  type TRoomMember,
  type TRoomMessage,
} from '@wavecast/shared';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import type { SessionUser } from '../../lib/session';
import { syncNow } from '../../realtime/sync-clock';
import { hashGuestToken } from './guest-token';
import { roomPlayback } from './playback';
import { memberName, presentMember, presentMessage, presentQueueItem } from './presenter';
import * as repo from './repo';

/** Who is asking: a signed-in user, or a guest by the token their join answered. */
export interface RoomViewer {
  user: SessionUser | null;
  guestToken: string | null;
}

/**
 * Rooms (ADR 0058): membership (users and guests), presence by heartbeat, the shared queue, the
 * host's controls over the authoritative playback state, chat and reactions. Every change is
 * published on `room:{id}`; the permission checks are here, so no page can skip them.
 */
export const roomService = perApp(makeRoomService);

function makeRoomService(ctx: AppContext) {
  const { db } = ctx.database;
  const now = () => ctx.clock.now();
  const presentSince = () => new Date(now().getTime() - ROOM_LIMITS.presenceMs);
  const publish = ctx.bus.publish.bind(ctx.bus);
  const playback = roomPlayback(ctx);

  async function openRoom(id: string) {
    const room = await repo.findRoom(db, id);
    if (!room) throw notFound('Room');
    return room;
  }

  /** The viewer's membership row (any state), if they ever joined. */
  async function membershipOf(viewer: RoomViewer, roomId: string) {
    if (viewer.user) return repo.findUserMember(db, roomId, viewer.user.id);
    if (viewer.guestToken) return repo.findGuestMember(db, roomId, hashGuestToken(viewer.guestToken));
    return undefined;
  }

  /** The viewer as a current member of an open room, or a 403/409 saying why not. */
  async function requireMember(viewer: RoomViewer, roomId: string) {
    const room = await openRoom(roomId);
    if (room.status !== 'open') throw conflict(ROOM_MESSAGES.closed);
    const member = await membershipOf(viewer, roomId);
    if (member?.removedAt) throw forbidden(ROOM_MESSAGES.removed);
    if (!member || member.leftAt) throw forbidden(ROOM_MESSAGES.notMember);
    return { room, member };
  }

  async function requireHost(viewer: RoomViewer, roomId: string) {
    const found = await requireMember(viewer, roomId);
    if (found.room.hostMemberId !== found.member.id) throw forbidden(ROOM_MESSAGES.hostOnly);
    return found;
  }

  async function membersOf(roomId: string, hostMemberId: string | null): Promise<TRoomMember[]> {
    const rows = await repo.presentMembers(db, roomId, presentSince());
    return rows.map((m) => presentMember(m, hostMemberId));
  }

  async function publishMembers(roomId: string) {
    const room = await repo.findRoom(db, roomId);
    if (room)
      await publish(`room:${roomId}`, 'room.members', { roomId, members: await membersOf(roomId, room.hostMemberId) });
  }

  async function queueOf(roomId: string) {
    return (await repo.listQueue(db, roomId)).map(presentQueueItem);
  }
  const publishQueue = (roomId: string) => playback.publishQueue(roomId);

  async function view(viewer: RoomViewer, room: repo.RoomRow, premiere?: { startsAt: Date; trackId: string } | null) {
    const member = await membershipOf(viewer, room.id);
    const members = await repo.presentMembers(db, room.id, presentSince());
    const host = room.hostMemberId ? await repo.findMember(db, room.id, room.hostMemberId) : undefined;
    const active = member && !member.leftAt && !member.removedAt ? member : null;
    const answer: TRoom = {
      id: room.id,
      name: room.name,
      kind: room.kind,
      visibility: room.visibility,
      queuePolicy: room.queuePolicy,
      status: room.status,
      hostMemberId: room.hostMemberId,
      hostName: host ? memberName(host) : null,
      createdAt: room.createdAt.toISOString(),
      premiereStartsAt: premiere?.startsAt.toISOString() ?? null,
      premiereTrackId: premiere?.trackId ?? null,
      playback: await playback.present(room),
      me: active ? presentMember(active, room.hostMemberId) : null,
      memberCount: members.length,
      serverNow: now().getTime(),
    };
    return answer;
  }

  /** Makes the earliest present member other than `leaving` the host; none: the room has no host. */
  async function handOverFrom(roomId: string, leavingMemberId: string | null) {
    const present = await repo.presentMembers(db, roomId, presentSince());
    const heir = present.find((m) => m.id !== leavingMemberId) ?? null;
    await repo.updateRoom(db, roomId, { hostMemberId: heir?.id ?? null });
    await publish(`room:${roomId}`, 'room.host', { roomId, hostMemberId: heir?.id ?? null });
    return heir;
  }

  async function closeRoom(roomId: string, reason: 'host' | 'account' | 'premiere') {
    const room = await repo.findRoom(db, roomId);
    if (!room || room.status === 'closed') return;
    const at = now();
    await repo.updateRoom(db, roomId, { status: 'closed', closedAt: at });
    await playback.sync.skip(roomId, null);
    await publish(`room:${roomId}`, 'room.closed', { roomId, reason });
  }

  return {
    closeRoom,
    publishQueue,
    publishMembers,
    handOverFrom,

    /** Opens a room with its creator as host, optionally starting from a track or a playlist. */
    async create(user: SessionUser, input: TCreateRoom & { kind?: 'room' | 'premiere'; trackIds?: string[] }) {
      let trackIds = input.trackIds ?? [];
      if (input.source?.kind === 'track') trackIds = [input.source.id];
      if (input.source?.kind === 'playlist') {
        const ids = await repo.playlistTrackIds(db, input.source.id, user.id);
        if (!ids) throw notFound('Playlist');
        trackIds = ids;
      }
      // Others must be able to play what is queued: only tracks everyone may see (a premiere's own track aside).
      const playable =
        input.kind === 'premiere'
          ? trackIds
          : await repo.discoverableTrackIds(db, trackIds.slice(0, ROOM_LIMITS.queueMax));
      if (input.source?.kind === 'track' && playable.length === 0) throw notFound('Audio');
      const name = input.name ?? `${user.displayName?.trim() || 'A listener'}'s room`;
      const room = await db.transaction(async (tx) => {
        const created = await repo.insertRoom(tx, {
          name,
          kind: input.kind ?? 'room',
          visibility: input.visibility ?? 'link',
          queuePolicy: input.queuePolicy ?? 'everyone',
          ownerId: user.id,
          playback: emptySchedule(syncNow()),
        });
        const hostId = await repo.insertMember(tx, { roomId: created.id, userId: user.id, lastSeenAt: now() });
        await repo.appendQueue(tx, created.id, playable, hostId);
        return repo.updateRoom(tx, created.id, { hostMemberId: hostId });
      });
      return view({ user, guestToken: null }, room);
    },

    view,
    async get(viewer: RoomViewer, id: string, premiere?: { startsAt: Date; trackId: string } | null) {
      return view(viewer, await openRoom(id), premiere);
    },

    async listPublic() {
      const rows = await repo.listPublicRooms(db, presentSince(), ROOM_LIMITS.listPageSize);
      return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },

    /** Joins (or re-joins) the room: a user by their account, a visitor as a named guest. */
    async join(viewer: RoomViewer, id: string, guestName: string | undefined): Promise<TJoinedRoom> {
      const room = await openRoom(id);
      if (room.status !== 'open') throw conflict(ROOM_MESSAGES.closed);
      const existing = await membershipOf(viewer, id);
      if (existing?.removedAt) throw forbidden(ROOM_MESSAGES.removed);
      let guestToken: string | null = null;
      let memberId: string;
      if (existing) {
        await repo.touchMember(db, existing.id, now(), true);
        memberId = existing.id;
      } else if (viewer.user) {
        const userId = viewer.user.id;
        memberId = await db.transaction((tx) => repo.insertMember(tx, { roomId: id, userId, lastSeenAt: now() }));
      } else {
        if (!guestName) throw badRequest(ROOM_MESSAGES.nameRequired);
        guestToken = randomBytes(24).toString('base64url');
        const tokenHash = hashGuestToken(guestToken);
        memberId = await db.transaction((tx) =>
          repo.insertMember(tx, { roomId: id, guestName, guestTokenHash: tokenHash, lastSeenAt: now() }),
        );
      }
      // A room left without a host (its host left) is taken by whoever comes in next.
      if (!room.hostMemberId) await handOverFrom(id, null);
      const fresh = await repo.findRoom(db, id);
      const member = await repo.findMember(db, id, memberId);
      if (!member || !fresh) throw notFound('Room');
      await publishMembers(id);
      return { member: presentMember(member, fresh.hostMemberId), guestToken };
    },

    async heartbeat(viewer: RoomViewer, id: string) {
      const { member } = await requireMember(viewer, id);
      const wasAway = member.lastSeenAt.getTime() <= presentSince().getTime();
      await repo.touchMember(db, member.id, now());
      if (wasAway) await publishMembers(id);
    },

    async leave(viewer: RoomViewer, id: string) {
      const { room, member } = await requireMember(viewer, id);
      await repo.setMemberLeft(db, member.id, now());
      if (room.hostMemberId === member.id) await handOverFrom(id, member.id);
      await publishMembers(id);
    },

    async members(id: string) {
      const room = await openRoom(id);
      return { items: await membersOf(id, room.hostMemberId) };
    },

    async queue(id: string) {
      await openRoom(id);
      return { items: await queueOf(id) };
    },

    async addToQueue(viewer: RoomViewer, id: string, trackId: string) {
      const { room, member } = await requireMember(viewer, id);
      if (room.queuePolicy === 'host' && room.hostMemberId !== member.id) throw forbidden(ROOM_MESSAGES.queueHostOnly);
      const [playable] = await repo.discoverableTrackIds(db, [trackId]);
      if (!playable) throw notFound('Audio');
      await db.transaction(async (tx) => {
        await repo.findRoom(tx, id, true); // serialises appends: positions stay unique
        if ((await repo.queueLength(tx, id)).count >= ROOM_LIMITS.queueMax) throw conflict(ROOM_MESSAGES.queueFull);
        await repo.appendQueue(tx, id, [playable], member.id);
      });
      await publishQueue(id);
      return { items: await queueOf(id) };
    },

    /** The host removes any item; a member the ones they added. The playing item skips to the next. */
    async removeFromQueue(viewer: RoomViewer, id: string, itemId: string) {
      const { room, member } = await requireMember(viewer, id);
      const item = await repo.findQueueItem(db, id, itemId);
      if (!item) throw notFound('Queue item');
      if (room.hostMemberId !== member.id && item.addedBy !== member.id) throw forbidden(ROOM_MESSAGES.hostOnly);
      if ((await playback.state(room)).schedule.itemId === itemId) {
        await playback.sync.skip(id, await playback.nextAfter(id, itemId));
      } else {
        await repo.deleteQueueItem(db, itemId);
      }
      await publishQueue(id);
      return { items: await queueOf(id) };
    },

    /** The host's controls, decided by the sync core (its group wait starts everyone together). */
    async control(viewer: RoomViewer, id: string, c: TRoomControl) {
      const { room } = await requireHost(viewer, id);
      const { sync } = playback;
      const current = (await playback.state(room)).schedule;
      switch (c.action) {
        case 'play': {
          if (!current.itemId) {
            const first = await playback.nextAfter(id, null);
            if (!first) throw conflict('The queue is empty');
            await sync.load(id, first);
          }
          await sync.play(id);
          break;
        }
        case 'pause':
          await sync.pause(id);
          break;
        case 'seek':
          if (!current.itemId) throw conflict('Nothing is playing');
          await sync.seek(id, c.positionMs);
          break;
        case 'skip':
          await sync.skip(id, await playback.nextAfter(id, current.itemId));
          break;
        case 'playItem': {
          const item = await repo.findQueueItem(db, id, c.itemId);
          if (!item) throw notFound('Queue item');
          const track = await repo.trackTitle(db, item.trackId);
          await sync.load(id, playback.toItem({ id: item.id, duration: track?.duration ?? 0 }));
          await sync.play(id);
          break;
        }
      }
      return view(viewer, await openRoom(id));
    },

    async handOver(viewer: RoomViewer, id: string, memberId: string) {
      await requireHost(viewer, id);
      const target = await repo.findMember(db, id, memberId);
      if (!target || target.leftAt || target.removedAt) throw notFound('Member');
      await repo.updateRoom(db, id, { hostMemberId: target.id });
      await publish(`room:${id}`, 'room.host', { roomId: id, hostMemberId: target.id });
      await publishMembers(id);
    },

    async removeMember(viewer: RoomViewer, id: string, memberId: string) {
      const { member } = await requireHost(viewer, id);
      if (memberId === member.id) throw badRequest('The host cannot remove themselves');
      const target = await repo.findMember(db, id, memberId);
      if (!target || target.removedAt) throw notFound('Member');
      await repo.setMemberLeft(db, target.id, now(), true);
      await publish(`room:${id}`, 'room.removed', { roomId: id, memberId });
      await publishMembers(id);
    },

    async update(
      viewer: RoomViewer,
      id: string,
      patch: { name?: string; visibility?: 'public' | 'link'; queuePolicy?: 'everyone' | 'host' },
    ) {
      const { room } = await requireHost(viewer, id);
      if (room.kind === 'premiere' && patch.queuePolicy === 'everyone')
        throw badRequest('A premiere plays only its track');
      return view(viewer, await repo.updateRoom(db, id, patch));
    },

    async close(viewer: RoomViewer, id: string) {
      const { room } = await requireHost(viewer, id);
      if (room.kind === 'premiere') throw forbidden('A premiere closes when it ends');
      await closeRoom(id, 'host');
    },

    async messages(id: string) {
      await openRoom(id);
      return { items: (await repo.listMessages(db, id, ROOM_LIMITS.chatHistory)).map(presentMessage) };
    },

    async post(viewer: RoomViewer, id: string, kind: 'chat' | 'reaction', content: string): Promise<TRoomMessage> {
      const { room, member } = await requireMember(viewer, id);
      const mediaMs = await playback.positionNow(room);
      const row = await repo.insertMessage(db, {
        roomId: id,
        memberId: member.id,
        userId: member.userId,
        authorName: memberName(member),
        kind,
        content,
        mediaMs,
        createdAt: now(),
      });
      await repo.touchMember(db, member.id, now());
      const message = presentMessage(row);
      await publish(`room:${id}`, 'room.message', { roomId: id, message });
      return message;
    },

    /** The host deletes any line; an author their own. */
    async deleteMessage(viewer: RoomViewer, id: string, messageId: string) {
      const { room, member } = await requireMember(viewer, id);
      const message = await repo.findMessage(db, id, messageId);
      if (!message || message.deletedAt) throw notFound('Message');
      if (room.hostMemberId !== member.id && message.memberId !== member.id) throw forbidden(ROOM_MESSAGES.hostOnly);
      await repo.deleteMessage(db, messageId, now());
      await publish(`room:${id}`, 'room.message.deleted', { roomId: id, messageId });
    },
  };
}

export type RoomService = ReturnType<typeof roomService>;
