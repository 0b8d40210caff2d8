import { trackGainDb } from './gain';
import { seededRandom } from './rng';
import { activeSlot, nextShowStart } from './schedule';
import { RADIO_DEFAULTS, type RadioProgram, type RadioTrack, type TimelineItem } from './types';

export interface PlanOptions {
  seed: string;
  /** Epoch ms of the first item's start. */
  from: number;
  /** Plan until at least this instant (the last item starts before it). */
  until: number;
  /** Items already heard (oldest first): the repeat and jingle rules look back into them. */
  history?: TimelineItem[];
}

type PlayItem = Extract<TimelineItem, { kind: 'track' | 'jingle' }>;
const HOUR_MS = 3_600_000;
/** A crossfade never takes more than this share of a short item. */
const MAX_OVERLAP_SHARE = 1 / 3;
/** Nor more than this, whatever the track's tail. */
const MAX_OVERLAP_MS = 10_000;

/** An item of `track` starting at `startMs`: its end and when the next one mixes in. */
export function placeItem(
  track: RadioTrack,
  kind: 'track' | 'jingle',
  startMs: number,
  crossfadeMs: number,
  ids: { showId: string | null; rotationId: string | null },
): PlayItem {
  const { cueInMs, cueOutMs, crossfadeStartMs } = track.cues;
  const length = Math.max(0, cueOutMs - cueInMs);
  const tail = Math.max(crossfadeMs, cueOutMs - crossfadeStartMs);
  const overlap = Math.round(Math.min(tail, MAX_OVERLAP_MS, length * MAX_OVERLAP_SHARE));
  return {
    kind,
    trackId: track.id,
    startMs,
    endMs: startMs + length,
    nextStartMs: startMs + length - overlap,
    gainDb: trackGainDb(track),
    ...ids,
  };
}

/** `item` cut at `at` for a show starting then: the next item starts at `at`, this one fades out over a crossfade. */
function cutAt(item: PlayItem, at: number, crossfadeMs: number): PlayItem {
  return { ...item, nextStartMs: at, endMs: Math.min(item.endMs, at + crossfadeMs) };
}

/**
 * The deterministic timeline (ADR 0055, 0069): the same program, catalog, seed, start and history
 * give the same items. A show slot starts on time: the item playing at its start is cut there
 * (faded out over a crossfade, as at any boundary) and the show plays its playlist in order; DJ slots are marked and the rotation goes on under them; elsewhere a weighted
 * rotation draw with the repeat rules (relaxed, oldest first, rather than ever falling silent),
 * and a jingle when one is due by songs or minutes.
 */
export function planTimeline(
  program: RadioProgram,
  catalog: Map<string, RadioTrack>,
  opts: PlanOptions,
): TimelineItem[] {
  const random = seededRandom(`${opts.seed}:${opts.from}`);
  const crossfadeMs = (program.crossfadeSeconds ?? RADIO_DEFAULTS.crossfadeSeconds) * 1000;
  const heard: PlayItem[] = (opts.history ?? []).filter((i): i is PlayItem => i.kind !== 'dj-slot');
  const out: TimelineItem[] = [];
  const showPositions = new Map<string, number>();
  const markedDjSlots = new Set<string>();
  const jingles = (program.jingles?.trackIds ?? []).filter((id) => catalog.has(id));
  let songsSinceJingle = 0;
  let lastJingleAt = opts.from;
  for (let i = heard.length - 1; i >= 0; i--) {
    if (heard[i].kind === 'jingle') {
      lastJingleAt = heard[i].startMs;
      break;
    }
    songsSinceJingle++;
  }

  const add = (item: PlayItem) => {
    out.push(item);
    heard.push(item);
  };

  const playable = (id: string) => catalog.has(id);
  let t = opts.from;
  while (t < opts.until) {
    // A show starting while the previous item still fades out: that fade leads into it.
    const previousEnd = heard.at(-1)?.endMs ?? t;
    const showSoon = previousEnd > t ? nextShowStart(program.shows, t, previousEnd + 1, playable) : null;
    if (showSoon !== null) {
      t = showSoon;
      continue;
    }
    const active = activeSlot(program.shows, t);
    if (active?.slot.kind === 'dj') {
      const key = `${active.slot.id}:${active.startMs}`;
      if (!markedDjSlots.has(key)) {
        markedDjSlots.add(key);
        out.push({ kind: 'dj-slot', showId: active.slot.id, startMs: active.startMs, endMs: active.endMs });
      }
    }
    let next: PlayItem | null = null;
    if (active?.slot.kind === 'playlist') {
      const tracks = active.slot.trackIds.filter((id) => catalog.has(id));
      if (tracks.length > 0) {
        const key = `${active.slot.id}:${active.startMs}`;
        const pos = showPositions.get(key) ?? 0;
        showPositions.set(key, pos + 1);
        const track = catalog.get(tracks[pos % tracks.length]) as RadioTrack;
        next = placeItem(track, 'track', t, crossfadeMs, { showId: active.slot.id, rotationId: null });
      }
    }
    if (!next && jingles.length > 0 && jingleDue(program, songsSinceJingle, t - lastJingleAt)) {
      const last = heard.findLast((i) => i.kind === 'jingle')?.trackId;
      const choices = jingles.length > 1 ? jingles.filter((id) => id !== last) : jingles;
      const track = catalog.get(choices[Math.floor(random() * choices.length)]) as RadioTrack;
      next = placeItem(track, 'jingle', t, crossfadeMs, { showId: active?.slot.id ?? null, rotationId: null });
    }
    if (!next) {
      const pick = drawFromRotation(program, catalog, heard, t, random);
      if (pick) next = placeItem(pick.track, 'track', t, crossfadeMs, { showId: null, rotationId: pick.rotationId });
    }
    if (!next) break; // nothing playable at all: the runtime plays silence and says so
    const show = nextShowStart(program.shows, t, next.nextStartMs, playable);
    if (show !== null) next = cutAt(next, show, crossfadeMs);
    add(next);
    if (next.kind === 'jingle') {
      songsSinceJingle = 0;
      lastJingleAt = next.startMs;
    } else songsSinceJingle++;
    // An empty file would never move time on.
    t = Math.max(next.nextStartMs, t + 1);
  }
  return out;
}

