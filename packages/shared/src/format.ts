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

/** Parses a chapter time typed as m:ss; null unless both parts are numbers. */
export function parseChapterTime(text: string): number | null {
  const match = /^\s*(\d+):(\d{1,2})\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}
