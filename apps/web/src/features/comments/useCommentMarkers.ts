import { formatTime } from '@wavecast/shared';
import { useMemo } from 'react';
import type { WaveformMarker } from '../player/components/Waveform';
import { flattenComments, useComments, useLiveComments } from './queries';

const MAX_LABEL = 80;

/** Timestamped comments of a track as waveform markers (kept live). */
export function useCommentMarkers(trackId: string | undefined): WaveformMarker[] {
  const comments = useComments(trackId);
  useLiveComments(trackId);
  return useMemo(
    () =>
      flattenComments(comments.data)
        .filter((c) => c.positionSeconds != null)
        .map((c) => {
          const text = c.content.length > MAX_LABEL ? `${c.content.slice(0, MAX_LABEL)}…` : c.content;
          const who = c.author?.displayName ?? 'Unknown User';
          return {
            id: c.id,
            seconds: c.positionSeconds as number,
            label: `Comment at ${formatTime(c.positionSeconds as number)} by ${who}: ${text}`,
            avatarUrl: c.author?.avatarUrl ?? null,
          };
        }),
    [comments.data],
  );
}
