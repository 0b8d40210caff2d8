/** A publisher and listeners of our live endpoints, for tests and benchmarks (Node, no browser). */
import net from 'node:net';
import WebSocket from 'ws';

export interface PublisherClient {
  ws: WebSocket;
  /** Resolves when the server says the stream is on air. */
  onAir: Promise<void>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  send(chunk: Buffer): void;
  /** Sends chunks one per `intervalMs` (0: all at once). */
  play(chunks: Buffer[], intervalMs: number): Promise<void>;
  close(): void;
}

export function connectPublisher(
  baseUrl: string,
  streamId: string,
  opts: { cookie?: string; origin?: string } = {},
): PublisherClient {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/live/${streamId}/ingest`;
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  const ws = new WebSocket(url, { headers });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  opened.catch(() => {});
  const onAir = new Promise<void>((resolve) => {
    ws.on('message', (raw, isBinary) => {
      if (isBinary) return;
      const msg = JSON.parse(String(raw)) as { type: string };
      if (msg.type === 'live') resolve();
    });
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });
  const send = (chunk: Buffer) => {
    if (ws.readyState === ws.OPEN) ws.send(chunk);
  };
  return {
    ws,
    onAir,
    closed,
    send,
    async play(chunks, intervalMs) {
      await opened;
      const start = Date.now();
      for (let i = 0; i < chunks.length; i++) {
        if (ws.readyState !== ws.OPEN) return;
        send(chunks[i]);
        if (intervalMs > 0) {
          const due = start + (i + 1) * intervalMs;
          await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
        }
      }
    },
    close: () => ws.close(),
  };
}

export interface ListenerClient {
  socket: net.Socket;
  /** Status line and headers. */
  head: Promise<string>;
  /** Body bytes so far. */
  body(): Buffer;
  bytes(): number;
  ended: Promise<void>;
  close(): void;
}

/**
 * A raw HTTP GET of the stream that keeps the body (or only counts it, for benchmarks with many
 * listeners). `paused`: never reads (a slow listener).
 */
export function listen(
  port: number,
  path: string,
  opts: { keep?: boolean; paused?: boolean; host?: string; cookie?: string; headers?: Record<string, string> } = {},
): ListenerClient {
  const socket = net.connect(port, opts.host ?? '127.0.0.1');
  const keep = opts.keep ?? true;
  const parts: Buffer[] = [];
  let count = 0;
  let headerDone = false;
  let pending = Buffer.alloc(0);
  let resolveHead: (h: string) => void = () => {};
  const head = new Promise<string>((r) => {
    resolveHead = r;
  });
  socket.on('connect', () => {
    const cookie = opts.cookie ? `Cookie: ${opts.cookie}\r\n` : '';
    const more = Object.entries(opts.headers ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${cookie}${more}Connection: close\r\n\r\n`);
    if (opts.paused) socket.pause();
  });
  socket.on('data', (d) => {
    if (!headerDone) {
      pending = Buffer.concat([pending, d]);
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      headerDone = true;
      resolveHead(pending.subarray(0, end).toString('latin1'));
      d = pending.subarray(end + 4);
    }
    count += d.length;
    if (keep) parts.push(Buffer.from(d));
  });
  const ended = new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
  });
  socket.on('error', () => {});
  return {
    socket,
    head,
    body: () => Buffer.concat(parts),
    bytes: () => count,
    ended,
    close: () => socket.destroy(),
  };
}
