import type { Db } from '../../db/client';
import { audioContent } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface RecordingDraft {
  userId: string;
  title: string;
  description: string | null;
  tags: string[] | null;
  category: string;
  audioKey: string;
  audioBytes: number;
  duration: number;
  liveStreamId: string;
}

/**
 * A live broadcast's remuxed recording becomes a track: a private draft (`processing`, WebM/Opus)
 * linked to its stream, published or not by the host later. Runs inside the caller's transaction,
 * which links the stream to it.
 */
export async function insertRecordingDraft(tx: Db | Tx, r: RecordingDraft): Promise<string> {
  const [track] = await tx
    .insert(audioContent)
    .values({
      userId: r.userId,
      title: r.title,
      description: r.description,
      audioKey: r.audioKey,
      audioMime: 'audio/webm',
      audioBytes: r.audioBytes,
      originalFilename: 'live-recording.webm',
      codec: 'opus',
      duration: r.duration,
      category: r.category,
      tags: r.tags,
      isPublic: false,
      status: 'processing',
      liveStreamId: r.liveStreamId,
    })
    .returning({ id: audioContent.id });
  return track.id;
}
