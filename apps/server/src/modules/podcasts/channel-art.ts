import type { AppContext } from '../../context';
import { uploadedAvatar } from '../users/avatar';
import { type ArtSpec, ensureArt, forgetArt, GENERATED } from './art-store';

/**
 * The channel image of a feed (`<itunes:image>`, `<image>`): Apple and Spotify want the show's
 * art at 1400–3000 px square in JPEG or PNG, like an episode's, and refuse SVG; our avatars are
 * 192 px and playlist covers 640 px, and either may be missing. So each feed points at art made
 * like episode art (art-store.ts): the avatar or playlist cover cropped and scaled up, or a
 * generated one (seeded by the user or playlist id) when there is none. A provider's avatar (a
 * Google or GitHub URL) is not fetched: the server asks no other host for a feed's art, so that
 * creator gets the generated art. Kept under the owner's covers (an account deletion takes it).
 */

type ArtOwner = { id: string; avatarUrl: string | null };
type ArtPlaylist = { id: string; userId: string; coverKey: string | null };

/** The file name's stem (a UUID): changes with every upload. */
const stem = (key: string) => key.slice(key.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');

const showPrefix = (userId: string) => `covers/${userId}/show.art-`;
const playlistPrefix = (ownerId: string, playlistId: string) => `covers/${ownerId}/playlist-${playlistId}.art-`;

/** A creator show's art: from the uploaded avatar (version `a1-<file>`), else generated. */
export function showArtSpec(owner: ArtOwner): ArtSpec {
  const avatar = uploadedAvatar(owner.id, owner.avatarUrl);
  const version = avatar ? `a1-${stem(avatar.key)}` : GENERATED;
  return { prefix: showPrefix(owner.id), version, source: avatar?.key ?? null, seed: owner.id };
}

/** A playlist show's art: from the playlist's own cover (version `p1-<file>`), else generated. */
export function playlistArtSpec(playlist: ArtPlaylist): ArtSpec {
  const version = playlist.coverKey ? `p1-${stem(playlist.coverKey)}` : GENERATED;
  return {
    prefix: playlistPrefix(playlist.userId, playlist.id),
    version,
    source: playlist.coverKey,
    seed: playlist.id,
  };
}

/** The art's public paths; the version makes them cacheable for good. */
export const showArtPath = (owner: ArtOwner) =>
  `/api/podcasts/show-art/${owner.id}.jpg?v=${showArtSpec(owner).version}`;
export const playlistArtPath = (playlist: ArtPlaylist) =>
  `/api/podcasts/playlist-art/${playlist.id}.jpg?v=${playlistArtSpec(playlist).version}`;

export const ensureChannelArt = (ctx: AppContext, spec: ArtSpec) => ensureArt(ctx, spec);

/** A deleted playlist's art goes with it. */
export const forgetPlaylistArt = (ctx: AppContext, ownerId: string, playlistId: string) =>
  forgetArt(ctx, playlistPrefix(ownerId, playlistId));
