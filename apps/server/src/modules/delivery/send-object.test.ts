import { describe, expect, it } from 'vitest';
import { answerObject, attachmentDisposition } from './send-object';

describe('attachmentDisposition', () => {
  it('gives a safe ASCII filename and the UTF-8 title', () => {
    expect(attachmentDisposition('Morning Meditation', 'mp3')).toBe(
      `attachment; filename="Morning Meditation.mp3"; filename*=UTF-8''Morning%20Meditation.mp3`,
    );
  });
  it('drops quotes, slashes and control characters, keeping the title in filename*', () => {
    const d = attachmentDisposition('Café "Live"/../\r\nX-Evil: 1', 'wav');
    expect(d).toMatch(
      /^attachment; filename="Cafe Live\.\.X-Evil 1\.wav"; filename\*=UTF-8''Caf%C3%A9%20%22Live%22%2F\.\.%2F%0D%0AX-Evil%3A%201\.wav$/,
    );
    expect(d).not.toMatch(/[\r\n]/);
  });
  it('falls back to "audio" when nothing printable is left', () => {
    expect(attachmentDisposition('日本語', 'mp3')).toMatch(
      /^attachment; filename="audio\.mp3"; filename\*=UTF-8''%E6%97%A5/,
    );
  });
});

describe('answerObject preconditions (RFC 9110 §13.2.2)', () => {
  const stat = { size: 100, etag: '"e1"', mtime: new Date('2024-05-01T10:00:00Z') };
  const opts = { contentType: 'audio/mpeg', cacheControl: 'no-cache' };
  const answer = (headers: Record<string, string>) => answerObject('GET', headers, stat, opts);
  const earlier = new Date('2024-04-01').toUTCString();

  it('answers 412 with no body when If-Match or If-Unmodified-Since fails, before Range and 304', () => {
    const cases: Record<string, string>[] = [
      { 'if-match': '"other"', range: 'bytes=0-9' },
      { 'if-unmodified-since': earlier, range: 'bytes=0-9' },
      { 'if-match': '"other"', 'if-none-match': '"e1"' },
      { 'if-match': '"other"', range: 'bytes=0-9', 'if-range': '"e1"' },
    ];
    for (const h of cases) {
      const a = answer(h);
      expect(a.status, JSON.stringify(h)).toBe(412);
      expect(a.body).toBeNull();
      expect(a.headers['content-length']).toBe('0');
      expect(a.headers['content-range']).toBeUndefined();
    }
  });

  it('serves the range when the preconditions hold', () => {
    expect(answer({ 'if-match': '"e1"', range: 'bytes=0-9' }).status).toBe(206);
    expect(answer({ 'if-unmodified-since': stat.mtime.toUTCString(), range: 'bytes=0-9' }).status).toBe(206);
    expect(answer({ 'if-match': '*', range: 'bytes=0-9' }).body).toEqual({ start: 0, end: 9 });
  });
});
