import { randomBytes, randomUUID } from 'node:crypto';

/** Storage keys are made here, never from a user's file name. */
export const originalAudioKey = (userId: string, trackId: string, ext: string) => `audio/${userId}/${trackId}.${ext}`;
export const originalCoverKey = (userId: string, ext: string) => `covers/${userId}/${randomUUID()}.${ext}`;

/** A processing run's own suffix: renditions are new objects, so cached copies are never stale. */
export const newRunId = () => randomBytes(4).toString('hex');
export const renditionKey = (userId: string, trackId: string, run: string, ext: string) =>
  `audio/${userId}/${trackId}.${run}.${ext}`;
export const coverSizeKey = (userId: string, trackId: string, run: string, size: number) =>
  `covers/${userId}/${trackId}.${run}.${size}.jpg`;

/** Prefixes under which a track's derived objects live (for collecting leftovers of a crashed run). */
export const derivedPrefixes = (userId: string, trackId: string) => [
  `audio/${userId}/${trackId}.`,
  `covers/${userId}/${trackId}.`,
];

/** Derived keys look like `{trackId}.{run}.…`; the original audio is `{trackId}.{ext}`. */
export const isDerivedKey = (key: string, trackId: string) => new RegExp(`/${trackId}\\.[0-9a-f]{8}\\.`).test(key);
