import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMoney, formatTime, parseChapterTime } from './format';

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
