/** HTTP Range (RFC 9110) as nginx answers it: one range, suffix ranges, 416 with `bytes *\/size`. */

export type RangeResult =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/**
 * Parses a Range header for a representation of `size` bytes. Like nginx: a header that is not
 * `bytes=` is ignored (200); a malformed or wholly out-of-bounds set is 416; an end past the last
 * byte is clamped. Several ranges are answered with the whole file (allowed by RFC 9110 §14.2).
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header || header.length < 7 || header.slice(0, 6).toLowerCase() !== 'bytes=') return { kind: 'full' };
  const specs = header.slice(6).split(',');
  const ranges: { start: number; end: number }[] = [];
  for (const raw of specs) {
    const spec = raw.trim();
    const m = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
    if (!m || (m[1] === '' && m[2] === '')) return { kind: 'unsatisfiable' };
    let start: number;
    let end: number;
    if (m[1] === '') {
      const suffix = Number(m[2]);
      if (!Number.isSafeInteger(suffix)) return { kind: 'unsatisfiable' };
      start = suffix < size ? size - suffix : 0;
      end = size - 1;
      if (suffix === 0) continue; // "-0" selects nothing
    } else {
      start = Number(m[1]);
      end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
      if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { kind: 'unsatisfiable' };
      if (m[2] !== '' && Number(m[2]) < start) continue; // "5-1": invalid, selects nothing
    }
    if (start < size && start <= end) ranges.push({ start, end });
  }
  if (ranges.length === 0) return { kind: 'unsatisfiable' };
  if (ranges.length > 1) return { kind: 'full' };
  return { kind: 'partial', ...ranges[0] };
}

/** If-Range: a strong ETag must match exactly, or an HTTP date must equal Last-Modified. */
export function ifRangeMatches(ifRange: string | undefined, etag: string, lastModified: Date): boolean {
  if (ifRange === undefined) return true;
  const v = ifRange.trim();
  if (v.startsWith('W/')) return false;
  if (v.startsWith('"')) return v === etag && !etag.startsWith('W/');
  const when = Date.parse(v);
  return Number.isFinite(when) && Math.floor(when / 1000) === Math.floor(lastModified.getTime() / 1000);
}

/**
 * If-Match (strong comparison, `*`) or, without it, If-Unmodified-Since: true means 412
 * Precondition Failed (RFC 9110 §13.2.2, steps 1–2, as nginx answers). An unparsable date is ignored.
 */
export function preconditionFailed(
  headers: { 'if-match'?: string; 'if-unmodified-since'?: string },
  etag: string,
  lastModified: Date,
): boolean {
  const im = headers['if-match'];
  if (im !== undefined) {
    if (im.trim() === '*') return false;
    const strong = (t: string) => !t.startsWith('W/') && t === etag;
    return etag.startsWith('W/') || !im.split(',').some((t) => strong(t.trim()));
  }
  const ius = headers['if-unmodified-since'];
  if (ius === undefined) return false;
  const since = Date.parse(ius);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) > Math.floor(since / 1000);
}

/** If-None-Match (weak comparison, `*`) or, without it, If-Modified-Since: true means 304. */
export function notModified(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  etag: string,
  lastModified: Date,
): boolean {
  const inm = headers['if-none-match'];
  if (inm !== undefined) {
    const bare = (t: string) => t.trim().replace(/^W\//, '');
    return inm.trim() === '*' || inm.split(',').some((t) => bare(t) === bare(etag));
  }
  const ims = headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}
