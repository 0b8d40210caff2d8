import { describe, expect, it } from 'vitest';
import { FREE_LIVE_SECONDS_PER_MONTH } from '../plans';
import { formatLiveTimeLeft, liveAllowanceEndsInMessage, liveAllowanceLeftMessage } from './billing';

describe('live allowance texts', () => {
  it('counts whole minutes, and seconds under one minute', () => {
    expect(liveAllowanceLeftMessage(FREE_LIVE_SECONDS_PER_MONTH)).toBe('120 minutes of live streaming left this month');
    expect(formatLiveTimeLeft(300)).toBe('5 minutes');
    expect(formatLiveTimeLeft(119)).toBe('1 minute');
    expect(formatLiveTimeLeft(60)).toBe('1 minute');
    expect(formatLiveTimeLeft(59.9)).toBe('59 seconds');
    expect(formatLiveTimeLeft(1)).toBe('1 second');
    expect(formatLiveTimeLeft(0)).toBe('0 seconds');
    expect(formatLiveTimeLeft(-3)).toBe('0 seconds');
  });

  it('words the countdown', () => {
    expect(liveAllowanceEndsInMessage('4:59')).toBe("Your stream ends in 4:59: this month's live streaming runs out");
  });
});
