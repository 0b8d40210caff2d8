import net from 'node:net';
import { expect, it } from 'vitest';
import { createTestApp } from './helpers';

// Closing the server (a deploy's SIGTERM, every test file's end) does not wait for connections that
// have nothing in flight: a browser's preconnected socket that never sent a request, and a keep-alive
// socket after its answer. Node left the first until its idle timeout (60 s by default), which held
// each shutdown that long (and cost the integration suite a minute per live test file).
it('closing does not wait for a silent connection or an idle keep-alive one', async () => {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as net.AddressInfo;
  const open = (): Promise<net.Socket> =>
    new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket)).once('error', reject);
      socket.on('error', () => {});
    });
  const silent = await open();
  const keptAlive = await open();
  const answered = new Promise<string>((resolve) => {
    let text = '';
    keptAlive.on('data', (d) => {
      text += d.toString();
      if (text.includes('\r\n\r\n')) resolve(text);
    });
  });
  keptAlive.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
  expect(await answered).toMatch(/^HTTP\/1\.1 200/);
  const closed = (s: net.Socket) => new Promise<void>((resolve) => s.once('close', () => resolve()));

  const started = Date.now();
  await Promise.all([t.close(), closed(silent), closed(keptAlive)]);
  // The idle timeout is 60 s; a close that waited for it would take that long.
  expect(Date.now() - started).toBeLessThan(15_000);
});
