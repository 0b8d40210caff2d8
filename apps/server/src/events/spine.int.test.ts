import type { DomainEvent } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { scaled } from '../../test/time';
import { MemoryBus } from '../realtime/bus';

let a: TestApp;
let b: TestApp;
const bus = new MemoryBus();

beforeAll(async () => {
  a = await createTestApp({}, { share: { bus } });
  // A second process on the same database and bus.
  b = await createTestApp({}, { share: { bus, database: a.ctx.database } });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await bus.close();
});

const suspended = (userId: string) => ({ userId, reason: 'admin' as const });

describe('the lifecycle spine', () => {
  it('delivers an event recorded in a transaction to every process once, and a `once` subscriber on one', async () => {
    const seenA: DomainEvent[] = [];
    const seenB: DomainEvent[] = [];
    let onceRuns = 0;
    a.ctx.events.on('account.suspended', (e) => void seenA.push(e));
    b.ctx.events.on('account.suspended', (e) => void seenB.push(e));
    a.ctx.events.once('account.suspended', () => void onceRuns++);
    b.ctx.events.once('account.suspended', () => void onceRuns++);

    await a.ctx.database.db.transaction((tx) => a.ctx.events.record(tx, 'account.suspended', suspended('u-1')));
    await a.ctx.events.settled();
    await b.ctx.events.settled();
    expect(seenA.map((e) => e.payload)).toEqual([suspended('u-1')]);
    expect(seenB.map((e) => e.id)).toEqual(seenA.map((e) => e.id));
    expect(onceRuns).toBe(1);
    const [row] = await a.ctx.database.query<{ delivered: boolean }>(
      'SELECT delivered_at IS NOT NULL AS delivered FROM domain_events WHERE id = $1',
      [seenA[0].id],
    );
    expect(row.delivered).toBe(true);
  });

  it('delivers nothing when the transaction rolls back', async () => {
    const seen: string[] = [];
    a.ctx.events.on('account.restored', (e) => void seen.push(e.payload.userId));
    await a.ctx.database.db
      .transaction(async (tx) => {
        await a.ctx.events.record(tx, 'account.restored', { userId: 'rolled-back' });
        throw new Error('no');
      })
      .catch(() => {});
    await a.ctx.events.publish('account.restored', { userId: 'kept' });
    await a.ctx.events.settled();
    expect(seen).toEqual(['kept']);
  });

  it('delivers a row that a dead process committed but never dispatched', async () => {
    const seen: string[] = [];
    b.ctx.events.on('role.changed', (e) => void seen.push(e.payload.userId));
    await a.ctx.database.query(
      `INSERT INTO domain_events (name, payload) VALUES ('role.changed', '{"userId":"orphan","from":"listener","to":"creator"}')`,
    );
    await b.ctx.events.flush();
    // Either process may claim it (each also sweeps every 5 s): b hears it either way, over the bus.
    await vi.waitFor(() => expect(seen).toEqual(['orphan']), { timeout: scaled(10_000), interval: 50 });
  });

  it('keeps delivering when a subscriber throws', async () => {
    const seen: string[] = [];
    a.ctx.events.on('stream-key.revoked', () => {
      throw new Error('broken subscriber');
    });
    a.ctx.events.on('stream-key.revoked', (e) => void seen.push(e.payload.keyId));
    await a.ctx.events.publish('stream-key.revoked', { userId: 'u', keyId: 'k1' });
    await a.ctx.events.settled();
    expect(seen).toEqual(['k1']);
  });
});

describe('the outbox upkeep', () => {
  it('deletes delivered events after 30 days and never an undelivered one', async () => {
    await a.ctx.database.query(
      `INSERT INTO domain_events (name, payload, created_at, delivered_at, claimed_until) VALUES
        ('account.restored', '{"userId":"old"}', now() - interval '40 days', now() - interval '40 days', NULL),
        ('account.restored', '{"userId":"recent"}', now() - interval '2 days', now() - interval '2 days', NULL),
        ('account.restored', '{"userId":"stuck"}', now() - interval '40 days', NULL, now() + interval '1 hour')`,
    );
    await a.ctx.jobs.enqueue('events.prune', { at: new Date().toISOString() });
    await a.ctx.jobs.drain();
    const left = await a.ctx.database.query<{ who: string }>(
      `SELECT payload->>'userId' AS who FROM domain_events WHERE payload->>'userId' IN ('old', 'recent', 'stuck') ORDER BY 1`,
    );
    expect(left.map((r) => r.who)).toEqual(['recent', 'stuck']);
  });
});
