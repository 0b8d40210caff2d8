import { createHmac } from 'node:crypto';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_SECONDS } from '@wavecast/shared';
import { describe, expect, it } from 'vitest';
import { embeddedIpv4, isForbiddenAddress, ownAddresses } from './address-ranges';
import { signWebhook } from './service';
import { assertWebhookTarget, checkedAddresses, type Resolve } from './target';

const none = new Set<string>();
const forbidden = (a: string) => isForbiddenAddress(a, none);

describe('webhook address ranges', () => {
  it.each([
    ['loopback', ['127.0.0.1', '127.255.255.254', '::1']],
    ['private', ['10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1']],
    ['link-local (cloud metadata)', ['169.254.169.254', 'fe80::1', 'fe80::1%eth0']],
    ['unique-local', ['fc00::1', 'fd12::1']],
    ['site-local', ['fec0::1', 'feff::1']],
    ['unspecified and "this network"', ['0.0.0.0', '0.1.2.3', '::']],
    ['carrier-grade NAT', ['100.64.0.1', '100.127.255.255']],
    ['IETF protocol assignments', ['192.0.0.8', '192.0.0.170']],
    ['benchmarking', ['198.18.0.1', '198.19.255.255', '2001:2::1']],
    ['documentation', ['192.0.2.1', '198.51.100.7', '203.0.113.9', '2001:db8::1', '3fff::1']],
    ['multicast', ['224.0.0.1', '239.255.255.250', 'ff02::1', 'ff0e::fb']],
    ['reserved and broadcast', ['240.0.0.1', '255.255.255.255']],
    ['6to4 relay anycast', ['192.88.99.1']],
    ['IPv4-mapped private', ['::ffff:10.1.2.3', '::ffff:127.0.0.1', '::ffff:a01:203', '::ffff:169.254.169.254']],
    ['IPv4-compatible (deprecated)', ['::10.1.2.3', '::8.8.8.8', '::1.2.3.4']],
    ['NAT64 of a private address', ['64:ff9b::10.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe']],
    ['local-use NAT64', ['64:ff9b:1::8.8.8.8', '64:ff9b:1:ffff::1']],
    ['6to4 of a private address', ['2002:a00:1::1', '2002:7f00:1::', '2002:c0a8:101::1']],
    ['Teredo and other IETF IPv6 assignments', ['2001::1', '2001:0:4136:e378::1', '2001:10::1']],
    ['discard-only', ['100::1']],
    ['not an address', ['localhost', '', '1.2.3', 'fe80::zz']],
  ])('forbids %s', (_category, addresses) => {
    for (const a of addresses) expect(forbidden(a), a).toBe(true);
  });

  it('allows public unicast, also carried in NAT64, 6to4 or IPv4-mapped form', () => {
    for (const a of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '198.20.0.1',
      '223.255.255.255',
      '2606:4700::1111',
      '2a00:1450:4001::1',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
    ])
      expect(forbidden(a), a).toBe(false);
  });

  it('reads the IPv4 address an IPv6 one carries', () => {
    expect(embeddedIpv4('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(embeddedIpv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('2002:c0a8:101::1')).toBe('192.168.1.1');
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
  });

  it("forbids this machine's own addresses, whatever their range", () => {
    expect(isForbiddenAddress('93.184.216.34', new Set(['93.184.216.34']))).toBe(true);
    expect(isForbiddenAddress('2606:4700:0::1111', new Set(['2606:4700::1111']))).toBe(true);
    // And by default the real interface list: every address of this machine.
    const own = [...ownAddresses()];
    expect(own.length).toBeGreaterThan(0);
    for (const a of own) expect(isForbiddenAddress(a), a).toBe(true);
  });
});

describe('webhook targets', () => {
  const resolvesTo =
    (...addresses: string[]): Resolve =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses http unless the test switch is on, and credentials always', async () => {
    const publicHost = resolvesTo('93.184.216.34');
    await expect(assertWebhookTarget('http://93.184.216.34/h', false, publicHost)).rejects.toThrow(/https/);
    await expect(assertWebhookTarget('http://127.0.0.1:9/h', true, publicHost)).resolves.toBeInstanceOf(URL);
    await expect(assertWebhookTarget('https://u:p@93.184.216.34/h', false, publicHost)).rejects.toThrow(/credentials/);
    await expect(assertWebhookTarget('https://93.184.216.34/h', false, publicHost)).resolves.toBeInstanceOf(URL);
  });

  it('refuses a name when any address it resolves to is forbidden, or when it resolves to none', async () => {
    await expect(checkedAddresses('hooks.example', resolvesTo('93.184.216.34'), false)).resolves.toHaveLength(1);
    await expect(checkedAddresses('hooks.example', resolvesTo('93.184.216.34', '10.0.0.1'), false)).rejects.toThrow(
      /private/,
    );
    await expect(checkedAddresses('hooks.example', resolvesTo('64:ff9b::7f00:1'), false)).rejects.toThrow(/private/);
    await expect(checkedAddresses('hooks.example', resolvesTo(), false)).rejects.toThrow(/resolve/);
    const failing: Resolve = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(checkedAddresses('hooks.example', failing, false)).rejects.toThrow(/does not resolve/);
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
