/**
 * A real icecast2 (Debian package) for tests and benchmarks, started with a generated config.
 * `findIcecast()` says why when it is missing; callers skip (tests) or stop (benchmarks).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function icecastBinary(): string | null {
  for (const p of ['/usr/bin/icecast2', '/usr/local/bin/icecast2', '/usr/bin/icecast']) if (fs.existsSync(p)) return p;
  return null;
}

/** The binary, or why there is none (scripts/system-packages.mjs installs it before the suites). */
export function findIcecast(): { bin: string } | { bin: null; reason: string } {
  const bin = icecastBinary();
  return bin ? { bin } : { bin: null, reason: 'icecast2 is not installed (Debian package icecast2)' };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface IcecastOptions {
  port?: number;
  sourcePassword?: string;
  /** Bytes sent to a new listener at once (the default 64 KB adds seconds to every join). */
  burstSize?: number;
  clients?: number;
  /** Relay every mount of this master (an Icecast relay in front of listeners). */
  master?: { port: number; password: string };
}

export interface RunningIcecast {
  port: number;
  /** For ICECAST_URL: `http://source:{password}@127.0.0.1:{port}/`. */
  sourceUrl: string;
  baseUrl: string;
  pid: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

function config(dir: string, o: Required<Omit<IcecastOptions, 'master'>> & Pick<IcecastOptions, 'master'>): string {
  const isRoot = process.getuid?.() === 0;
  const master = o.master
    ? `<master-server>127.0.0.1</master-server><master-server-port>${o.master.port}</master-server-port>
       <master-update-interval>1</master-update-interval><master-password>${o.master.password}</master-password>
       <relays-on-demand>0</relays-on-demand>`
    : '';
  return `<icecast>
  <location>test</location><admin>test@localhost</admin>
  <limits>
    <clients>${o.clients}</clients><sources>64</sources><queue-size>1048576</queue-size>
    <client-timeout>30</client-timeout><header-timeout>15</header-timeout><source-timeout>10</source-timeout>
    <burst-on-connect>1</burst-on-connect><burst-size>${o.burstSize}</burst-size>
  </limits>
  <authentication>
    <source-password>${o.sourcePassword}</source-password><relay-password>${o.sourcePassword}</relay-password>
    <admin-user>admin</admin-user><admin-password>${o.sourcePassword}</admin-password>
  </authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket><port>${o.port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  ${master}
  <http-headers><header name="Access-Control-Allow-Origin" value="*" /></http-headers>
  <fileserve>1</fileserve>
  <paths>
    <basedir>/usr/share/icecast2</basedir><logdir>${dir}</logdir>
    <webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot>
    <pidfile>${dir}/icecast.pid</pidfile>
  </paths>
  <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>2</loglevel><logsize>10000</logsize></logging>
  <security><chroot>0</chroot>${isRoot ? '<changeowner><user>icecast2</user><group>icecast</group></changeowner>' : ''}</security>
</icecast>
`;
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`icecast2 did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startIcecast(bin: string, opts: IcecastOptions = {}): Promise<RunningIcecast> {
  const port = opts.port ?? (await freePort());
  const sourcePassword = opts.sourcePassword ?? 'hackme-test';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-icecast-'));
  fs.chmodSync(dir, 0o777);
  const file = path.join(dir, 'icecast.xml');
  fs.writeFileSync(
    file,
    config(dir, {
      port,
      sourcePassword,
      burstSize: opts.burstSize ?? 8192,
      clients: opts.clients ?? 5000,
      master: opts.master,
    }),
  );
  fs.chmodSync(file, 0o644);
  const child = spawn(bin, ['-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  try {
    await waitForPort(port, 10_000);
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${(e as Error).message}: ${stderr}`);
  }
  return {
    port,
    sourceUrl: `http://source:${sourcePassword}@127.0.0.1:${port}/`,
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
