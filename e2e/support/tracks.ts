import { type APIRequestContext, expect } from '@playwright/test';
import { scaled } from './timeouts';

/** The id of a demo track, once the demo catalogue (seeded a few seconds after start) has it. */
export async function seededTrackId(request: APIRequestContext, title = 'Morning Meditation'): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/explore/tracks?q=${encodeURIComponent(title)}`);
        const items = (res.ok() ? (await res.json()).items : []) as { id: string; title: string }[];
        id = items.find((t) => t.title === title)?.id ?? '';
        return id;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return id;
}

/** apps/server/src/db/seed/catalogue.ts DEMO_TRACKS: a track is listed once it is ready. */
const DEMO_TRACK_COUNT = 12;

/** Resolves once every demo track is listed and processed (covers resized, waveform made). */
export async function demoCatalogueProcessed(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/explore/tracks?sort=recent');
        const items = (res.ok() ? (await res.json()).items : []) as { id: string }[];
        if (items.length < DEMO_TRACK_COUNT) return false;
        const peaks = await Promise.all(items.map((t) => request.get(`/api/tracks/${t.id}/peaks`)));
        return peaks.every((r) => r.ok());
      },
      { timeout: scaled(120_000) },
    )
    .toBe(true);
}
