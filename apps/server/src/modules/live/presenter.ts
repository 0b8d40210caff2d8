import type { TLiveChatMessage, TLiveRecording, TLiveStatus, TLiveStream } from '@wavecast/shared';
import type { ChatRow, CreatorRow, RecordingRow, StreamRow } from './repo';

export function streamStatus(row: Pick<StreamRow, 'isActive' | 'endedAt'>): TLiveStatus {
  if (row.endedAt) return 'ended';
  return row.isActive ? 'live' : 'pending';
}

function elapsedSeconds(row: StreamRow, now: number): number {
  const status = streamStatus(row);
  if (status === 'pending') return 0;
  const end = row.endedAt ? row.endedAt.getTime() : now;
  return Math.max(0, Math.floor((end - row.createdAt.getTime()) / 1000));
}

/** A live stream as clients see it (the recording's storage key never leaves). */
export function presentStream(
  row: StreamRow,
  creator: CreatorRow | null,
  opts: { streamUrl: string; canManage: boolean; recording?: RecordingRow | null; now?: number },
): TLiveStream {
  const rec = opts.recording;
  // Others only learn of a recording once it is published.
  const recording: TLiveRecording | null =
    rec && (opts.canManage || rec.isPublic)
      ? { trackId: rec.id, status: rec.status, isPublic: rec.isPublic, duration: rec.duration }
      : null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    thumbnailUrl: row.thumbnailUrl,
    category: row.category,
    tags: row.tags ?? [],
    isActive: row.isActive,
    status: streamStatus(row),
    viewerCount: row.viewerCount,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    elapsedSeconds: elapsedSeconds(row, opts.now ?? Date.now()),
    nowPlaying: row.nowPlaying,
    creator: {
      id: creator?.id ?? row.userId,
      displayName: creator?.displayName ?? null,
      avatarUrl: creator?.avatarUrl ?? null,
    },
    streamUrl: opts.streamUrl,
    recording,
    // Every broadcast is recorded (relay/hub.ts): chatters are told their messages may be kept.
    // One that ended with too little audio to keep says so, rather than a draft that never comes.
    isRecorded: !row.recordingDiscarded,
    canManage: opts.canManage,
    ...(opts.canManage ? { peakViewers: row.peakViewers } : {}),
  };
}

export function presentChat(
  row: ChatRow,
  author: CreatorRow | null,
  stream: Pick<StreamRow, 'userId'>,
): TLiveChatMessage {
  return {
    id: row.id,
    streamId: row.streamId,
    content: row.content,
    offsetSeconds: row.offsetSeconds,
    createdAt: row.createdAt.toISOString(),
    author: author ? { id: author.id, displayName: author.displayName, avatarUrl: author.avatarUrl } : null,
    isHost: row.userId !== null && row.userId === stream.userId,
  };
}
