// The media pipeline and demo seed tests again with only the ffmpeg that `npm install` brings
// (@ffmpeg-installer/ffmpeg: ffmpeg 4.1 from 2018, no ffprobe), as on a fresh machine: FFMPEG_PATH
// names it and PATH holds every program of this machine except ffmpeg and ffprobe.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Tests that run ffmpeg: probing, processing, covers, media bombs, avatars, live recording, and the demo seed. */
const UNIT = ['apps/server/src/media', 'apps/server/src/relay/webm.test.ts'];
const INTEGRATION = [
  'apps/server/src/modules/tracks/upload.int.test.ts',
  'apps/server/src/modules/tracks/hd.int.test.ts',
  'apps/server/src/modules/tracks/media-bombs.int.test.ts',
  'apps/server/src/modules/me/settings.int.test.ts',
  'apps/server/src/modules/live/recording.int.test.ts',
  'apps/server/src/db/seed/seed.int.test.ts',
];

const require = createRequire(path.join(root, 'apps/server/package.json'));
const bundled = require('@ffmpeg-installer/ffmpeg').path;

/** A directory of links to every program on PATH but ffmpeg and ffprobe (the first of each name wins). */
function pathWithoutFfmpeg() {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'wavecast-no-ffmpeg-'));
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    let names = [];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (name === 'ffmpeg' || name === 'ffprobe') continue;
      const link = path.join(bin, name);
      if (!fs.existsSync(link)) fs.symlinkSync(path.join(dir, name), link);
    }
  }
  return bin;
}

const bin = pathWithoutFfmpeg();
const env = { ...process.env, PATH: bin, FFMPEG_PATH: bundled };
try {
  for (const probe of ['ffmpeg', 'ffprobe']) {
    if (spawnSync(probe, ['-version'], { env }).error === undefined) throw new Error(`${probe} is still on PATH`);
  }
  const version = spawnSync(bundled, ['-version'], { env, encoding: 'utf8' }).stdout.split('\n')[0];
  console.log(`== media and seed tests with the bundled ffmpeg only (${version})`);
  const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
  for (const [project, files] of [
    ['unit', UNIT],
    ['integration', INTEGRATION],
  ]) {
    const r = spawnSync(process.execPath, [vitest, 'run', '--project', project, ...files], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
} finally {
  fs.rmSync(bin, { recursive: true, force: true });
}
