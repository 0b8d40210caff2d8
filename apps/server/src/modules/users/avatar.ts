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
