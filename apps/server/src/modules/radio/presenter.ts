import type { TRadioChannel, TRadioChannelDetail, TRadioNowPlaying } from '@wavecast/shared';
import type { RadioNowPlayingFacts } from '../../db/schema';
import type { ChannelRow, ChannelWithOwner, readProgram } from './repo';

export const channelCoverUrl = (c: Pick<ChannelRow, 'id' | 'coverKey' | 'updatedAt'>) =>
  c.coverKey ? `/api/radio/channels/${c.id}/cover?v=${c.updatedAt.getTime().toString(36)}` : null;

/** A track's artwork: its own cover route (the track's rules decide what it answers). */
const artworkOf = (trackId: string | null) => (trackId ? `/api/tracks/${trackId}/cover` : null);

export function presentNowPlaying(n: RadioNowPlayingFacts | null): TRadioNowPlaying | null {
  return n ? { ...n, artworkUrl: artworkOf(n.trackId) } : null;
}

export function presentChannel({ channel, owner }: ChannelWithOwner): TRadioChannel {
  return {
    id: channel.id,
    name: channel.name,
    description: channel.description,
    category: channel.category,
    coverUrl: channelCoverUrl(channel),
    onAir: channel.onAir,
    listenerCount: channel.onAir ? channel.listenerCount : 0,
    owner: { id: owner.id, displayName: owner.displayName ?? 'Unknown', avatarUrl: owner.avatarUrl },
    nowPlaying: channel.onAir ? presentNowPlaying(channel.nowPlaying) : null,
    streamId: channel.onAir ? channel.streamId : null,
    createdAt: channel.createdAt.toISOString(),
  };
}

export function presentDetail(
  found: ChannelWithOwner,
  program: Awaited<ReturnType<typeof readProgram>>,
): TRadioChannelDetail {
  const c = found.channel;
  return {
    ...presentChannel(found),
    program: {
      rotations: program.rotations,
      slots: program.slots.map((s) => ({
        title: s.title,
        day: s.day,
        startMinute: s.startMinute,
        durationMinutes: s.durationMinutes,
        kind: s.kind,
        playlistId: s.playlistId,
      })),
      jingles: program.jingles,
      jingleEverySongs: c.jingleEverySongs,
      jingleEveryMinutes: c.jingleEveryMinutes,
      artistSeparation: c.artistSeparation,
      trackSeparationHours: c.trackSeparationHours,
      djGraceSeconds: c.djGraceSeconds,
      djOnlyInSlot: c.djOnlyInSlot,
      goingLiveJingleTrackId: c.goingLiveTrackId,
    },
    keyPrefix: c.keyPrefix,
  };
}
