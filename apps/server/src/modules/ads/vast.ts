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

/**
 * A VAST 4 document for one audio ad (an InLine Linear creative with its Impression, quartile
 * Tracking and ClickThrough, all signed single-use URLs), or an empty VAST when there is no ad.
 */
export function vastXml(ad: TServedAd | null): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?>';
  if (!ad?.mediaUrl) return `${head}\n<VAST version="4.0"></VAST>`;
  const events = (['firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const)
    .map((e) => `            <Tracking event="${e}">${cdata(ad.tracking[e])}</Tracking>`)
    .join('\n');
  return `${head}
<VAST version="4.0">
  <Ad id="${attr(ad.id)}">
    <InLine>
      <AdSystem version="1">Wavecast</AdSystem>
      <AdServingId>${attr(ad.id)}</AdServingId>
      <AdTitle>${cdata(ad.title)}</AdTitle>
      <Impression id="wavecast">${cdata(ad.tracking.impression)}</Impression>
      <Creatives>
        <Creative id="${attr(ad.campaignId)}" adId="${attr(ad.campaignId)}">
          <Linear>
            <Duration>${vastDuration(ad.durationSeconds ?? 0)}</Duration>
            <TrackingEvents>
${events}
            </TrackingEvents>
            <VideoClicks>
              <ClickThrough id="wavecast">${cdata(ad.clickUrl)}</ClickThrough>
            </VideoClicks>
            <MediaFiles>
              <MediaFile delivery="progressive" type="${attr(ad.mime ?? 'audio/mp4')}" width="0" height="0">${cdata(ad.mediaUrl)}</MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;
}
