/**
 * The pieces of a scaled-out deployment on one machine, for the scale-out test (scale-out.ts):
 * server processes by role, nginx with a generated config, and small HTTP helpers.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const main = path.resolve(import.meta.dirname, '../../src/main.ts');

export interface ServerProcess {
  name: string;
  child: ChildProcess;
  output(): string;
  /** Resolves once the output contains `text`; rejects if the process exits first. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  kill(): Promise<void>;
}

export function startServer(name: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, SEED_DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    output: () => output,
    waitFor: (text, timeoutMs = 120_000) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const check = setInterval(() => {
          if (output.includes(text)) {
            clearInterval(check);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            clearInterval(check);
            reject(new Error(`${name} exited before "${text}":\n${output}`));
          } else if (Date.now() - started > timeoutMs) {
            clearInterval(check);
            reject(new Error(`${name}: no "${text}" after ${timeoutMs} ms:\n${output}`));
          }
        }, 50);
      }),
    /** kill -9: no shutdown, exactly like a crashed machine. */
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export function findNginx(): string | null {
  for (const bin of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (fs.existsSync(bin)) return bin;
  }
  const r = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

export interface NginxSite {
  listen: number;
  upstreams: number[];
  /** DELIVERY_ACCEL: the internal prefix and the storage directory it maps to. */
  accel?: { prefix: string; root: string };
  /** DELIVERY_ACCEL=nginx-signed: the public prefix nginx checks links under, and the shared secret. */
  signed?: { prefix: string; root: string; secret: string };
  /** Live HLS through nginx's cache, each stream's requests to one process (README "Scaling out"). */
  hlsCache?: boolean;
}

/**
 * The security headers the app sets, for the locations whose answers are nginx's own (each adds
 * its Cross-Origin-Resource-Policy: see NGINX_CORS_MAPS).
 */
const NGINX_SECURITY_HEADERS = `      add_header X-Content-Type-Options nosniff always;
      add_header Referrer-Policy strict-origin-when-cross-origin always;
      add_header Content-Security-Policy "default-src 'self'; frame-ancestors 'none'" always;
`;

/**
 * Public media is anyone's to read from any site (ADR 0048): the app answers it with
 * `Access-Control-Allow-Origin: *` and `Cross-Origin-Resource-Policy: cross-origin`, the rest
 * same-origin. nginx keeps neither through X-Accel-Redirect, so the internal location reads them
 * from the app's answer (`$upstream_http_*`); a signed link says it with its signed `cors=any`.
 * README "Scaling out" shows the same.
 */
const NGINX_CORS_MAPS = `  map $upstream_http_cross_origin_resource_policy $accel_corp { cross-origin cross-origin; default same-origin; }
  map $arg_cors $signed_acao { any "*"; default ""; }
  map $arg_cors $signed_aceh { any "Accept-Ranges, Content-Length, Content-Range, ETag"; default ""; }
  map $arg_cors $signed_corp { any cross-origin; default same-origin; }
`;

/** The location of signed links (README "Scaling out" shows the same). */
export function signedLocation(signed: { prefix: string; root: string; secret: string }): string {
  return `    location ${signed.prefix} {
      # The app signed \`<expires><cors><path> <secret>\` (modules/delivery/signed-link.ts): 403 when
      # the md5 does not match (tampered, another object's, or cors added), 410 once expired.
      secure_link $arg_md5,$arg_expires;
      secure_link_md5 "$secure_link_expires$arg_cors$uri ${signed.secret}";
      if ($secure_link = "") { return 403; }
      if ($secure_link = "0") { return 410; }
      alias ${signed.root}/;
      types {
        audio/mpeg mp3;
        audio/webm webm;
        audio/mp4 m4a mp4;
        audio/ogg ogg oga opus;
        audio/flac flac;
        audio/wav wav;
        audio/aac aac;
      }
      default_type application/octet-stream;
      # The link is private to whoever was given it; the browser may reuse it until it expires.
      add_header Cache-Control "private, max-age=3600";
      add_header Access-Control-Allow-Origin $signed_acao always;
      add_header Access-Control-Expose-Headers $signed_aceh always;
      add_header Cross-Origin-Resource-Policy $signed_corp always;
${NGINX_SECURITY_HEADERS}    }
`;
}

/**
 * Live HLS behind a cache (README "Scaling out" shows the same): every request of one stream goes
 * to one API process (a consistent hash of its id, so its playlist and segments come from one
 * packaging run; another process takes over when that one is down), and segments, parts and init
 * (immutable, the app says so) are served from the cache; concurrent misses wait for one fetch.
 * Playlists are no-cache (the app says so) and go through. A CDN in front does the same at scale.
 */
export function hlsCacheConfig(cacheDir: string, upstreams: string): { http: string; location: string } {
  return {
    http: `  proxy_cache_path ${cacheDir} levels=1:2 keys_zone=live_hls:10m max_size=256m inactive=2m use_temp_path=off;
  map $uri $live_hls_stream { "~^/api/live/(?<sid>[0-9a-f-]{36})/hls/" $sid; default $request_id; }
  upstream api_hls {
    hash $live_hls_stream consistent;
${upstreams}
  }
`,
    location: `    location ~ "^/api/live/[0-9a-f-]{36}/hls/" {
      proxy_pass http://api_hls;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header Connection "";
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_cache live_hls;
      proxy_cache_key $request_uri;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 10s;
      # Anonymous listeners get no cookie from these answers; a signed-in one's must not be shared.
      proxy_cache_bypass $http_authorization;
      add_header X-Cache-Status $upstream_cache_status always;
    }
`,
  };
}

/** An nginx config that runs unprivileged in `dir`: no daemon, its pid, logs and temp files there. */
export function nginxConfig(dir: string, site: NginxSite): string {
  const t = (p: string) => path.join(dir, p);
  // As root, workers would drop to nobody and could not read a private temp dir.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const upstreams = site.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=30s;`).join('\n');
  const accel = site.accel
    ? `    location ${site.accel.prefix} {
      internal;
      alias ${site.accel.root}/;
      # The app's security headers do not survive X-Accel-Redirect: nginx sets them here, and
      # the app's cross-origin answer from its headers (empty ones are not sent).
      add_header Access-Control-Allow-Origin $upstream_http_access_control_allow_origin always;
      add_header Access-Control-Expose-Headers $upstream_http_access_control_expose_headers always;
      add_header Cross-Origin-Resource-Policy $accel_corp always;
${NGINX_SECURITY_HEADERS}    }
`
    : '';
  const signed = site.signed ? signedLocation(site.signed) : '';
  const hls = site.hlsCache ? hlsCacheConfig(t('hls-cache'), upstreams) : { http: '', location: '' };
  return `${user}daemon off;
worker_processes 1;
# One process: a killed test run leaves no orphaned worker holding the port.
master_process off;
pid ${t('nginx.pid')};
error_log ${t('error.log')} warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${t('body')};
  proxy_temp_path ${t('proxy')};
  fastcgi_temp_path ${t('fastcgi')};
  uwsgi_temp_path ${t('uwsgi')};
  scgi_temp_path ${t('scgi')};
  client_max_body_size 200m;
  upstream api {
${upstreams}
  }
${hls.http}${NGINX_CORS_MAPS}  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${site.listen};
${accel}${signed}${hls.location}    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_connect_timeout 2s;
      # A dead API process: the request goes to the other one (nginx marks it down for 30 s).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
    }
  }
}
`;
}

export async function startNginx(bin: string, dir: string, site: NginxSite): Promise<ChildProcess> {
  fs.mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(dir, site));
  const child = spawn(bin, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`nginx exited: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    }
    const up = await fetch(`http://127.0.0.1:${site.listen}/`).then(
      () => true,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error('nginx did not start');
    await sleep(100);
  }
}

