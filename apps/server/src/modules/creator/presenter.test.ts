import { describe, expect, it } from 'vitest';
import { presentActivity } from './presenter';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 12, minute));

describe('presentActivity', () => {
  it('merges follows, comments and milestones newest first, cut to the limit', () => {
    const items = presentActivity(
      {
        follows: [{ id: 'f1', at: at(1), user_id: 'u1', display_name: 'Ada', avatar_url: null }],
        comments: [
          {
            id: 'c1',
            at: at(3),
            content: 'x'.repeat(300),
            user_id: null,
            display_name: null,
            avatar_url: null,
            track_id: 't1',
            track_title: 'Song',
          },
        ],
        milestones: [
          { track_id: 't1', track_title: 'Song', plays: 10, at: at(2) },
          { track_id: 't1', track_title: 'Song', plays: 1, at: at(0) },
        ],
      },
      3,
    );
    expect(items.map((i) => i.id)).toEqual(['comment:c1', 'milestone:t1:10', 'follow:f1']);
    expect(items[0]).toMatchObject({ type: 'comment', user: null, track: { id: 't1', title: 'Song' } });
    expect(items[0].type === 'comment' && items[0].content.length).toBe(200);
  });
});
