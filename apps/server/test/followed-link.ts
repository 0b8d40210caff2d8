/**
 * The Fetch Metadata a browser sends when its user opens a link (typed, a bookmark, another app):
 * what a /ref click needs to be attributed (affiliates/link.ts `followedByUser`).
 */
export const FOLLOWED = {
  'sec-fetch-site': 'none',
  'sec-fetch-user': '?1',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
} as const;
