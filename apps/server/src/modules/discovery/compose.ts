import { type TLiveStreamCard, ZLiveStreamCard, ZTrack } from '@wavecast/shared';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { presentTracks } from './presenter';
import type { RawRow } from './rows';
import { viewerFlagsOf } from './viewer-flags';

/** A track as every viewer but its owner sees it, serialized once (as the route's schema would). */
export interface SharedTrack {
  id: string;
  ownerId: string;
  /** The anonymous answer's JSON object, without `liked`. */
  json: string;
  /** The same JSON cut around its `likeCount` value (a viewer gets a fresh count: their like shows). */
  aroundLikeCount: [string, string];
  /** Kept for the owner, whose answer differs (presented for them, rarely). */
  raw: RawRow;
}

const serializeTrack = (t: unknown) => JSON.stringify(ZTrack.parse(t));
const LIKE_COUNT = /"likeCount":\d+/;

/** Raw discovery rows as shared tracks (once per cached page, not per request). */
export function shareTracks(rows: RawRow[]): SharedTrack[] {
  return presentTracks(rows, null).map((t, i) => {
    const json = serializeTrack(t);
    const at = LIKE_COUNT.exec(json);
    if (!at) throw new Error('a serialized track has no likeCount');
    const after = json.slice(at.index + at[0].length, -1); // without the closing brace
    return {
      id: t.id,
      ownerId: t.creator.id,
      json,
      aroundLikeCount: [json.slice(0, at.index), after],
      raw: rows[i] as RawRow,
    };
  });
}

export const serializeLive = (cards: TLiveStreamCard[]) => JSON.stringify(z.array(ZLiveStreamCard).parse(cards));

/**
 * The viewer's view of shared tracks as JSON array bodies (one per list, same order): anonymous
 * visitors get the shared JSON as it is; a signed-in viewer costs one indexed lookup for the page's
 * tracks (`liked` and the current like count, by primary keys, batched with the other viewers' of the
 * moment: see `viewer-flags.ts`), spliced into the shared JSON, and a fresh presentation only for
 * tracks they own.
 */
export async function tracksFor(
  database: Database,
  viewerId: string | null,
  lists: SharedTrack[][],
): Promise<string[]> {
  if (!viewerId) return lists.map((list) => `[${list.map((t) => t.json).join(',')}]`);
  const flags = await viewerFlagsOf(database).of(
    viewerId,
    lists.flat().map((t) => t.id),
  );
  const one = (t: SharedTrack) => {
    const f = flags.get(t.id);
    if (t.ownerId === viewerId) {
      const [own] = presentTracks([t.raw], viewerId, new Set(f?.liked ? [t.id] : []));
      return serializeTrack(f ? { ...own, likeCount: f.likeCount } : own);
    }
    if (!f) return `${t.json.slice(0, -1)},"liked":false}`; // deleted since: the shared page still shows it
    const [before, after] = t.aroundLikeCount;
    return `${before}"likeCount":${f.likeCount}${after},"liked":${f.liked}}`;
  };
  return lists.map((list) => `[${list.map(one).join(',')}]`);
}
