import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** IAB Podcast Measurement v2.1: one download per client per rolling 24 hours. */
export const DOWNLOAD_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The address a download is keyed on: IPv4 whole, IPv6 cut to its /64 (one household or phone
 * rotates privacy addresses inside its /64), an IPv4-mapped IPv6 read as IPv4.
 */
export function ipPrefix(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** A keyed hash of address prefix and user agent: nothing stored in clear. */
export const downloadClientKey = (secret: string, ip: string, ua: string) =>
  createHash('sha256')
    .update(`${secret}\n${ipPrefix(ip)}\n${ua}`)
    .digest('base64url')
    .slice(0, 32);

/**
 * Bytes that make a download: one minute of audio (bytes per minute estimated from the file's
 * size and duration), or the whole file when it is shorter than a minute.
 */
export function minuteOfBytes(size: number, durationSeconds: number): number {
  if (!(durationSeconds > 60)) return size;
  return Math.ceil((size / durationSeconds) * 60);
}

/** Apple's `bytes=0-1` probe (checks the file serves ranges) is not a download. */
export const isProbe = (start: number, end: number) => start === 0 && end === 1;
