/** Builds apps/web into `outDir` unless the build there is newer than every source file. */
export function buildWebIfStale(options?: { force?: boolean; outDir?: string }): void;
