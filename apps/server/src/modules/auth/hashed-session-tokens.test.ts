import { memoryAdapter } from 'better-auth/adapters/memory';
import { describe, expect, it } from 'vitest';
import { hashSessionToken, withHashedSessionTokens } from './hashed-session-tokens';

/** better-auth's own in-memory adapter, wrapped: the tables are plain arrays we can read. */
function setup() {
  const db: Record<string, Record<string, unknown>[]> = { user: [], session: [], account: [], verification: [] };
  const adapter = withHashedSessionTokens(memoryAdapter(db))({});
  const session = (token: string) => ({
    userId: 'u1',
    token,
    expiresAt: new Date(Date.now() + 60_000),
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return { db, adapter, session };
}

describe('withHashedSessionTokens', () => {
  it('stores the hash, answers the plain token to the caller that gave it', async () => {
    const { db, adapter, session } = setup();
    const created = await adapter.create<Record<string, unknown>>({ model: 'session', data: session('plain-a') });
    expect(created.token).toBe('plain-a');
    expect(db.session[0].token).toBe(hashSessionToken('plain-a'));
    const found = await adapter.findOne<{ token: string }>({
      model: 'session',
      where: [{ field: 'token', value: 'plain-a' }],
    });
    expect(found?.token).toBe('plain-a');
    // The hash is not a token: looking it up finds nothing.
    expect(
      await adapter.findOne({ model: 'session', where: [{ field: 'token', value: hashSessionToken('plain-a') }] }),
    ).toBeNull();
  });

  it('hashes "in" lists, updates and deletes by token; rows listed by user keep the hash', async () => {
    const { db, adapter, session } = setup();
    for (const t of ['t1', 't2', 't3']) await adapter.create({ model: 'session', data: session(t) });
    const some = await adapter.findMany<{ token: string }>({
      model: 'session',
      where: [{ field: 'token', value: ['t1', 't3'], operator: 'in' }],
    });
    expect(some.map((s) => s.token).sort()).toEqual(['t1', 't3']);
    const listed = await adapter.findMany<{ token: string }>({
      model: 'session',
      where: [{ field: 'userId', value: 'u1' }],
    });
    expect(listed.map((s) => s.token).sort()).toEqual(['t1', 't2', 't3'].map(hashSessionToken).sort());

    const later = new Date(Date.now() + 3_600_000);
    const updated = await adapter.update<{ token: string; expiresAt: Date }>({
      model: 'session',
      where: [{ field: 'token', value: 't2' }],
      update: { expiresAt: later },
    });
    expect(updated).toMatchObject({ token: 't2', expiresAt: later });

    await adapter.delete({ model: 'session', where: [{ field: 'token', value: 't1' }] });
    expect(
      await adapter.deleteMany({ model: 'session', where: [{ field: 'token', value: ['t3'], operator: 'in' }] }),
    ).toBe(1);
    expect(db.session.map((s) => s.token)).toEqual([hashSessionToken('t2')]);
  });

  it('hashes inside transactions too, and leaves other models alone', async () => {
    const { db, adapter, session } = setup();
    await adapter.transaction(async (trx) => {
      await trx.create({ model: 'session', data: session('in-trx') });
      await trx.create({
        model: 'verification',
        data: { identifier: 'x', value: 'token-like', expiresAt: new Date() },
      });
    });
    expect(db.session[0].token).toBe(hashSessionToken('in-trx'));
    expect(db.verification[0].value).toBe('token-like');
  });
});
