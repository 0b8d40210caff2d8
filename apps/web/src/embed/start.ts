/** `?t=` of an embed's URL as whole seconds within the track (0: from the start; junk is ignored). */
export function startSeconds(search: string, duration: number): number {
  const raw = new URLSearchParams(search).get('t');
  if (!raw || !/^\d{1,6}$/.test(raw)) return 0;
  const t = Number(raw);
  return duration > 0 && t >= duration ? 0 : t;
}
