/**
 * Content sniffing by magic bytes: what a file really is, whatever its name or declared type says.
 * Each accepted container maps to the one ffmpeg demuxer we allow for it, so a crafted file can
 * never reach a demuxer that follows references (playlists, concat lists).
 */

export type AudioContainer = 'mp3' | 'wav' | 'm4a' | 'aac' | 'flac' | 'ogg' | 'webm';
export type ImageType = 'jpeg' | 'png' | 'webp';

export interface AudioFormatInfo {
  ext: string;
  mime: string;
  /** ffmpeg's `-f` for it. */
  demuxer: string;
}

export const AUDIO_FORMATS: Record<AudioContainer, AudioFormatInfo> = {
  mp3: { ext: 'mp3', mime: 'audio/mpeg', demuxer: 'mp3' },
  wav: { ext: 'wav', mime: 'audio/wav', demuxer: 'wav' },
  m4a: { ext: 'm4a', mime: 'audio/mp4', demuxer: 'mov' },
  aac: { ext: 'aac', mime: 'audio/aac', demuxer: 'aac' },
  flac: { ext: 'flac', mime: 'audio/flac', demuxer: 'flac' },
  ogg: { ext: 'ogg', mime: 'audio/ogg', demuxer: 'ogg' },
  webm: { ext: 'webm', mime: 'audio/webm', demuxer: 'matroska' },
};

export const IMAGE_FORMATS: Record<ImageType, { ext: string; mime: string; demuxer: string }> = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg', demuxer: 'jpeg_pipe' },
  png: { ext: 'png', mime: 'image/png', demuxer: 'png_pipe' },
  webp: { ext: 'webp', mime: 'image/webp', demuxer: 'webp_pipe' },
};

/** Bytes needed to decide (an ID3 tag needs a second look further in: see `id3Size`). */
export const SNIFF_BYTES = 16;

const ascii = (b: Buffer, start: number, text: string) =>
  b.length >= start + text.length && b.toString('latin1', start, start + text.length) === text;

/** An MPEG audio frame header (layer I–III): sync, a valid version, layer, bitrate and rate. */
function isMpegAudioFrame(b: Buffer, at = 0): boolean {
  if (b.length < at + 4 || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return false;
  const version = (b[at + 1] >> 3) & 3;
  const layer = (b[at + 1] >> 1) & 3;
  const bitrate = b[at + 2] >> 4;
  const rate = (b[at + 2] >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 15 && rate !== 3;
}

/** An ADTS (raw AAC) header: sync with layer 00. */
function isAdts(b: Buffer, at = 0): boolean {
  return b.length >= at + 2 && b[at] === 0xff && (b[at + 1] & 0xf6) === 0xf0;
}

/** The audio container of a file from its first bytes; 'id3' means "look behind the tag". */
export function sniffAudio(head: Buffer): AudioContainer | 'id3' | null {
  if (ascii(head, 0, 'ID3')) return 'id3';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 4, 'ftyp')) return 'm4a';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (isAdts(head)) return 'aac';
  if (isMpegAudioFrame(head)) return 'mp3';
  return null;
}

/** Total size of an ID3v2 tag (header, syncsafe size, optional footer). */
export function id3Size(head: Buffer): number {
  if (head.length < 10 || !ascii(head, 0, 'ID3')) return 0;
  const size = ((head[6] & 0x7f) << 21) | ((head[7] & 0x7f) << 14) | ((head[8] & 0x7f) << 7) | (head[9] & 0x7f);
  const footer = head[5] & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/** What follows an ID3 tag: MP3 frames, ADTS AAC or FLAC. */
export function sniffAfterId3(afterTag: Buffer): AudioContainer | null {
  if (ascii(afterTag, 0, 'fLaC')) return 'flac';
  if (isAdts(afterTag)) return 'aac';
  if (isMpegAudioFrame(afterTag)) return 'mp3';
  // Some encoders pad after the tag: the mp3 demuxer resyncs, so let the probe decide.
  return afterTag.length > 0 ? 'mp3' : null;
}

/** JPEG, PNG or WebP; anything else (SVG, GIF, HEIC, text) is refused. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const head = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp';
  return null;
}
