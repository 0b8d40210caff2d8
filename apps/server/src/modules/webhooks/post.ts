import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkedAddresses, checkedLookup, type Resolve } from './target';

/**
 * POSTs `body` to `url` and answers the status. The connection goes only to an address checked in
 * its own lookup (target.ts); an IP literal is checked here, as sockets skip the lookup for those.
 * Host and TLS name stay the URL's host. Redirects are not followed (a 3xx is the answer).
 */
export async function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  opts: { resolve: Resolve; allowPrivate: boolean; timeoutMs: number },
): Promise<number> {
  if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) await checkedAddresses(url.hostname, opts.resolve, opts.allowPrivate);
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<number>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: checkedLookup(opts.resolve, opts.allowPrivate),
        // A fresh connection every time: a kept-alive socket would skip the lookup.
        agent: false,
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
