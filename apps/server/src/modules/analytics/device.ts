import { UAParser } from 'ua-parser-js';

export type DeviceClass = 'desktop' | 'mobile' | 'tablet' | 'tv' | 'other';

const KNOWN_DEVICES: Record<string, DeviceClass> = {
  mobile: 'mobile',
  tablet: 'tablet',
  smarttv: 'tv',
  console: 'other',
  wearable: 'mobile',
  embedded: 'other',
};

/** Device class and app (browser) from a User-Agent, read locally; nothing about the person. */
export function deviceFromUserAgent(ua: string | undefined): { device: DeviceClass; app: string } {
  if (!ua) return { device: 'other', app: 'Unknown' };
  const r = new UAParser(ua.slice(0, 512)).getResult();
  const type = r.device.type;
  // ua-parser leaves the type empty for desktops; a known desktop OS says so.
  const device: DeviceClass = type
    ? (KNOWN_DEVICES[type] ?? 'other')
    : r.os.name && /windows|mac os|linux|chrom|ubuntu|fedora|debian/i.test(r.os.name)
      ? 'desktop'
      : 'other';
  const app = (r.browser.name ?? 'Unknown').slice(0, 40);
  return { device, app };
}
