import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface HttpLimits {
  /** The whole request head must arrive within this (Node answers 408 and closes). */
  headersTimeoutMs: number;
  /** A request body must bring at least `bodyMinBytes` in every window of this length. */
  bodyTimeoutMs: number;
  bodyMinBytes: number;
  /** A connection on which nothing moves for this long is closed (also between keep-alive requests). */
  idleTimeoutMs: number;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The HTTP server with slow-client limits (slowloris): a head that never ends, a body trickled in
 * a byte at a time, a connection that says nothing. Long uploads and long listens still work: a
 * body is judged by its progress, not its total time, and a response being read is not idle.
 */
export function createHttpServer(limits: HttpLimits, handler: Handler): http.Server {
  const responding = new WeakMap<Socket, ServerResponse>();
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      // No limit on a whole request: an upload may take long as long as it moves (watchBody).
      requestTimeout: 0,
      // How often Node looks for heads past their time (its default, 30 s, would stretch short limits).
      connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (req, res) => {
      responding.set(req.socket, res);
      res.once('close', () => {
        if (responding.get(req.socket) === res) responding.delete(req.socket);
      });
      watchBody(req, res, limits);
      handler(req, res);
    },
  );
  closeQuietConnectionsOnClose(server, responding);
  server.keepAliveTimeout = Math.min(72_000, limits.idleTimeoutMs);
  server.timeout = limits.idleTimeoutMs;
  // Node emits this once nothing has moved on the socket for `timeout` ms (draining writes count).
  server.on('timeout', (socket: Socket) => {
    const res = responding.get(socket);
    // The server itself is quiet: a handler still working, a live stream between chunks. Not the
    // client's idleness; the timer re-arms with the next byte either way.
    if (res && !res.writableEnded && socket.writableLength === 0) return;
    socket.destroy();
  });
  return server;
}

/**
 * On close, connections with no response in flight go at once. Node's own close leaves a connection
 * that has not sent a request yet (a browser's preconnect, a client's spare socket) until it times
 * out, so a shutdown waited up to the keep-alive timeout (72 s). WebSockets close with their plugin.
 */
function closeQuietConnectionsOnClose(server: http.Server, responding: WeakMap<Socket, ServerResponse>) {
  const sockets = new Set<Socket>();
  const upgraded = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.prependListener('upgrade', (req: IncomingMessage) => upgraded.add(req.socket));
  const close = server.close.bind(server);
  server.close = (callback?: (err?: Error) => void) => {
    close(callback);
    for (const socket of sockets) if (!responding.has(socket) && !upgraded.has(socket)) socket.destroy();
    return server;
  };
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Closes a request whose body brings fewer than `bodyMinBytes` in a `bodyTimeoutMs` window. */
function watchBody(req: IncomingMessage, res: ServerResponse, limits: HttpLimits): void {
  if (!hasBody(req)) return;
  const socket = req.socket;
  let seen = socket.bytesRead;
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return stop();
    const moved = socket.bytesRead - seen;
    seen = socket.bytesRead;
    // Bytes waiting for us, or a socket we paused (storage slower than the client): our pace, not theirs.
    const heldByUs = req.readableLength > 0 || socket.isPaused();
    if (moved < limits.bodyMinBytes && !heldByUs) {
      stop();
      socket.destroy();
    }
  }, limits.bodyTimeoutMs);
  timer.unref();
  const stop = () => clearInterval(timer);
  req.once('end', stop);
  req.once('close', stop);
  res.once('close', stop);
}
