import type { AppContext } from '../../context';
import { PODCAST_ART_SIZE } from '../../media/podcast-art';
import { coverVersion } from '../tracks/presenter';
import type { TrackRow } from '../tracks/repo';
import { type ArtSpec, ensureArt, forgetArt, GENERATED } from './art-store';

/**
 * Episode art (issue 34): podcast apps want 1400–3000 px square JPEG or PNG, our covers are made
 * at 96–640 px and may be missing. Each episode's art is made once per cover version, from the
 * creator's cover (cropped and scaled to PODCAST_ART_SIZE) or generated when there is none, and
 * kept in storage beside the track's covers (`covers/{user}/{track}.art-{version}.jpg`: an account
 * deletion takes it with the rest; a track deletion, by `forgetEpisodeArt`).
 */

type ArtTrack = Pick<TrackRow, 'id' | 'userId' | 'coverKey' | 'media'>;

/** Changes when the cover does (and when the way art is drawn does: the `g`/`c` generation). */
export const artVersion = (track: ArtTrack) => (track.coverKey ? `c1-${coverVersion(track)}` : GENERATED);

const artPrefix = (trackId: string, ownerId: string) => `covers/${ownerId}/${trackId}.art-`;

/** The art's public path; the version makes it cacheable for good. */
export const episodeArtPath = (track: ArtTrack) => `/api/podcasts/art/${track.id}.jpg?v=${artVersion(track)}`;

export { PODCAST_ART_SIZE };

/** Podcast art follows its track: a deleted track's art is removed. */
export function subscribeEpisodeArt(ctx: AppContext): void {
  ctx.events.on('track.hidden', async ({ payload }) => {
    if (payload.reason === 'deleted') await forgetEpisodeArt(ctx, payload.trackId, payload.ownerId);
  });
}

const episodeArtSpec = (track: ArtTrack): ArtSpec => ({
  prefix: artPrefix(track.id, track.userId),
  version: artVersion(track),
  source: track.coverKey,
  seed: track.id,
});

/** The storage key of the episode's art, made now if it is not stored yet. */
export function ensureEpisodeArt(ctx: AppContext, track: ArtTrack): Promise<string> {
  return ensureArt(ctx, episodeArtSpec(track));
}

/** Removes a track's stored art (a deleted track's goes with it: its other files are the tracks module's). */
export function forgetEpisodeArt(ctx: AppContext, trackId: string, ownerId: string): Promise<void> {
  return forgetArt(ctx, artPrefix(trackId, ownerId));
}
