import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { audioContent } from '../../db/schema';

/** Test fixture: a track row as the upload pipeline leaves it (ready and public unless told). */
export async function insertTrack(
  db: Db,
  userId: string,
  fields: Partial<typeof audioContent.$inferInsert> & { title: string },
): Promise<string> {
  const id = fields.id ?? randomUUID();
  await db.insert(audioContent).values({
    audioKey: `audio/${userId}/${id}.mp3`,
    audioMime: 'audio/mpeg',
    audioBytes: 1000,
    duration: 90,
    status: 'ready',
    isPublic: true,
    ...fields,
    id,
    userId,
  });
  return id;
}
