import { DEFAULT_COVER_URL, type TRoomMember, type TRoomMessage, type TRoomQueueItem } from '@wavecast/shared';
import type { roomMessages } from '../../db/schema';
import type { MemberRow, QueueRow } from './repo';

export const memberName = (m: Pick<MemberRow, 'displayName' | 'guestName'>) =>
  m.displayName?.trim() || m.guestName || 'Listener';

export function presentMember(m: MemberRow, hostMemberId: string | null): TRoomMember {
  return {
    id: m.id,
    userId: m.userId,
    name: memberName(m),
    avatarUrl: m.avatarUrl,
    isGuest: m.userId === null,
    isHost: m.id === hostMemberId,
    joinedAt: m.joinedAt.toISOString(),
  };
}

export function presentQueueItem(q: QueueRow): TRoomQueueItem {
  return {
    id: q.id,
    trackId: q.trackId,
    title: q.title,
    creatorName: q.creatorName,
    coverUrl: q.coverKey ? `/api/tracks/${q.trackId}/cover` : DEFAULT_COVER_URL,
    duration: q.duration,
    addedBy: q.addedBy,
  };
}

export function presentMessage(m: typeof roomMessages.$inferSelect): TRoomMessage {
  return {
    id: m.id,
    kind: m.kind,
    content: m.content,
    memberId: m.memberId,
    authorName: m.authorName,
    createdAt: m.createdAt.toISOString(),
  };
}
