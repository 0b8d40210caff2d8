import { describe, expect, it } from 'vitest';
import { redisChannelPrefix } from './redis-options';

describe('redisChannelPrefix', () => {
  it('follows the database number by default (pub/sub ignores it, so names must not)', () => {
    expect(redisChannelPrefix('redis://cache:6379')).toBe('wavecast:0:');
    expect(redisChannelPrefix('redis://cache:6379/0')).toBe('wavecast:0:');
    expect(redisChannelPrefix('redis://:pw@cache:6379/3')).toBe('wavecast:3:');
    expect(redisChannelPrefix('rediss://cache?db=7')).toBe('wavecast:7:');
  });

  it('takes REDIS_PREFIX as given, ending it with a colon', () => {
    expect(redisChannelPrefix('redis://cache:6379/3', 'staging')).toBe('staging:');
    expect(redisChannelPrefix('redis://cache:6379/3', 'eu:prod:')).toBe('eu:prod:');
  });
});
