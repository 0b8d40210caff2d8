import { describe, expect, it } from 'vitest';
import { avatarUrlFor, sniffAvatar, uploadedAvatar } from './avatar';

const bytes = (...b: (number | string)[]) =>
  Uint8Array.from(b.flatMap((x) => (typeof x === 'string' ? [...Buffer.from(x)] : [x])));

describe('sniffAvatar', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffAvatar(bytes(0xff, 0xd8, 0xff, 0xe0))?.ext).toBe('jpg');
    expect(sniffAvatar(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))?.ext).toBe('png');
    expect(sniffAvatar(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))?.mime).toBe('image/webp');
  });

  it('refuses everything else', () => {
    expect(sniffAvatar(bytes('GIF89a'))).toBeNull();
    expect(sniffAvatar(bytes('<svg '))).toBeNull();
    expect(sniffAvatar(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(sniffAvatar(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffAvatar(new Uint8Array())).toBeNull();
  });
});

describe('uploadedAvatar', () => {
  const file = '0b5c1c4e-9f0e-4c1a-9a57-3b7f7d1e2c3a.webp';
  it('maps our avatar URL back to its storage key', () => {
    expect(uploadedAvatar('u1', avatarUrlFor('u1', file))).toEqual({
      key: `avatars/u1/${file}`,
      mime: 'image/webp',
      file,
    });
  });

  it('ignores provider pictures, other users and forged names', () => {
    expect(uploadedAvatar('u1', 'https://avatars.example/a.png')).toBeNull();
    expect(uploadedAvatar('u1', avatarUrlFor('u2', file))).toBeNull();
    expect(uploadedAvatar('u1', '/api/users/u1/avatar?v=../../etc/passwd')).toBeNull();
    expect(uploadedAvatar('u1', null)).toBeNull();
  });
});
