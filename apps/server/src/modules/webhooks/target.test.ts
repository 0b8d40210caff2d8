import { createHmac } from 'node:crypto';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_SECONDS } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { signWebhook } from './service';
import { assertWebhookTarget, isPrivateAddress } from './target';

describe('webhook targets', () => {
  it('knows private, loopback, link-local and unique-local addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12::1',
      '::ffff:10.1.2.3',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '172.32.0.1', '2606:4700::1111', '8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses http unless the test switch is on, and credentials always', async () => {
    await expect(assertWebhookTarget('http://93.184.216.34/h', false)).rejects.toThrow(/https/);
    await expect(assertWebhookTarget('http://127.0.0.1:9/h', true)).resolves.toBeInstanceOf(URL);
    await expect(assertWebhookTarget('https://u:p@93.184.216.34/h', false)).rejects.toThrow(/credentials/);
    await expect(assertWebhookTarget('https://93.184.216.34/h', false)).resolves.toBeInstanceOf(URL);
  });

  it('signs "timestamp.body" with HMAC-SHA256', () => {
    expect(signWebhook('whsec_test', 1700000000, '{"a":1}')).toBe(
      `t=1700000000,v1=${createHmac('sha256', 'whsec_test').update('1700000000.{"a":1}').digest('hex')}`,
    );
  });
});

describe('webhook retries', () => {
  it('back off from one minute and end 24 hours after the first attempt', () => {
    expect(WEBHOOK_RETRY_DELAYS_SECONDS.slice(0, 3)).toEqual([60, 120, 240]);
    expect(WEBHOOK_RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0)).toBe(24 * 3600);
    expect(WEBHOOK_RETRY_DELAYS_SECONDS.every((d, i, all) => i === 0 || d >= all[i - 1] || i === all.length - 1)).toBe(
      true,
    );
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(WEBHOOK_RETRY_DELAYS_SECONDS.length + 1);
  });
});
