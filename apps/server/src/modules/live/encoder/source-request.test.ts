import { describe, expect, it } from 'vitest';
import { ChunkedDecoder, ChunkedError } from './chunked';
import {
  declaredFormat,
  headEnd,
  iceMetadata,
  parseSourceHead,
  sniffFormat,
  sourceKey,
  sourceResponse,
} from './source-request';

const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;

describe('parseSourceHead', () => {
  it('reads PUT and SOURCE on /live with lower-cased headers, Expect and chunked', () => {
    const put = parseSourceHead(
      'PUT /live HTTP/1.1\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\nIce-Name: Night\r\nContent-Type: audio/ogg',
    );
    expect(put).toMatchObject({ method: 'PUT', mount: '/live', expectContinue: true, chunked: true });
    expect(put).toHaveProperty('headers.ice-name', 'Night');
    expect(parseSourceHead('SOURCE /live/ HTTP/1.0\nContent-Type: audio/mpeg')).toMatchObject({
      method: 'SOURCE',
      expectContinue: false,
      chunked: false,
    });
  });

  it('refuses other methods, mounts, encodings and garbage', () => {
    expect(parseSourceHead('GET /live HTTP/1.1')).toEqual({ status: 405, message: expect.any(String) });
    expect(parseSourceHead('PUT /stream HTTP/1.1')).toMatchObject({ status: 404 });
    expect(parseSourceHead('PUT /live HTTP/1.1\r\nTransfer-Encoding: gzip')).toMatchObject({ status: 400 });
    expect(parseSourceHead('hello')).toMatchObject({ status: 400 });
    expect(parseSourceHead('PUT /live HTTP/1.1\r\nno colon here')).toMatchObject({ status: 400 });
  });

  it('finds the end of the head (CRLF or bare LF)', () => {
    expect(headEnd(Buffer.from('PUT /live HTTP/1.1\r\nA: b\r\n\r\nOggS'))).toBe(28);
    expect(headEnd(Buffer.from('SOURCE /live HTTP/1.0\n\nID3'))).toBe(23);
    expect(headEnd(Buffer.from('PUT /live HTTP/1.1\r\nA: b\r\n'))).toBe(-1);
  });
});

describe('sourceKey', () => {
  it('takes the password, whatever the user; the SHOUTcast v1 form carries user:key in the password', () => {
    expect(sourceKey(basic('source:wsk_abc'))).toBe('wsk_abc');
    expect(sourceKey(basic('dj:wsk_abc'))).toBe('wsk_abc');
    expect(sourceKey(basic('source:source:wsk_abc'))).toBe('wsk_abc');
    expect(sourceKey(basic('source:'))).toBeNull();
    expect(sourceKey(basic('nocolon'))).toBeNull();
    expect(sourceKey('Bearer wsk_abc')).toBeNull();
    expect(sourceKey(undefined)).toBeNull();
  });
});

describe('formats', () => {
  it('maps content types; refuses the ones we cannot relay', () => {
    expect(declaredFormat('audio/ogg')).toBe('ogg');
    expect(declaredFormat('application/ogg; codecs=opus')).toBe('ogg');
    expect(declaredFormat('audio/webm')).toBe('webm');
    expect(declaredFormat('audio/mpeg')).toBe('mp3');
    expect(declaredFormat('audio/aacp')).toBe('aac');
    expect(declaredFormat(undefined)).toBe('sniff');
    expect(declaredFormat('audio/flac')).toBeNull();
    expect(declaredFormat('video/mp4')).toBeNull();
    expect(declaredFormat('audio/mp4')).toBeNull(); // MP4 cannot be streamed as it is written
  });

  it('sniffs Ogg/Opus, Ogg/Vorbis, WebM, MP3, ADTS AAC and FLV from the first bytes', () => {
    const oggPage = (payload: string) =>
      Buffer.concat([Buffer.from('OggS'), Buffer.alloc(22), Buffer.from([1, payload.length]), Buffer.from(payload)]);
    expect(sniffFormat(oggPage('OpusHead\x01\x02'))).toBe('ogg-opus');
    expect(sniffFormat(oggPage('\x01vorbis\x00\x00'))).toBe('ogg');
    const ebml = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01]);
    expect(sniffFormat(Buffer.concat([ebml, Buffer.from('..A_OPUS..')]))).toBe('webm');
    expect(sniffFormat(Buffer.concat([ebml, Buffer.from('..A_VORBIS..')]))).toBe('webm-other');
    expect(sniffFormat(ebml)).toBe('more');
    expect(sniffFormat(ebml, true)).toBe('webm-other');
    expect(sniffFormat(Buffer.from('ID3\x04\x00'))).toBe('mp3');
    expect(sniffFormat(Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x04, 0, 0, 0, 9]))).toBe('flv');
    expect(sniffFormat(Buffer.from([0x46, 0x4c, 0x56, 0x02]))).toBeNull();
    expect(sniffFormat(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    expect(sniffFormat(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toBe('aac');
    expect(sniffFormat(Buffer.from('RIFF....WAVE'))).toBeNull();
  });
});

describe('iceMetadata', () => {
  it('cleans and cuts the title like the form, maps the genre to a live category (Music otherwise)', () => {
    const m = iceMetadata({ 'ice-name': `  Late\tnight ${'x'.repeat(200)}`, 'ice-genre': 'talk shows' }, 'Nova live');
    expect(m.title.startsWith('Late night x')).toBe(true);
    expect(m.title.length).toBe(120);
    expect(m.category).toBe('Talk Shows');
    expect(iceMetadata({ 'ice-genre': 'Drum & Bass' }, 'Nova live')).toEqual({
      title: 'Nova live',
      description: '',
      category: 'Music',
    });
  });
});

describe('sourceResponse', () => {
  it('answers like Icecast, with a Basic challenge on 401', () => {
    const r = sourceResponse({ status: 401, message: 'Invalid or revoked stream key' });
    expect(r).toMatch(/^HTTP\/1\.0 401 Authentication Required\r\n/);
    expect(r).toContain('WWW-Authenticate: Basic realm="Icecast2 Server"');
    expect(sourceResponse({ status: 415, message: 'x' })).not.toContain('WWW-Authenticate');
  });
});

describe('ChunkedDecoder', () => {
  it('decodes chunks cut at any byte, with extensions, until the last chunk', () => {
    const body = Buffer.from('5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\n\r\n');
    for (let cut = 1; cut < body.length; cut++) {
      const d = new ChunkedDecoder();
      const out = [...d.push(body.subarray(0, cut)), ...d.push(body.subarray(cut))];
      expect(Buffer.concat(out).toString()).toBe('hello world');
      expect(d.done).toBe(true);
    }
  });

  it('refuses a bad size or a missing CRLF', () => {
    expect(() => new ChunkedDecoder().push(Buffer.from('zz\r\n'))).toThrow(ChunkedError);
    expect(() => new ChunkedDecoder().push(Buffer.from('2\r\nabXY'))).toThrow(ChunkedError);
  });
});
