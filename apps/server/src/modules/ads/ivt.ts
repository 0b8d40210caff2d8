import { createHash } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import {
  AD_QUARTILE_MIN_SHARE,
  AD_QUARTILE_SLACK_MS,
  type AdFormat,
  type AdIvtReason,
  AUDIO_START_MIN_MS,
  DISPLAY_IMPRESSION_SECONDS,
} from '@wavecast/shared';
import { isScriptedClient } from '../../lib/user-agents';
import type { QuartileEvent } from './tokens';

/**
 * General invalid traffic (IAB/MRC GIVT, ADR 0040): what is known of a request's source, and timing
 * no player can produce. Pure rules; serving.ts applies them and keeps what they filter.
 */

/** Where a request came from, as the edge saw it. */
export interface ClientFacts {
  ip: string | null;
  userAgent: string | undefined;
}

export interface IvtSettings {
  loopbackInvalid: boolean;
  /** Null without ranges: the check (a call into the runtime's C++) is skipped. */
  dataCentres: BlockList | null;
}

/** The settings from config: `ADS_LOOPBACK_INVALID`, `ADS_DATACENTRE_CIDRS` ('10.0.0.0/8, 2600:1f00::/24'). */
export function ivtSettings(config: { ADS_LOOPBACK_INVALID: boolean; ADS_DATACENTRE_CIDRS: string }): IvtSettings {
  const dataCentres = new BlockList();
  let ranges = 0;
  for (const cidr of config.ADS_DATACENTRE_CIDRS.split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [net, bits] = cidr.split('/');
    const type = isIPv4(net) ? 'ipv4' : isIPv6(net) ? 'ipv6' : null;
    const prefix = Number(bits);
    if (!type || !Number.isInteger(prefix) || prefix < 0 || prefix > (type === 'ipv4' ? 32 : 128)) {
      throw new Error(`ADS_DATACENTRE_CIDRS: '${cidr}' is not a CIDR range`);
    }
    dataCentres.addSubnet(net, prefix, type);
    ranges++;
  }
  return { loopbackInvalid: config.ADS_LOOPBACK_INVALID, dataCentres: ranges ? dataCentres : null };
}

/** An IPv4 address written as IPv6 (`::ffff:1.2.3.4`, how a dual-stack socket reports it) as IPv4. */
const plain = (ip: string) => (ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

export function isLoopback(ip: string): boolean {
  // Most addresses are ruled out by their first characters, without parsing (once per decision).
  if (ip !== '::1' && !ip.startsWith('127.') && !ip.startsWith('::ffff:127.')) return false;
  const a = plain(ip);
  return a === '::1' || (isIPv4(a) && a.startsWith('127.'));
}

/**
 * Verdicts on user agents already seen: some 330 patterns cost tens of µs per request, the decision's
 * whole budget, while a server sees the same few thousand user agents all day.
 */
const scripted = new Map<string, boolean>();
const UA_MEMORY_MAX = 10_000;
function isScripted(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  let verdict = scripted.get(userAgent);
  if (verdict === undefined) {
    verdict = isScriptedClient(userAgent);
    if (scripted.size >= UA_MEMORY_MAX) scripted.clear();
    scripted.set(userAgent, verdict);
  }
  return verdict;
}

/** Invalid traffic known from the source alone (the user agent, the address), or null. */
export function sourceIvt(client: ClientFacts, settings: IvtSettings): AdIvtReason | null {
  if (isScripted(client.userAgent)) return 'known-bot';
  if (!client.ip) return null;
  if (isLoopback(client.ip)) return settings.loopbackInvalid ? 'loopback' : null;
  if (!settings.dataCentres) return null;
  const ip = plain(client.ip);
  const type = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null;
  if (type && settings.dataCentres.check(ip, type)) return 'data-centre';
  return null;
}

/**
 * The listener key of a client that came without a cookie: its address and user agent, hashed (the
 * frequency caps hold for a client that drops its cookie; the address itself is not stored).
 */
export function clientKey(client: ClientFacts): string {
  const h = createHash('sha256')
    .update(`${client.ip ?? ''}\n${client.userAgent ?? ''}`)
    .digest('base64url');
  return `client:${h.slice(0, 22)}`;
}

/**
 * An impression that came sooner after its serve than the ad could have started (audio) or been
 * on screen a second (display): 'impossible-timing', else null.
 */
export function impressionTiming(format: AdFormat, servedAt: Date, now: Date): AdIvtReason | null {
  const min = format === 'audio' ? AUDIO_START_MIN_MS : DISPLAY_IMPRESSION_SECONDS * 1000;
  return now.getTime() - servedAt.getTime() < min ? 'impossible-timing' : null;
}

const QUARTILE_SHARE: Record<QuartileEvent, number> = {
  firstQuartile: 0.25,
  midpoint: 0.5,
  thirdQuartile: 0.75,
  complete: 1,
};

/** True when the ad could have played up to this quartile between its impression and now. */
export function quartileReachable(event: QuartileEvent, impressedAt: Date, adSeconds: number, now: Date): boolean {
  const needed = QUARTILE_SHARE[event] * adSeconds * 1000 * AD_QUARTILE_MIN_SHARE - AD_QUARTILE_SLACK_MS;
  return now.getTime() - impressedAt.getTime() >= needed;
}
