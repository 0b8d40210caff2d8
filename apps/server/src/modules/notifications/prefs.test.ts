import { describe, expect, it } from 'vitest';
import { prefsOf } from './prefs';

describe('prefsOf', () => {
  it('keeps saved booleans and fills the rest with the defaults (all on)', () => {
    expect(prefsOf({ newFollowers: false })).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      newFollowers: false,
      newComments: true,
      newLikes: true,
      newReposts: true,
      liveStreamAlerts: true,
      premiereAlerts: true,
      weeklyDigest: true,
    });
    expect(prefsOf(null).weeklyDigest).toBe(true);
    expect(prefsOf({ weeklyDigest: 'no' as never }).weeklyDigest).toBe(true);
  });
});
