/**
 * The first view the server rendered into index.html (ADR 0022): its markup sits in #root, inert,
 * until React's first render replaces it; the answers it was rendered from ride along as JSON, so
 * React's first render shows the same page (no spinner, no skeleton in between).
 */
export interface FirstView {
  /** API answers by URL, `/api/me` included. */
  answers: Record<string, unknown>;
}

export const FIRST_VIEW_DATA_ID = 'first-view-data';

/** The server's first view of this page, or null when it sent the plain shell. */
export function readFirstView(): FirstView | null {
  const el = document.getElementById(FIRST_VIEW_DATA_ID);
  if (!el?.textContent) return null;
  try {
    return { answers: JSON.parse(el.textContent) as Record<string, unknown> };
  } catch {
    return null;
  }
}
