/** Avatar images, recognised by their first bytes (never the declared type or the file name). */
export type AvatarType = { mime: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' };

export function sniffAvatar(head: Uint8Array): AvatarType | null {
  const b = (i: number) => head[i];
  if (head.length >= 3 && b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((v, i) => b(i) === v)) return { mime: 'image/png', ext: 'png' };
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
    return { mime: 'image/webp', ext: 'webp' };
  return null;
}

const FILE = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;
const MIME = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** The public URL of an uploaded avatar; `v` names the stored file, so every upload gets a new URL. */
export const avatarUrlFor = (userId: string, file: string) => `/api/users/${userId}/avatar?v=${file}`;
export const avatarKeyFor = (userId: string, file: string) => `avatars/${userId}/${file}`;

/** The storage key and type behind a profile's avatarUrl, when it is one of our uploads. */
export function uploadedAvatar(
  userId: string,
  avatarUrl: string | null,
): { key: string; mime: string; file: string } | null {
  const prefix = `/api/users/${userId}/avatar?v=`;
  if (!avatarUrl?.startsWith(prefix)) return null;
  const file = avatarUrl.slice(prefix.length);
  const m = FILE.exec(file);
  if (!m) return null;
  return { key: avatarKeyFor(userId, file), mime: MIME[m[1] as keyof typeof MIME], file };
}
