import { embedIframe } from '@wavecast/shared';

export { embedSrc } from '@wavecast/shared';

/** What can be shared; a listening room's invite link is shared too (never embedded). */
export type ShareKind = 'track' | 'playlist' | 'radio' | 'room';
type EmbedKind = Exclude<ShareKind, 'room'>;

/** The embed sizes offered in the share dialog; the middle one is the oEmbed default (EMBED_SIZES). */
export const EMBED_SIZE_OPTIONS: Record<EmbedKind, { label: string; width: number; height: number }[]> = {
  track: [
    { label: 'Small', width: 320, height: 152 },
    { label: 'Medium', width: 480, height: 152 },
    { label: 'Large', width: 640, height: 152 },
  ],
  radio: [
    { label: 'Small', width: 320, height: 152 },
    { label: 'Medium', width: 480, height: 152 },
    { label: 'Large', width: 640, height: 152 },
  ],
  playlist: [
    { label: 'Small', width: 320, height: 300 },
    { label: 'Medium', width: 480, height: 360 },
    { label: 'Large', width: 640, height: 480 },
  ],
};

/** The page's absolute link, starting at `startAt` whole seconds when given (the audio page honours `?t=`). */
export function shareLink(origin: string, path: string, startAt: number | null = null): string {
  const url = new URL(path, origin);
  if (startAt !== null && startAt > 0) url.searchParams.set('t', String(Math.floor(startAt)));
  return url.toString();
}

/** The iframe code of an embed at a chosen size (the same markup oEmbed answers). */
export const embedCode = (
  kind: EmbedKind,
  id: string,
  title: string,
  origin: string,
  size?: { width: number; height: number },
  startAt: number | null = null,
) => embedIframe(origin, kind, id, title, size, startAt);

/** Seconds as m:ss (h:mm:ss from an hour on), whole seconds. */
export function formatStartTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** `m:ss`, `h:mm:ss` or plain seconds as whole seconds; null when it is not a time. */
export function parseStartTime(text: string): number | null {
  const t = text.trim();
  if (/^\d{1,6}$/.test(t)) return Number(t);
  const m = /^(?:(\d{1,3}):)?(\d{1,3}):([0-5]\d)$/.exec(t);
  if (!m) return null;
  const [, h, min, sec] = m;
  if (h !== undefined && Number(min) > 59) return null;
  return Number(h ?? 0) * 3600 + Number(min) * 60 + Number(sec);
}

/**
 * Writes `text` to the clipboard; false when the browser refuses (no permission, no clipboard, not
 * a secure page), for the caller to fall back to a selected text field.
 */
export async function copyToClipboard(
  text: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined,
): Promise<boolean> {
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
