// The data directory every e2e server starts from: migrated, with the demo catalogue seeded and
// processed (apps/server/test/e2e-demo-template-main.ts). Built once and copied, instead of each
// server migrating and transcoding the catalogue itself while the first specs run (issue 35,
// ADR 0067). Kept for later runs while the server's sources, the lockfile and the environment are
// unchanged and it is younger than MAX_AGE_MS (the demo's upload times are relative to when it
// was seeded, 7 to 84 hours before).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const MAX_AGE_MS = 2 * 3_600_000;

/** What the template depends on: every source file's size and time, the lockfile, the environment. */
function fingerprint(env) {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        const s = fs.statSync(p);
        hash.update(`${path.relative(root, p)} ${s.size} ${s.mtimeMs}\n`);
      }
    }
  };
  for (const dir of ['apps/server/src', 'packages/shared/src']) walk(path.join(root, dir));
  for (const file of ['package-lock.json', 'apps/server/test/e2e-demo-template-main.ts', 'scripts/e2e-template.mjs']) {
    const s = fs.statSync(path.join(root, file));
    hash.update(`${file} ${s.size} ${s.mtimeMs}\n`);
  }
  hash.update(JSON.stringify(Object.entries(env).sort()));
  return hash.digest('hex');
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

function readStamp(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'stamp.json'), 'utf8'));
  } catch {
    return null;
  }
}

/** Takes `lock` (a directory holding the owner's pid), waiting while a live process holds it. */
async function withLock(lock, fn) {
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      let pid = 0;
      let age = 0;
      try {
        age = Date.now() - fs.statSync(lock).mtimeMs;
        pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
      } catch {
        // released meanwhile, or its owner is still writing its pid
      }
      // A dead owner's lock is taken over (and one whose owner died before writing its pid).
      if ((pid > 0 && !isAlive(pid)) || (!pid && age > 10_000)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** The template's worker while it runs. */
let builder = null;

/** Stops a build under way (its server is being stopped). */
export function stopBuilding() {
  builder?.kill('SIGTERM');
}

function build(dataDir, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/server/test/e2e-demo-template-main.ts')],
      { stdio: 'inherit', env: { ...process.env, ...env, DATA_DIR: dataDir } },
    );
    builder = child;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      builder = null;
      if (code === 0) resolve();
      else reject(new Error(`the e2e demo template failed (code ${code}, signal ${signal})`));
    });
  });
}

/**
 * Makes sure the template for servers started with `env` exists and fits, building it when not, and
 * answers its data directory. Servers of one run share it: `basePort` (the run's E2E_PORT) names it,
 * and the first to come builds it while the others wait. scripts/e2e.mjs starts it beside the web
 * build, so a run's servers usually find it ready.
 */
export async function ensureDemoTemplate(basePort, env) {
  // Not what differs between servers of a run (ports, addresses), nor the web app's build.
  const { PORT, PUBLIC_URL, OIDC_ISSUER, STRIPE_API_URL, LIVE_INGEST_PORT, RTMP_PORT, DATA_DIR, WEB_DIST, ...shared } =
    env;
  const key = fingerprint(shared);
  const dir = path.join(root, `.data-e2e-template-${basePort}`);
  await withLock(`${dir}.lock`, async () => {
    const stamp = readStamp(dir);
    if (stamp?.key === key && Date.now() - stamp.builtAt < MAX_AGE_MS) return;
    const started = Date.now();
    console.log('e2e: building the data template (migrations, demo catalogue)...');
    fs.rmSync(dir, { recursive: true, force: true });
    const building = `${dir}.building`;
    fs.rmSync(building, { recursive: true, force: true });
    await build(path.join(building, 'data'), env);
    fs.writeFileSync(path.join(building, 'stamp.json'), JSON.stringify({ key, builtAt: started }));
    fs.renameSync(building, dir);
    console.log(`e2e: data template built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  return path.join(dir, 'data');
}

/** Fills `dataDir` (absent or empty) from the template (see ensureDemoTemplate). */
export async function fromDemoTemplate(dataDir, basePort, env) {
  fs.cpSync(await ensureDemoTemplate(basePort, env), dataDir, { recursive: true });
}
