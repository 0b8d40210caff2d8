import type { TPlaylist, TPlaylistItem } from '@wavecast/shared';

/**
 * The playlist with the entry at visible index `from` moved to visible index `to`, and the
 * position (in the full order, which may hold entries this viewer cannot see) to send the server.
 */
export function moveEntry(
  playlist: TPlaylist,
  from: number,
  to: number,
): { optimistic: TPlaylist; item: TPlaylistItem; toPosition: number } | null {
  const items = playlist.items;
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return null;
  const item = items[from] as TPlaylistItem;
  const toPosition = (items[to] as TPlaylistItem).position;
  const reordered = [...items];
  reordered.splice(from, 1);
  reordered.splice(to, 0, item);
  // Visible entries keep the positions they had as a set, so hidden ones stay where they were.
  const positions = items.map((i) => i.position);
  return {
    item,
    toPosition,
    optimistic: { ...playlist, items: reordered.map((entry, i) => ({ ...entry, position: positions[i] as number })) },
  };
}

/** A fair (Fisher–Yates) shuffle that leaves the input alone. */
export function shuffled<T>(list: readonly T[], random: () => number = Math.random): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
