import { describe, expect, it } from 'vitest';
import { changePreviewText } from './contracts/billing';
import {
  formatFileSize,
  formatLongDate,
  formatMoney,
  formatMonthYear,
  formatTime,
  parseChapterTime,
  pluralize,
  timeAgo,
} from './format';

describe('formatTime', () => {
  it('uses m:ss below an hour and h:mm:ss above', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3599)).toBe('59:59');
    expect(formatTime(3661)).toBe('1:01:01');
  });
  it('treats bad input as zero', () => {
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(-4)).toBe('0:00');
  });
});

describe('formatFileSize', () => {
  it('uses 1024 steps with 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
  });
});

describe('formatMoney', () => {
  it('shows 2 decimals', () => expect(formatMoney(0)).toBe('$0.00'));
});

describe('parseChapterTime', () => {
  it('accepts m:ss only when both parts are numbers', () => {
    expect(parseChapterTime('1:30')).toBe(90);
    expect(parseChapterTime('12:05')).toBe(725);
    expect(parseChapterTime('a:30')).toBeNull();
    expect(parseChapterTime('1:xx')).toBeNull();
    expect(parseChapterTime('90')).toBeNull();
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const ago = (seconds: number) => timeAgo(new Date(now - seconds * 1000), now);
  it('names the largest whole unit', () => {
    expect(ago(5)).toBe('less than a minute ago');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(59 * 60 + 59)).toBe('59 minutes ago');
    expect(ago(2 * 3600)).toBe('2 hours ago');
    expect(ago(86_400)).toBe('1 day ago');
    expect(ago(45 * 86_400)).toBe('1 month ago');
    expect(ago(800 * 86_400)).toBe('2 years ago');
  });
  it('treats the future and bad dates as just now', () => {
    expect(ago(-300)).toBe('less than a minute ago');
    expect(timeAgo('not a date', now)).toBe('less than a minute ago');
  });
});

describe('calendar dates', () => {
  it('spells the month out', () => {
    expect(formatMonthYear('2026-11-21T12:00:00Z')).toBe('November 2026');
    expect(formatLongDate('2026-11-21T12:00:00Z')).toBe('November 21, 2026');
  });
});

describe('changePreviewText', () => {
  it('says what a plan change charges or credits today', () => {
    expect(changePreviewText(1500)).toBe('You will be charged $15.00 today.');
    expect(changePreviewText(-250)).toBe('You will get a $2.50 credit toward your next invoices.');
    expect(changePreviewText(0)).toBe('Nothing is charged today.');
  });
});

describe('pluralize', () => {
  it('is singular for exactly one, plural otherwise, with grouped digits', () => {
    expect(pluralize(1, 'play')).toBe('1 play');
    expect(pluralize(0, 'play')).toBe('0 plays');
    expect(pluralize(2, 'play')).toBe('2 plays');
    expect(pluralize(1234, 'follower')).toBe('1,234 followers');
  });
  it('takes an irregular plural', () => {
    expect(pluralize(1, 'person', 'people')).toBe('1 person');
    expect(pluralize(3, 'person', 'people')).toBe('3 people');
  });
});
