import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { SourceIvtReason } from '@wavecast/shared';
import { isScriptedClient } from './user-agents';

/**
 * General invalid traffic known from a request's source alone (IAB/MRC GIVT): a scripted or missing
 * user agent, a loopback or data-centre address. Pure rules shared by the ads (ADR 0040: a serve or
 * tracking event with a reason is kept and never charged) and the play report (ADR 0072: a listen
 * session with a reason is kept and never counted as a play).
 */

/** Where a request came from, as the edge saw it (the address from `clientIp`). */
export interface ClientFacts {
  ip: string | null;
  userAgent: string | undefined;
}

export interface IvtSettings {
  loopbackInvalid: boolean;
  /** Null without ranges: the check (a call into the runtime's C++) is skipped. */
  dataCentres: BlockList | null;
}

/**
 * The settings from config: `ADS_LOOPBACK_INVALID`, `ADS_DATACENTRE_CIDRS` ('10.0.0.0/8, 2600:1f00::/24').
 * The names are the ads' (where they came first, ADR 0040); they govern plays as well (ADR 0072).
 */
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
 * whole budget, while a server sees the same few thousand user agents all day. Only ordinary lengths
 * are kept, so the memory stays small whatever clients send.
 */
const scripted = new Map<string, boolean>();
const UA_MEMORY_MAX = 10_000;
const UA_MEMORY_MAX_LENGTH = 512;
function isScripted(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  let verdict = scripted.get(userAgent);
  if (verdict === undefined) {
    verdict = isScriptedClient(userAgent);
    if (userAgent.length <= UA_MEMORY_MAX_LENGTH) {
      if (scripted.size >= UA_MEMORY_MAX) scripted.clear();
      scripted.set(userAgent, verdict);
    }
  }
  return verdict;
}

/** Invalid traffic known from the source alone (the user agent, the address), or null. */
export function sourceIvt(client: ClientFacts, settings: IvtSettings): SourceIvtReason | null {
  if (isScripted(client.userAgent)) return 'known-bot';
  if (!client.ip) return null;
  if (isLoopback(client.ip)) return settings.loopbackInvalid ? 'loopback' : null;
  if (!settings.dataCentres) return null;
  const ip = plain(client.ip);
  const type = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null;
  if (type && settings.dataCentres.check(ip, type)) return 'data-centre';
  return null;
}
