import type { TServedAd } from '@wavecast/shared';
import { DISPLAY_IMPRESSION_SECONDS } from '@wavecast/shared';
import { useEffect, useRef } from 'react';
import { ReportAdButton } from './ReportAdButton';

/** Our tracking URLs are absolute (for VAST clients); the web app calls them on its own origin. */
const local = (u: string) => {
  const url = new URL(u, location.origin);
  return `${url.pathname}${url.search}`;
};

/**
 * Counts an impression honestly: once at least half of the element was on screen for a second
 * (the server counts each tracking URL once, and not before a second after the ad was chosen).
 */
function useViewableImpression<T extends HTMLElement>(ad: TServedAd) {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!ad || !el || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sent = false;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (sent) return;
        if (entry?.isIntersecting && entry.intersectionRatio >= 0.5) {
          timer ??= setTimeout(() => {
            sent = true;
            void fetch(local(ad.tracking.impression), { credentials: 'same-origin', keepalive: true }).catch(() => {});
            observer.disconnect();
          }, DISPLAY_IMPRESSION_SECONDS * 1000);
        } else if (timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { threshold: [0, 0.5, 1] },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [ad]);
  return ref;
}

/** A display ad's image in its reserved slot (AdSlots' DisplayAdSlot), counted once seen. */
function DisplayAdImage({ ad, width, height, box }: { ad: TServedAd; width: number; height: number; box: string }) {
  const ref = useViewableImpression<HTMLAnchorElement>(ad);
  return (
    <a ref={ref} href={local(ad.clickUrl)} target="_blank" rel="noopener sponsored">
      <img src={local(ad.mediaUrl ?? '')} alt={ad.title} width={width} height={height} className={`block ${box}`} />
    </a>
  );
}

/** Under a display ad: who it is from, and a way to report it. */
function AdByline({ ad }: { ad: TServedAd }) {
  return (
    <p className="mt-1 flex justify-between gap-2 text-[11px] text-muted">
      <span data-testid="ad-advertiser">Ad · {ad.title}</span>
      <ReportAdButton serveId={ad.id} />
    </p>
  );
}

/** A sponsored content card (short text, image, link), labelled, counted once seen. */
function SponsoredAd({ ad }: { ad: TServedAd }) {
  const ref = useViewableImpression<HTMLElement>(ad);
  return (
    <aside
      ref={ref}
      aria-label="Sponsored"
      data-testid="sponsored-card"
      className="my-8 flex gap-4 rounded-card border border-border bg-surface p-4"
    >
      {ad.mediaUrl && <img src={local(ad.mediaUrl)} alt="" className="size-24 shrink-0 rounded object-cover" />}
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">Sponsored</p>
        <p className="font-semibold">{ad.title}</p>
        {ad.text && <p className="mt-1 text-sm text-fg/90">{ad.text}</p>}
        <div className="mt-2 flex items-center gap-4">
          <a
            href={local(ad.clickUrl)}
            target="_blank"
            rel="noopener sponsored"
            className="inline-block text-sm text-primary hover:underline"
          >
            Visit the advertiser
          </a>
          <ReportAdButton serveId={ad.id} />
        </div>
      </div>
    </aside>
  );
}

type Props = { ad: TServedAd } & (
  | { part: 'image'; width: number; height: number; box: string }
  | { part: 'byline' }
  | { part: 'sponsored' }
);

/** One lazily loaded module for every part of an ad (AdSlots). */
export default function AdContent(props: Props) {
  if (props.part === 'image') return <DisplayAdImage {...props} />;
  if (props.part === 'byline') return <AdByline ad={props.ad} />;
  return <SponsoredAd ad={props.ad} />;
}
