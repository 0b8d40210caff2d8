/** Builds apps/server/dist/main.js unless it is newer than every source; true when it built. */
export function buildServerIfStale(options?: { force?: boolean }): Promise<boolean>;
/** Builds into `outDir` (default apps/server/dist; another must sit beside it). */
export function buildServer(options?: { outDir?: string }): Promise<void>;
export const SERVER_MAIN: string;
