import { describe, expect, it } from 'vitest';
import { ListenTracker, sourceFromPage } from './listening';

function playThrough(tracker: ListenTracker, from: number, to: number, step = 0.25) {
  let fired = 0;
  for (let t = from; t <= to + 1e-9; t += step) if (tracker.tick(t)) fired++;
  return fired;
}

describe('ListenTracker', () => {
  it('reports once after 30 s of real listening on a long track', () => {
    const tracker = new ListenTracker('a', 300);
    expect(playThrough(tracker, 0, 29.5)).toBe(0);
    expect(playThrough(tracker, 29.75, 31)).toBe(1);
    expect(playThrough(tracker, 31.25, 120)).toBe(0);
  });

  it('needs only half of a short track', () => {
    const tracker = new ListenTracker('a', 20);
    expect(playThrough(tracker, 0, 9.75)).toBe(0);
    expect(tracker.tick(10)).toBe(true);
  });

  it('does not count seeking ahead as listening', () => {
    const tracker = new ListenTracker('a', 300);
    playThrough(tracker, 0, 5);
    expect(tracker.tick(200)).toBe(false); // a jump
    expect(tracker.secondsListened).toBeCloseTo(5);
    tracker.break();
    playThrough(tracker, 200, 210);
    expect(tracker.secondsListened).toBeCloseTo(15);
  });

  it('counts faster ticks at higher speed', () => {
    const tracker = new ListenTracker('a', 300);
    for (let t = 0; t <= 30; t += 0.75) tracker.tick(t, 3);
    expect(tracker.secondsListened).toBeCloseTo(30);
  });

  it('says hello to the server once per play', () => {
    const tracker = new ListenTracker('a', 300);
    expect(tracker.start()).toBe(true);
    expect(tracker.start()).toBe(false);
  });
});

describe('listening buckets for analytics', () => {
  it('collects the 5-second buckets heard (not those skipped by a seek) and hands them over once', () => {
    const tracker = new ListenTracker('t', 100, 'search');
    for (let t = 0; t <= 12; t += 1) tracker.tick(t);
    tracker.break();
    for (let t = 50; t <= 54; t += 1) tracker.tick(t);
    const listen = tracker.takeListen();
    expect(listen).toEqual({ sessionId: tracker.sessionId, buckets: [0, 1, 2, 10], source: 'search' });
    expect(listen?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(tracker.takeListen()).toBeUndefined();
  });

  it('names the source from the page', () => {
    expect(sourceFromPage('/')).toBe('home');
    expect(sourceFromPage('/explore/categories')).toBe('explore');
    expect(sourceFromPage('/search')).toBe('search');
    expect(sourceFromPage('/profile/abc')).toBe('profile');
    expect(sourceFromPage('/playlist/1')).toBe('playlist');
    expect(sourceFromPage('/audio/1', 'https://elsewhere.example/', 'https://wavecast.test')).toBe('external');
    expect(sourceFromPage('/audio/1', 'https://wavecast.test/', 'https://wavecast.test')).toBe('track');
    expect(sourceFromPage('/settings')).toBe('other');
  });
});
