import path from 'node:path';

// Files the server reads at run time, found from this top-level module: the production bundle
// (apps/server/dist/main.js, scripts/build-server.mjs) sits at the same depth as src/, and the
// build copies the migrations to dist/db/migrations and the assets to dist/assets, so these hold
// from source and from the bundle.

/** The built web app (`WEB_DIST` overrides it). */
export const WEB_DIST_DEFAULT = path.resolve(import.meta.dirname, '../../web/dist');

/** drizzle's SQL migrations and their journal. */
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'db', 'migrations');

/** Files the server serves as they are (the default cover's PNG). */
export const ASSETS_DIR = path.join(import.meta.dirname, 'assets');