export interface TcpFront {
  /** The upstream port each connection went to, in order. */
  routes: number[];
  close(): Promise<void>;
}

/**
 * A TCP balancer for the encoder ports (README "Scaling out" shows nginx's `stream {}` doing the
 * same; its module is not installed here): each new connection goes to the first upstream that
 * accepts it, the next one when a process is down. Bytes pass untouched both ways; when either
 * side goes away the other is cut, as a balancer's proxied connection is.
 */
export async function startTcpFront(listen: number, upstreams: number[]): Promise<TcpFront> {
  const routes: number[] = [];
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    client.pause();
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    const tryUpstream = (i: number) => {
      if (i >= upstreams.length || client.destroyed) return client.destroy();
      const up = net.connect(upstreams[i], '127.0.0.1');
      let connected = false;
      open.add(up);
      up.on('close', () => open.delete(up));
      up.on('error', () => (connected ? client.destroy() : tryUpstream(i + 1)));
      up.once('connect', () => {
        connected = true;
        routes.push(upstreams[i]);
        // The process died (or closed): the encoder's connection is cut, it reconnects.
        up.on('close', () => client.destroy());
        // The encoder hung up: what it sent is delivered, then the upstream sees the end.
        client.on('close', () => up.end());
        client.pipe(up);
        up.pipe(client);
        client.resume();
      });
    };
    tryUpstream(0);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen, '127.0.0.1', () => resolve());
  });
  return {
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

export function check(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(`FAILED: ${message}`);
  console.log(`  ok  ${message}`);
}

/** The Cookie header from a response's Set-Cookie headers. */
export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
