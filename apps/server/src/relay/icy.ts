import type { Sink } from './session';

/**
 * ICY metadata for listeners that ask for it (`Icy-MetaData: 1`: VLC, foobar2000, ffmpeg, radio
 * apps): every ICY_METAINT bytes of audio, one length byte (×16) and, when the title changed,
 * `StreamTitle='…';` in UTF-8, NUL-padded to a multiple of 16 (SHOUTcast's framing, as Icecast
 * sends it). Players that never send the header get the plain stream.
 */
export const ICY_METAINT = 16_000;
/** The longest block the length byte can announce. */
const MAX_BLOCK = 255 * 16;

/** One metadata block (with its length byte) for a title; `null` clears it (`StreamTitle='';`). */
export function icyMetadataBlock(title: string | null): Buffer {
  // No quote-escaping exists in ICY: a `';` inside would end the field early, so it is softened.
  let text = (title ?? '').replace(/[\0\r\n]+/g, ' ').replace(/';/g, "' ;");
  let body = Buffer.from(`StreamTitle='${text}';`, 'utf8');
  while (body.length > MAX_BLOCK) {
    // Too long for one block: cut whole characters (never half a UTF-8 sequence) until it fits.
    text = Array.from(text)
      .slice(0, -Math.max(1, Math.ceil((body.length - MAX_BLOCK) / 4)))
      .join('');
    body = Buffer.from(`StreamTitle='${text}';`, 'utf8');
  }
  const blocks = Math.ceil(body.length / 16);
  const out = Buffer.alloc(1 + blocks * 16);
  out[0] = blocks;
  body.copy(out, 1);
  return out;
}

/**
 * A listener's sink with ICY metadata interleaved: `title()` is read at each metadata point; the
 * block carries it when it differs from the last one sent, else it is the empty block (one 0 byte).
 */
export function icySink(
  inner: Sink & { drop?(): void },
  title: () => string | null,
  metaint = ICY_METAINT,
): Sink & { drop?(): void } {
  let untilMeta = metaint;
  let sent: string | null | undefined;
  const meta = () => {
    const now = title();
    if (now === sent) return Buffer.alloc(1);
    sent = now;
    return icyMetadataBlock(now);
  };
  return {
    write(buf) {
      const out: Buffer[] = [];
      let pos = 0;
      while (buf.length - pos >= untilMeta) {
        out.push(buf.subarray(pos, pos + untilMeta), meta());
        pos += untilMeta;
        untilMeta = metaint;
      }
      if (pos < buf.length) {
        out.push(buf.subarray(pos));
        untilMeta -= buf.length - pos;
      }
      inner.write(out.length === 1 ? out[0] : Buffer.concat(out));
    },
    buffered: () => inner.buffered(),
    close: () => inner.close(),
    drop: inner.drop ? () => inner.drop?.() : undefined,
  };
}

/** Splits an ICY stream back into audio and the titles announced (tests, tools). */
export function parseIcy(stream: Buffer, metaint = ICY_METAINT): { audio: Buffer; titles: string[] } {
  const audio: Buffer[] = [];
  const titles: string[] = [];
  let pos = 0;
  while (pos < stream.length) {
    audio.push(stream.subarray(pos, Math.min(stream.length, pos + metaint)));
    pos += metaint;
    if (pos >= stream.length) break;
    const len = stream[pos] * 16;
    const text = stream.toString('utf8', pos + 1, pos + 1 + len).replace(/\0+$/, '');
    const m = /^StreamTitle='(.*)';/s.exec(text);
    if (m) titles.push(m[1]);
    pos += 1 + len;
  }
  return { audio: Buffer.concat(audio), titles };
}
