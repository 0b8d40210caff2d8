/**
 * Now playing as timed metadata inside LL-HLS media (issue 38): an ID3v2.4 tag with a TIT2 frame,
 * carried in a CMAF `emsg` box ahead of a fragment's `moof` (scheme https://aomedia.org/emsg/ID3),
 * which hls.js turns into cues on the element's "id3" metadata text track and players of fMP4 HLS
 * read as the title. The playlist's EXT-X-DATERANGE says the same for players that read playlists.
 */

const EMSG_ID3_SCHEME = 'https://aomedia.org/emsg/ID3';

/** ID3's 28-bit "syncsafe" integer: 7 bits per byte. */
function syncsafe(n: number): Buffer {
  return Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
}

/** An ID3v2.4 tag holding one TIT2 (title) frame, in UTF-8. */
export function id3Title(title: string): Buffer {
  const text = Buffer.concat([Buffer.from([0x03]), Buffer.from(title, 'utf8')]); // 0x03: UTF-8
  const frame = Buffer.concat([Buffer.from('TIT2', 'latin1'), syncsafe(text.length), Buffer.from([0, 0]), text]);
  return Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00]), syncsafe(frame.length), frame]);
}

/**
 * A version 0 `emsg` box for the fragment it precedes: its event starts with the fragment
 * (presentation_time_delta 0) and lasts until the next one (duration unknown, 0xFFFFFFFF).
 */
export function emsgId3(title: string, id: number): Buffer {
  const strings = Buffer.from(`${EMSG_ID3_SCHEME}\0\0`, 'latin1'); // scheme_id_uri, value ("")
  const fields = Buffer.alloc(16);
  fields.writeUInt32BE(1000, 0); // timescale
  fields.writeUInt32BE(0, 4); // presentation_time_delta
  fields.writeUInt32BE(0xffffffff, 8); // event_duration: unknown
  fields.writeUInt32BE(id >>> 0, 12);
  const body = Buffer.concat([Buffer.from([0, 0, 0, 0]), strings, fields, id3Title(title)]); // version 0, flags 0
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write('emsg', 4, 'latin1');
  return Buffer.concat([head, body]);
}
