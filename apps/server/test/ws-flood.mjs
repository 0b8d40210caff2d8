// An abusive realtime client in its own process (so its work never shares the server's event
// loop), cheap enough that the measurement is the server's: it speaks WebSocket over raw TCP and
// sends prebuilt frames. Usage: node ws-flood.mjs <host> <port> <sockets> <messages>.
// It connects every socket, prints "ready", waits for a line on stdin, then writes each socket's
// `messages` subscribes to made-up track ids at once, and prints one JSON line when every socket
// has closed: { opened, codes } (the close frame's code; 1006 when none came before the end).
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';

const [host, port, sockets, messages] = process.argv.slice(2);

/** Masked text frames (a zero mask key leaves the payload as it is, and is valid). */
function subscribeFrames(count) {
  const frames = [];
  for (let i = 0; i < count; i++) {
    const payload = Buffer.from(JSON.stringify({ type: 'subscribe', topic: `track:${randomUUID()}` }));
    frames.push(Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload);
  }
  return Buffer.concat(frames);
}

/** Reads server frames from `buf`; returns the close code when a close frame is complete. */
function closeCodeIn(buf) {
  let at = 0;
  while (at + 2 <= buf.length) {
    const opcode = buf[at] & 0x0f;
    let len = buf[at + 1] & 0x7f;
    let head = 2;
    if (len === 126) {
      if (at + 4 > buf.length) return undefined;
      len = buf.readUInt16BE(at + 2);
      head = 4;
    } else if (len === 127) {
      if (at + 10 > buf.length) return undefined;
      len = Number(buf.readBigUInt64BE(at + 2));
      head = 10;
    }
    if (at + head + len > buf.length) return undefined;
    if (opcode === 0x8) return len >= 2 ? buf.readUInt16BE(at + head) : 1005;
    at += head + len;
  }
  return undefined;
}

function connect() {
  const socket = net.connect(Number(port), host);
  const key = randomBytes(16).toString('base64');
  socket.write(
    `GET /api/ws HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  let received = Buffer.alloc(0);
  let upgraded = false;
  let code = null;
  const closed = new Promise((resolve) => socket.once('close', () => resolve(code ?? 1006)));
  socket.on('error', () => {});
  const opened = new Promise((resolve, reject) => {
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (!upgraded) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!received.subarray(0, 12).toString().includes('101')) return reject(new Error('not upgraded'));
        upgraded = true;
        received = received.subarray(end + 4);
        resolve();
      }
      code ??= closeCodeIn(received) ?? null;
    });
  });
  return { socket, opened, closed };
}

const conns = Array.from({ length: Number(sockets) }, connect);
await Promise.all(conns.map((c) => c.opened));
const floods = conns.map(() => subscribeFrames(Number(messages)));
process.stdout.write('ready\n');
process.stdin.once('data', async () => {
  conns.forEach((c, i) => {
    c.socket.write(floods[i]);
  });
  const codes = await Promise.all(conns.map((c) => c.closed));
  process.stdout.write(`${JSON.stringify({ opened: conns.length, codes })}\n`);
  process.exit(0);
});
