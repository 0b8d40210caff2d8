// Builds the web app when its output is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.embed.config.ts',
  'packages/shared/src',
];

function newest(p) {
  const s = fs.statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...fs.readdirSync(p).map((e) => newest(path.join(p, e))));
}

export function buildWebIfStale({ force = false, outDir = path.join(root, 'apps/web/dist') } = {}) {
  const dist = path.join(outDir, 'index.html');
  const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
  // The server's first-view render is built beside it (`<outDir>-ssr`): missing, build both.
  const ssrBuilt = fs.existsSync(path.join(`${outDir}-ssr`, 'server-entry.js'));
  if (!force && ssrBuilt && built > changed) return;
  console.log('Building the web app...');
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  // The server's render of a page's first view (apps/web/src/server-entry.tsx, ADR 0022): beside
  // the build, `<outDir>-ssr`, not inside it (it is not a public file).
  execFileSync(
    'npx',
    ['vite', 'build', '--ssr', 'src/server-entry.tsx', '--outDir', `${outDir}-ssr`, '--emptyOutDir'],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    },
  );
  // The embeddable player: its own small entry, into the same output (apps/web/vite.embed.config.ts).
  execFileSync(
    'npx',
    ['vite', 'build', '-c', 'vite.embed.config.ts', '--outDir', path.join(outDir, 'embed-player'), '--emptyOutDir'],
    { cwd: path.join(root, 'apps/web'), stdio: 'inherit' },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale({ force: process.argv.includes('--force') });
