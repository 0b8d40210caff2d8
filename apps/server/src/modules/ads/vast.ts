import type { TServedAd } from '@wavecast/shared';

const cdata = (s: string) => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
const attr = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** 'HH:MM:SS.mmm', VAST's duration. */
export function vastDuration(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The VAST version published, and the IAB schema it validates against (apps/server/test/vast). */
export const VAST_VERSION = '4.1';
const VAST_NS = 'http://www.iab.com/VAST';
/** UniversalAdId's registry: our own catalogue of creatives (campaign id / creative file). */
export const UNIVERSAL_AD_ID_REGISTRY = 'wavecast.creatives';

/**
 * A VAST 4.1 document for one audio ad (an InLine Linear creative with its Impression, quartile
 * Tracking, ClickThrough and Error URL, all signed single-use URLs; the advertiser's display name as
 * AdTitle and Advertiser; the creative's UniversalAdId), or an empty VAST when there is no ad.
 * Elements are in the schema's order (IAB `vast_4.1.xsd`: the base type's sequence first).
 */
export function vastXml(ad: TServedAd | null): string {
  const head = `<?xml version="1.0" encoding="UTF-8"?>`;
  if (!ad?.mediaUrl) return `${head}\n<VAST version="${VAST_VERSION}" xmlns="${VAST_NS}"></VAST>`;
  const events = (['firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const)
    .map((e) => `              <Tracking event="${e}">${cdata(ad.tracking[e])}</Tracking>`)
    .join('\n');
  return `${head}
<VAST version="${VAST_VERSION}" xmlns="${VAST_NS}">
  <Ad id="${attr(ad.id)}">
    <InLine>
      <AdSystem version="1">Wavecast</AdSystem>
      <Error>${cdata(ad.errorUrl)}</Error>
      <Impression id="wavecast">${cdata(ad.tracking.impression)}</Impression>
      <AdServingId>${attr(ad.id)}</AdServingId>
      <AdTitle>${cdata(ad.title)}</AdTitle>
      <Advertiser>${cdata(ad.title)}</Advertiser>
      <Creatives>
        <Creative id="${attr(ad.campaignId)}" adId="${attr(ad.campaignId)}">
          <Linear>
            <TrackingEvents>
${events}
            </TrackingEvents>
            <Duration>${vastDuration(ad.durationSeconds ?? 0)}</Duration>
            <MediaFiles>
              <MediaFile delivery="progressive" type="${attr(ad.mime ?? 'audio/mp4')}" width="0" height="0">${cdata(ad.mediaUrl)}</MediaFile>
            </MediaFiles>
            <VideoClicks>
              <ClickThrough id="wavecast">${cdata(ad.clickUrl)}</ClickThrough>
            </VideoClicks>
          </Linear>
          <UniversalAdId idRegistry="${UNIVERSAL_AD_ID_REGISTRY}">${attr(ad.creativeId)}</UniversalAdId>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;
}
