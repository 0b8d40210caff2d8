import type { TranscriptCue, TranscriptFormat } from '../../db/schema';

/** WebVTT and SRT parsing, and WebVTT output. Pure. */

export const TRANSCRIPT_NOT_TIMED = 'Transcript must be a WebVTT (.vtt) or SRT (.srt) file';
export const MAX_CUES = 20_000;

// 00:01.000, 01:02:03.456 (VTT) and 01:02:03,456 (SRT)
const TIME = String.raw`(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)[.,](\d{1,3})`;
const TIMING = new RegExp(`^\\s*${TIME}\\s*-->\\s*${TIME}`);

function seconds(h: string | undefined, m: string, s: string, ms: string): number {
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms.padEnd(3, '0')) / 1000;
}

/** Cue text without markup (<v Speaker>, <b>, timestamps) and entities decoded. */
function cleanText(lines: string[]): string {
  return lines
    .join(' ')
    .replace(/<[^>]*>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export type ParseResult =
  | { ok: true; format: TranscriptFormat; cues: TranscriptCue[] }
  | { ok: false; message: string };

/** A timed transcript (WebVTT or SRT, told apart by content); anything else is refused. */
export function parseTimed(input: string): ParseResult {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const isVtt = /^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(text);
  const blocks = text.split(/\n{2,}/);
  const cues: TranscriptCue[] = [];
  for (const block of isVtt ? blocks.slice(1) : blocks) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    const at = lines.findIndex((l) => TIMING.test(l));
    // VTT: NOTE, STYLE and REGION blocks carry no timing; an SRT block must have one.
    if (at === -1) {
      if (isVtt || lines.length === 0) continue;
      return { ok: false, message: TRANSCRIPT_NOT_TIMED };
    }
    // SRT: the timing is the 2nd line (after the cue number); VTT: 1st or after an identifier.
    if (at > 1 || (!isVtt && at === 1 && !/^\d+$/.test(lines[0].trim())))
      return { ok: false, message: TRANSCRIPT_NOT_TIMED };
    const m = TIMING.exec(lines[at]);
    if (!m) return { ok: false, message: TRANSCRIPT_NOT_TIMED };
    const start = seconds(m[1], m[2], m[3], m[4]);
    const end = seconds(m[5], m[6], m[7], m[8]);
    if (end < start) return { ok: false, message: `Cue ${cues.length + 1} ends before it starts` };
    const body = cleanText(lines.slice(at + 1));
    if (body) cues.push({ start, end, text: body });
    if (cues.length > MAX_CUES) return { ok: false, message: `A transcript has at most ${MAX_CUES} cues` };
  }
  if (cues.length === 0) return { ok: false, message: TRANSCRIPT_NOT_TIMED };
  return { ok: true, format: isVtt ? 'vtt' : 'srt', cues: cues.sort((a, b) => (a.start ?? 0) - (b.start ?? 0)) };
}

/** Pasted text: one untimed cue per paragraph. */
export function parsePlain(input: string): ParseResult {
  const paragraphs = input
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return { ok: false, message: 'Transcript text is required' };
  if (paragraphs.length > MAX_CUES) return { ok: false, message: `A transcript has at most ${MAX_CUES} paragraphs` };
  return { ok: true, format: 'text', cues: paragraphs.map((text) => ({ start: null, end: null, text })) };
}

function vttTime(s: number): string {
  const ms = Math.round(s * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** WebVTT of timed cues (what `podcast:transcript` points at); text is escaped for VTT. */
export function toVtt(cues: TranscriptCue[]): string {
  const out = ['WEBVTT', ''];
  for (const c of cues) {
    if (c.start === null || c.end === null) continue;
    out.push(
      `${vttTime(c.start)} --> ${vttTime(c.end)}`,
      c.text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('-->', '--&gt;'),
      '',
    );
  }
  return out.join('\n');
}
