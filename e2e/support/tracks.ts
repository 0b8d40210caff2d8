import { type APIRequestContext, expect } from '@playwright/test';

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
