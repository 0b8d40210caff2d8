import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client';
import { audioContent } from '../src/db/schema';

/**
 * Test fixture, the one way tests make a track row without uploading: as the upload pipeline
 * leaves it (ready, public, 90 s unless told). Returns its id.
 */
export async function seedTrack(
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
