import { useQuery } from '@tanstack/react-query';
import type { AdPlacement, TServedAd } from '@wavecast/shared';
import { DISPLAY_IMPRESSION_SECONDS } from '@wavecast/shared';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSession } from '../../auth/session';
import { ReportAdButton } from './ReportAdButton';

/** Our tracking URLs are absolute (for VAST clients); the web app calls them on its own origin. */
const local = (u: string) => {
  const url = new URL(u, location.origin);
  return `${url.pathname}${url.search}`;
};

/** One ad of a format for a placement; none for ad-free plans (no request at all). */
function useServedAd(
  format: 'display' | 'sponsored',
  placement: AdPlacement,
  size?: '728x90' | '300x250',
  shown = true,
) {
  const { user, loading } = useSession();
  const adFree = user?.entitlements.adFree ?? false;
  return useQuery({
    queryKey: ['ad-serve', format, placement, size ?? null, user?.id ?? null],
    queryFn: async () => {
      const sized = size ? `&size=${size}` : '';
      const res = await fetch(`/api/ads/serve?format=${format}&placement=${placement}${sized}`, {
        credentials: 'same-origin',
      });
      if (!res.ok) return null;
      return ((await res.json()) as { ad: TServedAd | null }).ad;
    },
    // A slot not shown on this viewport asks for nothing: a serve nobody can see is no serve.
    enabled: !adFree && !loading && shown,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * Counts an impression honestly: once at least half of the element was on screen for a second
 * (the server counts each tracking URL once, and not before a second after the ad was chosen).
 */
function useViewableImpression(ad: TServedAd | null | undefined) {
  const ref = useRef<HTMLElement | null>(null);
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

/** The leaderboard (728×90) needs this much width; narrower screens get the 300×250 rectangle. */
const WIDE_QUERY = '(min-width: 768px)';

/** Whether the viewport is wide enough for the leaderboard, kept current as it is resized. */
function useWideViewport(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(WIDE_QUERY);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

const SLOT_SIZES = {
  '728x90': { width: 728, height: 90, box: 'h-[90px] w-[728px]' },
  '300x250': { width: 300, height: 250, box: 'h-[250px] w-[300px]' },
} as const;

/**
 * A display slot in the size that fits the screen: 728×90 on wide screens, 300×250 on phones (both
 * accepted sizes are asked for where they show; nothing is asked for a size not shown). Its size
 * is reserved before the ad arrives (no layout shift); nothing for ad-free plans.
 */
export function DisplayAdSlot({ placement }: { placement: AdPlacement }) {
  const { user } = useSession();
  const size = useWideViewport() ? '728x90' : '300x250';
  // A server-rendered page hydrates with the wide size: ask only once this screen's size is known.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const query = useServedAd('display', placement, size, hydrated);
  const ad = query.data;
  const ref = useViewableImpression(ad);
  if (user?.entitlements.adFree) return null;
  const { width, height, box } = SLOT_SIZES[size];
  return (
    <div className="mx-auto my-8 w-fit max-w-full">
      <aside
        ref={ref}
        aria-label="Advertisement"
        data-testid="display-ad-slot"
        data-size={size}
        className={`relative max-w-full overflow-hidden rounded border border-dashed border-border bg-surface ${box}`}
      >
        <span className="absolute top-1 left-1 z-10 rounded bg-black/60 px-1 text-[10px] font-bold text-white">Ad</span>
        {ad?.mediaUrl && (
          <a href={local(ad.clickUrl)} target="_blank" rel="noopener sponsored">
            <img src={local(ad.mediaUrl)} alt={ad.title} width={width} height={height} className={`block ${box}`} />
          </a>
        )}
      </aside>
      {ad && (
        <p className="mt-1 flex justify-between gap-2 text-[11px] text-muted">
          <span data-testid="ad-advertiser">Ad · {ad.title}</span>
          <ReportAdButton serveId={ad.id} />
        </p>
      )}
    </div>
  );
}

/** A sponsored content card (short text, image, link), labelled; nothing when there is none. */
export function SponsoredCard({ placement }: { placement: AdPlacement }) {
  const query = useServedAd('sponsored', placement);
  const ad = query.data;
  const ref = useViewableImpression(ad);
  if (!ad) return null;
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
