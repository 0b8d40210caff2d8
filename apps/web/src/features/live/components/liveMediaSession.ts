import type { TLiveStream } from '@wavecast/shared';

/**
 * What a live player's page knows is playing now, for the system's media controls: a radio
 * channel's current track (its title, artist and cover), or a DJ's set.
 */
export interface LiveMediaInfo {
  title: string;
  artist: string;
  album: string;
  /** Relative to the page or absolute; null: none. */
  artworkUrl: string | null;
}

/**
 * A stream's own now playing, when its page gives nothing better: the encoder's song (its
 * metadata updates) under the stream's title, else the stream itself as 'Live'.
 */
export function streamMediaInfo(
  stream: Pick<TLiveStream, 'title' | 'nowPlaying' | 'thumbnailUrl' | 'creator'>,
): LiveMediaInfo {
  const artist = stream.creator.displayName ?? '';
  return stream.nowPlaying
    ? { title: stream.nowPlaying, artist, album: stream.title, artworkUrl: stream.thumbnailUrl }
    : { title: stream.title, artist, album: 'Live', artworkUrl: stream.thumbnailUrl };
}

export function mediaMetadataOf(info: LiveMediaInfo, origin: string): MediaMetadataInit {
  return {
    title: info.title,
    artist: info.artist,
    album: info.album,
    artwork: info.artworkUrl ? [{ src: new URL(info.artworkUrl, origin).toString() }] : [],
  };
}

/** Shows it in the system's media controls (lock screen, media keys, notifications). */
export function showInMediaSession(info: LiveMediaInfo): void {
  if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
  navigator.mediaSession.metadata = new MediaMetadata(mediaMetadataOf(info, window.location.origin));
}
