import { ROOM_GUEST_HEADER } from '@wavecast/shared';

/** A guest's token per room, kept for the tab's life (a reload keeps the guest in the room). */
const key = (roomId: string) => `wc_room_guest:${roomId}`;

export function guestToken(roomId: string): string | null {
  try {
    return sessionStorage.getItem(key(roomId));
  } catch {
    return null;
  }
}

export function keepGuestToken(roomId: string, token: string): void {
  try {
    sessionStorage.setItem(key(roomId), token);
  } catch {
    // Storage refused (private mode): the guest stays in for this page only.
  }
}

/** The header a guest's room requests carry. */
export function guestHeaders(roomId: string): Record<string, string> {
  const token = guestToken(roomId);
  return token ? { [ROOM_GUEST_HEADER]: token } : {};
}
