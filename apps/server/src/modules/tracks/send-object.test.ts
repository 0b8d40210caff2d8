import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './send-object';

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
