import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Where a webhook may not go: every address that is not plainly a public unicast host (IANA special-
 * purpose registries for IPv4 and IPv6), and this machine's own interface addresses.
 */
const v4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  v4.addSubnet(net, bits, 'ipv4');

const v6 = new BlockList();
for (const [net, bits] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible (deprecated) addresses
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 segment identifiers
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  v6.addSubnet(net, bits, 'ipv6');

/** IPv6 ranges that carry an IPv4 address: they are as forbidden as the address they carry. */
const EMBEDDING: { prefix: string; bits: number; at: number }[] = [
  { prefix: '::ffff:0:0', bits: 96, at: 12 }, // IPv4-mapped
  { prefix: '64:ff9b::', bits: 96, at: 12 }, // NAT64 (well-known prefix)
  { prefix: '2002::', bits: 16, at: 2 }, // 6to4
];

/** The 16 bytes of an IPv6 address (a trailing dotted quad allowed), or null. */
export function ipv6Bytes(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  const withoutZone = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(withoutZone);
  let text = withoutZone;
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${withoutZone.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  if (all.length !== 8) return null;
  return all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 255];
  });
}

const startsWith = (bytes: number[], prefix: string, bits: number) => {
  const p = ipv6Bytes(prefix) as number[];
  for (let i = 0; i < bits / 8; i++) if (bytes[i] !== p[i]) return false;
  return true;
};

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4), if it is one of those. */
export function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  const range = EMBEDDING.find((e) => startsWith(bytes, e.prefix, e.bits));
  return range ? bytes.slice(range.at, range.at + 4).join('.') : null;
}

/** This machine's interface addresses, read at each check (interfaces come and go). */
export function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) own.add(a.address.replace(/%.*$/, '').toLowerCase());
  return own;
}

/** True unless `address` is a public unicast address of another machine; anything unparsable is forbidden. */
export function isForbiddenAddress(address: string, own: Set<string> = ownAddresses()): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (own.has(address.toLowerCase()) || own.has(normalizedIpv6(address))) return true;
  if (family === 4) return v4.check(address, 'ipv4');
  const carried = embeddedIpv4(address);
  if (carried) return isForbiddenAddress(carried, own);
  return v6.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** An IPv6 address as the system spells it (for comparison with the interface list). */
function normalizedIpv6(address: string): string {
  try {
    return new URL(`http://[${address.replace(/%.*$/, '')}]`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}
