import net from 'node:net';
import type { Sink } from './session';

/** Where a stream lives on the Icecast master named by ICECAST_URL (`http://source:pass@host:port/base/`). */
export function icecastMount(icecastUrl: string, streamId: string): { mount: string; listenUrl: string } {
  const u = new URL(icecastUrl);
  const base = u.pathname.replace(/\/+$/, '');
  const mount = `${base}/live-${streamId}.webm`;
  return { mount, listenUrl: `${u.protocol}//${u.host}${mount}` };
}

export interface ForwarderOptions {
  icecastUrl: string;
  streamId: string;
  name: string;
  description?: string;
  /** The stream's start for a (re)connecting source: header and recent audio. */
  joinBytes(): Buffer | null;
  log?: (msg: string, err?: unknown) => void;
  /** Unsent bytes after which the connection is considered stuck and is restarted. */
  maxBuffer?: number;
}

/** Header values must not carry line breaks (request splitting) or non-Latin-1 characters. */
const headerValue = (s: string) =>
  s
    .replace(/[\r\n]+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 200);

/**
 * Pushes one broadcast to an Icecast2 master as a source, on a raw socket: Icecast 2.4.4 does not
 * accept chunked request bodies, and Node's http.request PUT sends exactly that. Reconnects with
 * backoff; while disconnected, bytes are dropped and a reconnect starts again from the join bytes.
 */
export class IcecastForwarder implements Sink {
  private socket: net.Socket | null = null;
  private streaming = false;
  private closed = false;
  private retry = 0;
  private timer?: NodeJS.Timeout;
  readonly mount: string;

  constructor(private readonly opts: ForwarderOptions) {
    this.mount = icecastMount(opts.icecastUrl, opts.streamId).mount;
  }

  start(): void {
    if (this.closed || this.socket) return;
    const u = new URL(this.opts.icecastUrl);
    const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
    const user = decodeURIComponent(u.username || 'source');
    const pass = decodeURIComponent(u.password);
    const socket = net.connect({ host: u.hostname, port });
    this.socket = socket;
    socket.setNoDelay(true);
    let response = '';
    socket.on('connect', () => {
      socket.write(
        [
          `PUT ${this.mount} HTTP/1.1`,
          `Host: ${u.host}`,
          `Authorization: Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
          'User-Agent: Wavecast',
          'Content-Type: audio/webm',
          'Ice-Public: 0',
          `Ice-Name: ${headerValue(this.opts.name)}`,
          `Ice-Description: ${headerValue(this.opts.description ?? '')}`,
          '',
          '',
        ].join('\r\n'),
      );
    });
    socket.on('data', (d) => {
      if (this.streaming) return;
      response += d.toString('latin1');
      const end = response.indexOf('\r\n\r\n');
      if (end < 0) {
        if (response.length > 8192) socket.destroy(new Error('Icecast answered with an oversized header'));
        return;
      }
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1];
      if (status === '100') {
        response = response.slice(end + 4);
        return;
      }
      if (status !== '200') {
        socket.destroy(new Error(`Icecast refused the source: ${response.split('\r\n')[0]}`));
        return;
      }
      this.streaming = true;
      this.retry = 0;
      const start = this.opts.joinBytes();
      if (start) socket.write(start);
    });
    socket.on('error', (e) => this.opts.log?.(`icecast source ${this.mount} failed`, e));
    socket.on('close', () => {
      this.socket = null;
      this.streaming = false;
      if (this.closed) return;
      const delay = Math.min(10_000, 500 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.start(), delay);
      this.timer.unref?.();
    });
  }

  get connected(): boolean {
    return this.streaming;
  }

  write(buf: Buffer): void {
    if (!this.streaming || !this.socket) return;
    if (this.socket.writableLength > (this.opts.maxBuffer ?? 1024 * 1024)) {
      this.socket.destroy(new Error('Icecast is not keeping up'));
      return;
    }
    this.socket.write(buf);
  }

  buffered(): number {
    return this.socket?.writableLength ?? 0;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.end();
    this.socket = null;
  }
}

/** Listener counts of our mounts, from Icecast's public status JSON (null when it cannot be read). */
export async function icecastListeners(icecastUrl: string): Promise<Map<string, number> | null> {
  const u = new URL(icecastUrl);
  try {
    const res = await fetch(`${u.protocol}//${u.host}/status-json.xsl`, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) return null;
    const json = JSON.parse(await res.text()) as {
      icestats?: { source?: { listenurl?: string; listeners?: number } | { listenurl?: string; listeners?: number }[] };
    };
    const raw = json.icestats?.source;
    const sources = Array.isArray(raw) ? raw : raw ? [raw] : [];
    const out = new Map<string, number>();
    for (const s of sources) {
      if (!s.listenurl) continue;
      out.set(new URL(s.listenurl).pathname, Number(s.listeners) || 0);
    }
    return out;
  } catch {
    return null;
  }
}
