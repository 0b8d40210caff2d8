import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@wavecast/shared';
import { badRequest } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import { isForbiddenAddress } from './address-ranges';

export { isForbiddenAddress } from './address-ranges';

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

/**
 * How this app resolves webhook hosts: the system resolver. Tests replace `resolve` (a name that
 * answers differently at each lookup: DNS rebinding) — the one seam, per app.
 */
export const webhookResolver = perApp((): { resolve: Resolve } => ({
  resolve: (hostname) => dnsLookup(hostname, { all: true, verbatim: true }),
}));

/**
 * The addresses `hostname` resolves to, all of them checked: refused (400) when it does not resolve
 * or any address is forbidden (address-ranges.ts). `allowPrivate`: tests only.
 */
export async function checkedAddresses(
  hostname: string,
  resolve: Resolve,
  allowPrivate: boolean,
): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw badRequest(WEBHOOK_MESSAGES.unresolvable);
    }
  }
  if (addresses.length === 0) throw badRequest(WEBHOOK_MESSAGES.unresolvable);
  if (!allowPrivate && addresses.some((a) => isForbiddenAddress(a.address)))
    throw badRequest(WEBHOOK_MESSAGES.privateTarget);
  return addresses;
}

/**
 * The connection's own lookup: it resolves once, checks every address, and hands the socket only
 * those. The address checked is the address connected to — a name cannot answer a public address
 * to a check and a private one to the connection (DNS rebinding).
 */
export function checkedLookup(resolve: Resolve, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, resolve, allowPrivate).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (usable.length === 0) return callback(badRequest(WEBHOOK_MESSAGES.unresolvable), '', 0);
        if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, usable);
        callback(null, usable[0].address, usable[0].family);
      },
      (err) => callback(err, '', 0),
    );
  };
}

/**
 * Refuses a webhook URL (400) unless it is https without credentials and (at registration) every
 * address its host resolves to is allowed. Deliveries check again at connect time (checkedLookup).
 */
export function assertWebhookUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('Enter a valid URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw badRequest(WEBHOOK_MESSAGES.httpsOnly);
  if (url.username || url.password) throw badRequest('The webhook URL must not contain credentials');
  return url;
}

/** The registration check: the URL's form, then its host's addresses now. */
export async function assertWebhookTarget(raw: string, allowPrivate: boolean, resolve: Resolve): Promise<URL> {
  const url = assertWebhookUrl(raw, allowPrivate);
  await checkedAddresses(url.hostname, resolve, allowPrivate);
  return url;
}
