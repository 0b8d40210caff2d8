/**
 * Spec texts the shell shows on every page, in a module of their own: a bundler places a whole module
 * in one chunk, and with these in `messages.ts` all of MESSAGES came with every page's first load.
 */
export const SEARCH_PLACEHOLDER = 'Search for tracks, artists, or podcasts...';
