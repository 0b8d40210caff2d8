import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CORS_ANYONE, SIGNED_LINK_SECONDS, secureLinkMd5, signedLinkExpiry, signedObjectUrl } from './signed-link';

describe('signed links for nginx secure_link', () => {
  it('matches the example of nginx documentation (secure_link_md5 "$secure_link_expires$uri$remote_addr secret")', () => {
    // http://nginx.org/en/docs/http/ngx_http_secure_link_module.html: /s/link?md5=_e4Nc3iduzkWRm01TBBNYw&expires=2147483647
    expect(secureLinkMd5(2147483647, '/s/link127.0.0.1', 'secret')).toBe('_e4Nc3iduzkWRm01TBBNYw');
  });

  it('is base64url of the binary md5 without padding, as `openssl md5 -binary | base64 | tr` gives', () => {
    const expected = execFileSync(
      'sh',
      [
        '-c',
        "printf '%s' '1700000000/_signed/a/b.webm s3cret-value-16ch' | openssl md5 -binary | openssl base64 | tr +/ -_ | tr -d =",
      ],
      { encoding: 'utf8' },
    ).trim();
    expect(expected).toHaveLength(22);
    expect(secureLinkMd5(1700000000, '/_signed/a/b.webm', 's3cret-value-16ch')).toBe(expected);
  });

  it('expires at least 6 h away, rounded up to 10 minutes so a URL repeats for a while', () => {
    const now = Date.UTC(2026, 10, 24, 12, 3, 20);
    const expires = signedLinkExpiry(now);
    expect(expires % 600).toBe(0);
    expect(expires - now / 1000).toBeGreaterThanOrEqual(SIGNED_LINK_SECONDS);
    expect(expires - now / 1000).toBeLessThan(SIGNED_LINK_SECONDS + 600);
    expect(signedLinkExpiry(now + 60_000)).toBe(expires);
  });

  it('puts the key in the path, so a signature is good for that object only', () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    const url = new URL(signedObjectUrl('/_signed/', 'tracks/x y.webm', 'a-secret-of-16-chars', now), 'http://h');
    expect(url.pathname).toBe('/_signed/tracks/x%20y.webm');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBe(signedLinkExpiry(now));
    expect(url.searchParams.get('md5')).toBe(
      secureLinkMd5(expires, '/_signed/tracks/x y.webm', 'a-secret-of-16-chars'),
    );
    const other = new URL(signedObjectUrl('/_signed/', 'tracks/other.webm', 'a-secret-of-16-chars', now), 'http://h');
    expect(other.searchParams.get('md5')).not.toBe(url.searchParams.get('md5'));
  });

  it('signs `cors=any` into links to public media (nginx: "$secure_link_expires$arg_cors$uri secret"); a private link is signed as before', () => {
    const expected = execFileSync(
      'sh',
      [
        '-c',
        "printf '%s' '1700000000any/_signed/a/b.webm s3cret-value-16ch' | openssl md5 -binary | openssl base64 | tr +/ -_ | tr -d =",
      ],
      { encoding: 'utf8' },
    ).trim();
    expect(secureLinkMd5(1700000000, '/_signed/a/b.webm', 's3cret-value-16ch', CORS_ANYONE)).toBe(expected);

    const now = Date.UTC(2026, 10, 28, 9, 0, 0);
    const secret = 'a-secret-of-16-chars';
    const anyone = new URL(signedObjectUrl('/_signed/', 'a/b.webm', secret, now, true), 'http://h');
    const expires = Number(anyone.searchParams.get('expires'));
    expect(anyone.searchParams.get('cors')).toBe('any');
    expect(anyone.searchParams.get('md5')).toBe(secureLinkMd5(expires, '/_signed/a/b.webm', secret, CORS_ANYONE));
    const own = new URL(signedObjectUrl('/_signed/', 'a/b.webm', secret, now), 'http://h');
    expect(own.searchParams.has('cors')).toBe(false);
    expect(own.searchParams.get('md5')).toBe(secureLinkMd5(expires, '/_signed/a/b.webm', secret));
    // The flag is in the signature: a private link's md5 is not a public one's.
    expect(own.searchParams.get('md5')).not.toBe(anyone.searchParams.get('md5'));
  });
});
