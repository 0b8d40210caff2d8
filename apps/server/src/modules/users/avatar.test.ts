import { describe, expect, it } from 'vitest';
import { avatarUrlFor, uploadedAvatar } from './avatar';

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