function jingleDue(program: RadioProgram, songs: number, sinceMs: number): boolean {
  const j = program.jingles;
  if (!j) return false;
  if (j.everySongs !== null && j.everySongs > 0 && songs >= j.everySongs) return true;
  return j.everyMinutes !== null && j.everyMinutes > 0 && songs > 0 && sinceMs >= j.everyMinutes * 60_000;
}

/** A weighted rotation, then a track of it the rules allow (or the least recently heard). */
function drawFromRotation(
  program: RadioProgram,
  catalog: Map<string, RadioTrack>,
  heard: PlayItem[],
  t: number,
  random: () => number,
): { track: RadioTrack; rotationId: string } | null {
  const pools = program.rotations
    .map((r) => ({ id: r.id, weight: r.weight, tracks: r.trackIds.filter((id) => catalog.has(id)) }))
    .filter((r) => r.weight > 0 && r.tracks.length > 0);
  if (pools.length === 0) return null;
  const total = pools.reduce((s, r) => s + r.weight, 0);
  let x = random() * total;
  let pool = pools[pools.length - 1];
  for (const r of pools) {
    x -= r.weight;
    if (x < 0) {
      pool = r;
      break;
    }
  }
  const songs = heard.filter((i) => i.kind === 'track');
  const recentArtists = new Set(
    program.noArtistRepeat > 0 ? songs.slice(-program.noArtistRepeat).map((i) => catalog.get(i.trackId)?.artistId) : [],
  );
  const lastHeard = new Map<string, number>();
  for (const i of songs) lastHeard.set(i.trackId, i.startMs);
  const windowMs = program.noTrackRepeatHours * HOUR_MS;
  const trackOk = (id: string) => windowMs <= 0 || (lastHeard.get(id) ?? Number.NEGATIVE_INFINITY) <= t - windowMs;
  const artistOk = (id: string) => !recentArtists.has(catalog.get(id)?.artistId);
  const candidates = [...new Set(pool.tracks)];
  let allowed = candidates.filter((id) => trackOk(id) && artistOk(id));
  if (allowed.length === 0) {
    // Rules relaxed rather than silence: the least recently heard of those with another artist, else of all.
    const byAge = (ids: string[]) => {
      const oldest = Math.min(...ids.map((id) => lastHeard.get(id) ?? Number.NEGATIVE_INFINITY));
      return ids.filter((id) => (lastHeard.get(id) ?? Number.NEGATIVE_INFINITY) === oldest);
    };
    const otherArtist = candidates.filter(artistOk);
    allowed = byAge(otherArtist.length > 0 ? otherArtist : candidates);
  }
  const id = allowed[Math.floor(random() * allowed.length)];
  return { track: catalog.get(id) as RadioTrack, rotationId: pool.id };
}
