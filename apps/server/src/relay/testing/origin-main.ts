/**
 * A relay origin in a process of its own, for tests that kill it (failover.int.test.ts): a hub on
 * Redis holding one broadcast, fed in real time. argv: redisUrl prefix streamId.
 * Prints "ON AIR <processId>" once its first audio went out; SIGUSR2 detaches the publisher.
 */
import { RedisBus } from '../../realtime/bus';
import { LiveHub } from '../hub';
import { opusPackets, synthesize } from './webm-fixtures';

const [url, prefix, streamId] = process.argv.slice(2);
const bus = new RedisBus(url, `${prefix}events`);
const hub = new LiveHub(
  {
    dataDir: process.env.ORIGIN_DATA_DIR ?? '/tmp/wc-origin',
    graceMs: 10_000,
    maxListenerBuffer: 1 << 20,
    ingestBytesPerSecond: 1 << 20,
    ingestBurstBytes: 1 << 22,
    redisUrl: url,
    mirrorPrefix: prefix,
  },
  bus,
  { audio: async () => {}, graceExpired: () => {}, viewers: () => {}, log: () => {} },
);
await Promise.all([hub.whenReady(), bus.whenReady()]);
// Made before the lease is taken: encoding blocks this process for a while.
const chunks = synthesize(opusPackets(30, 20), 'chrome', 100);
if (!(await hub.claim(streamId))) throw new Error('the lease is held elsewhere');

const publisher = hub.connectPublisher({ id: streamId, title: 'origin', description: null }, () => {
  console.log(`ON AIR ${hub.processId}`);
});
// SIGUSR2: the publisher drops (a network blip): the broadcast waits for it in its grace period.
let dropped = false;
process.on('SIGUSR2', () => {
  dropped = true;
  publisher.detach();
  console.log('DETACHED');
});
for (const chunk of chunks) {
  if (dropped) break;
  publisher.push(chunk);
  await new Promise((r) => setTimeout(r, 100));
}
setInterval(() => {}, 60_000); // stays up until killed
