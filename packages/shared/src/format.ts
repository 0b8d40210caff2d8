/** m:ss, or h:mm:ss once an hour is reached (live durations). */
export function formatTime(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Bytes, KB, MB, GB in 1024 steps with 2 decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes === 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number.parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

/** Money with 2 decimals. */
export function formatMoney(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** Parses a chapter time typed as m:ss; null unless both parts are numbers and the seconds 0–59. */
export function parseChapterTime(text: string): number | null {
  const match = /^\s*(\d+):(\d{1,2})\s*$/.exec(text);
  if (!match) return null;
  const seconds = Number(match[2]);
  if (seconds > 59) return null;
  return Number(match[1]) * 60 + seconds;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** '5 minutes ago', '3 days ago'; under a minute (or a clock ahead of ours) 'less than a minute ago'. */
export function timeAgo(date: Date | string, now: number = Date.now()): string {
  const seconds = (now - new Date(date).getTime()) / 1000;
  for (const [unit, size] of UNITS) if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  return 'less than a minute ago';
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
/** 'November 2026' */
export const formatMonthYear = (date: Date | string) => monthYear.format(new Date(date));
/** 'November 21, 2026' */
export const formatLongDate = (date: Date | string) => longDate.format(new Date(date));

/**
 * A count with its noun, singular for exactly one: '1 play', '0 plays', '1,234 followers'. The one
 * plural rule of the product (English), so no page says '1 plays'.
 */
export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
