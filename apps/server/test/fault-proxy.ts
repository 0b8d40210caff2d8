import net from 'node:net';

/**
 * A TCP proxy that stands for the network between the app and a service. `blackhole()` is a
 * partition as a dropped-packets firewall makes it: connections are still accepted and held, but
 * nothing gets through in either direction, and nobody is told. `heal()` forwards again. With
 * `late`, what was sent meanwhile arrives at the heal instead of being lost (TCP retransmitting
 * across a partition): answers to queries their client gave up on.
 */
export class FaultProxy {
  private mode: 'forward' | 'blackhole' | 'hold' = 'forward';
  private readonly sockets = new Set<net.Socket>();
  private held: { to: net.Socket; chunk: Buffer }[] = [];
  private readonly server: net.Server;

  private constructor(target: { host: string; port: number }) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {}); // either side closing ends both (below)
      }
      const pass = (from: net.Socket, to: net.Socket) =>
        from.on('data', (chunk) => {
          if (this.mode === 'hold') this.held.push({ to, chunk });
          else if (this.mode === 'forward' && !to.destroyed) to.write(chunk);
        });
      pass(client, upstream);
      pass(upstream, client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }

  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    const proxy = new FaultProxy(target);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  blackhole(opts: { late?: boolean } = {}): void {
    this.mode = opts.late ? 'hold' : 'blackhole';
  }

  heal(): void {
    this.mode = 'forward';
    for (const { to, chunk } of this.held) if (!to.destroyed) to.write(chunk);
    this.held = [];
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Whether something listens at host:port (tests against a local service run only when it does). */
export function reachable(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/** Polls `fn` until it returns true; fails after `ceilingMs`. Returns the time it took. */
export async function waitFor(fn: () => boolean | Promise<boolean>, ceilingMs: number, what: string): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await fn()) return Date.now() - start;
    if (Date.now() - start > ceilingMs) throw new Error(`${what}: not within ${ceilingMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
