import type { TCreatorActivity, TCreatorStats } from '@wavecast/shared';
import type { CommentEventRow, CreatorStatsRow, FollowEventRow, MilestoneEventRow } from './repo';

const toIso = (d: Date | string) => new Date(d).toISOString();

export function presentStats(s: CreatorStatsRow): TCreatorStats {
  return {
    totalPlays: s.total_plays,
    followers: s.followers,
    audioContent: s.audio_content,
    liveStreams: s.live_streams,
    activeLiveStreams: s.active_live_streams,
  };
}

/** The three kinds of recent events as one list, newest first, at most `limit`. */
export function presentActivity(
  rows: { follows: FollowEventRow[]; comments: CommentEventRow[]; milestones: MilestoneEventRow[] },
  limit: number,
): TCreatorActivity[] {
  const items: TCreatorActivity[] = [
    ...rows.follows.map((f) => ({
      type: 'follow' as const,
      id: `follow:${f.id}`,
      at: toIso(f.at),
      user: { id: f.user_id, displayName: f.display_name, avatarUrl: f.avatar_url },
    })),
    ...rows.comments.map((c) => ({
      type: 'comment' as const,
      id: `comment:${c.id}`,
      at: toIso(c.at),
      user: c.user_id ? { id: c.user_id, displayName: c.display_name, avatarUrl: c.avatar_url } : null,
      track: { id: c.track_id, title: c.track_title },
      content: c.content.slice(0, 200),
    })),
    ...rows.milestones.map((m) => ({
      type: 'milestone' as const,
      id: `milestone:${m.track_id}:${m.plays}`,
      at: toIso(m.at),
      track: { id: m.track_id, title: m.track_title },
      plays: m.plays,
    })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}
