// Compiles the server for production: apps/server/src/main.ts → apps/server/dist/main.js, one ESM
// bundle with @wavecast/shared (TypeScript source) inside and every npm package left to node_modules.
// The migrations and the assets are copied beside it (apps/server/src/paths.ts finds them there).
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const DIST = path.join(server, 'dist');
const MAIN = path.join(DIST, 'main.js');
const sources = ['apps/server/src', 'apps/server/package.json', 'packages/shared/src', 'scripts/build-server.mjs'];

function newest(p) {
  const s = fs.statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...fs.readdirSync(p).map((e) => newest(path.join(p, e))));
}

/** Bare imports stay imports (resolved in node_modules at run time), except our own workspaces. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@wavecast/') ? undefined : { external: true },
    );
  },
};

/** `outDir` must be a folder of apps/server, as dist/ is: apps/server/src/paths.ts counts on that depth. */
export async function buildServer({ outDir = DIST } = {}) {
  fs.rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [path.join(server, 'src/main.ts')],
    outfile: path.join(outDir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages],
    // Class and function names show in logs and errors as they are in the source.
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.cpSync(path.join(server, 'src/db/migrations'), path.join(outDir, 'db/migrations'), { recursive: true });
  fs.cpSync(path.join(server, 'src/assets'), path.join(outDir, 'assets'), { recursive: true });
}

/** Builds when apps/server/dist/main.js is missing or older than any source; true when it built. */
export async function buildServerIfStale({ force = false } = {}) {
  const built = fs.existsSync(MAIN) ? fs.statSync(MAIN).mtimeMs : 0;
  if (!force && built > Math.max(...sources.map((s) => newest(path.join(root, s))))) return false;
  console.log('Building the server...');
  await buildServer();
  return true;
}

export const SERVER_MAIN = MAIN;

if (import.meta.url === `file://${process.argv[1]}`)
  await buildServerIfStale({ force: process.argv.includes('--force') });
