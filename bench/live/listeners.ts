// A farm of live listeners in its own process (so its CPU is not counted against the servers):
// raw HTTP GETs of one URL, each counting the bytes it receives. fanout.ts runs several, each from
// its own loopback address (so 10,000 connections never run out of ephemeral ports). Over IPC:
//   { cmd: 'grow', to: N }  -> opens connections until N are open (in batches)
//   { cmd: 'stats' }        -> { open, closed, total, perConnection: [min, median] of bytes }
import net from 'node:net';

const [host, portText, path, localAddress] = process.argv.slice(2);
const port = Number(portText);

interface Conn {
  bytes: number;
  open: boolean;
}
const conns: Conn[] = [];
let closed = 0;
let failed = 0;

function connect(): Promise<void> {
  return new Promise((resolve) => {
    const c: Conn = { bytes: 0, open: false };
    const s = net.connect({ port, host, localAddress: localAddress || undefined });
    s.setNoDelay(true);
    s.on('connect', () => {
      s.write(`GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nUser-Agent: bench\r\nConnection: close\r\n\r\n`);
      c.open = true;
      conns.push(c);
      resolve();
    });
    s.on('data', (d) => {
      c.bytes += d.length;
    });
    s.on('close', () => {
      if (c.open) closed++;
      c.open = false;
    });
    s.on('error', () => {
      if (!c.open) failed++;
      resolve();
    });
  });
}

process.on('message', async (msg: { cmd: string; to?: number }) => {
  if (msg.cmd === 'grow') {
    const failedBefore = failed;
    while (conns.filter((c) => c.open).length < (msg.to ?? 0)) {
      const want = Math.min(50, (msg.to ?? 0) - conns.filter((c) => c.open).length);
      await Promise.all(Array.from({ length: want }, connect));
      // Refused again and again (a limit, a dead server): say so rather than loop forever.
      if (failed - failedBefore > 500) break;
    }
    process.send?.({ ok: true, failed: failed - failedBefore });
  } else if (msg.cmd === 'stats') {
    const open = conns.filter((c) => c.open);
    const sorted = open.map((c) => c.bytes).sort((a, b) => a - b);
    process.send?.({
      open: open.length,
      closed,
      total: conns.reduce((n, c) => n + c.bytes, 0),
      // Every connection ever opened, in order (a closed one keeps its count: it shows as short).
      bytes: conns.map((c) => c.bytes),
      min: sorted[0] ?? 0,
      median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    });
  }
});
process.send?.({ ready: true });
