import { describe, expect, it } from 'vitest';
import { profilePath } from './profilePath';

describe('profilePath', () => {
  it('sends creators to /profile/:id and other roles to /profile/listener/:id', () => {
    expect(profilePath({ id: 'c1', role: 'creator' })).toBe('/profile/c1');
    expect(profilePath({ id: 'l1', role: 'listener' })).toBe('/profile/listener/l1');
    expect(profilePath({ id: 'a1', role: 'admin' })).toBe('/profile/listener/a1');
  });
  it('uses the creator page when the summary carries no role', () => {
    expect(profilePath({ id: 'x' })).toBe('/profile/x');
  });
});
