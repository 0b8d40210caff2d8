import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helpers';
import { seedTrack } from '../../../test/seed-track';

let t: TestApp;
let track: string;
beforeAll(async () => {
  t = await createTestApp();
  const creator = await signUp(t, { role: 'creator' });
  track = await seedTrack(t.ctx.database.db, creator.id, { title: 'Embedded', duration: 200, isPublic: true });
});
afterAll(() => t.close());

// An embed inside another site: no cookie is ever sent back (SameSite=Lax), only the body's token.
const report = (secondsListened: number, listenerToken?: string) =>
  t.app.inject({ method: 'POST', url: '/api/plays', payload: { trackId: track, secondsListened, listenerToken } });

describe('plays from an embed in another site', () => {
  it('count through the signed listener token, once per listener; a forged token does not count', async () => {
    const first = await report(0);
    expect(first.statusCode).toBe(200);
    const token = first.json().listenerToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(first.json()).toMatchObject({ counted: false, playCount: 0 });

    const forged = await report(40, `${token.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(forged.json()).toMatchObject({ counted: false, playCount: 0 });
    expect(forged.json().listenerToken).toBeDefined(); // a new id instead

    const counted = await report(40, token);
    expect(counted.json()).toMatchObject({ counted: true, playCount: 1 });
    expect(counted.json().listenerToken).toBeUndefined();
    const again = await report(45, token);
    expect(again.json()).toMatchObject({ counted: false, playCount: 1 });
  });
});
