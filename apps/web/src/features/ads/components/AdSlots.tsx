import { useQuery } from '@tanstack/react-query';
import type { AdPlacement, TServedAd } from '@wavecast/shared';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useSession } from '../../auth/session';

// What shows an ad (its markup, impression timer and report dialog) loads only once an ad is
// served: a page without ads does not pay for their code (the home route's budget, DESIGN §9).
const AdContent = lazy(() => import('./AdContent'));

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
 * is reserved, blank, while the serve is on its way (no layout shift when an ad comes); the framed,
 * labelled box shows only with an ad in it, and the slot folds away when none is served (an empty
 * "Ad" box is no ad: issue 36). Nothing for ad-free plans.
 */
export function DisplayAdSlot({ placement }: { placement: AdPlacement }) {
  const { user } = useSession();
  const size = useWideViewport() ? '728x90' : '300x250';
  // A server-rendered page hydrates with the wide size: ask only once this screen's size is known.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const query = useServedAd('display', placement, size, hydrated);
  const ad = query.data;
  if (user?.entitlements.adFree) return null;
  const { width, height, box } = SLOT_SIZES[size];
  const state = ad ? 'served' : query.isSuccess || query.isError ? 'empty' : 'pending';
  return (
    <div className={state === 'empty' ? 'contents' : 'mx-auto my-8 w-fit max-w-full'}>
      <aside
        aria-label={ad ? 'Advertisement' : undefined}
        aria-hidden={ad ? undefined : true}
        data-testid="display-ad-slot"
        data-size={size}
        data-state={state}
        className={
          state === 'empty'
            ? 'hidden'
            : `relative max-w-full overflow-hidden rounded ${ad ? 'border border-border bg-surface' : ''} ${box}`
        }
      >
        {ad && (
          <span className="absolute top-1 left-1 z-10 rounded bg-black/60 px-1 text-[10px] font-bold text-white">
            Ad
          </span>
        )}
        {ad?.mediaUrl && (
          <Suspense fallback={null}>
            <AdContent part="image" ad={ad} width={width} height={height} box={box} />
          </Suspense>
        )}
      </aside>
      {ad && (
        <Suspense fallback={null}>
          <AdContent part="byline" ad={ad} />
        </Suspense>
      )}
    </div>
  );
}

/** A sponsored content card (short text, image, link), labelled; nothing when there is none. */
export function SponsoredCard({ placement }: { placement: AdPlacement }) {
  const ad = useServedAd('sponsored', placement).data;
  if (!ad) return null;
  return (
    <Suspense fallback={null}>
      <AdContent part="sponsored" ad={ad} />
    </Suspense>
  );
}

/** The ads of a page's placement: a sponsored card, then a display slot. */
export default function PlacementAds({ placement }: { placement: AdPlacement }) {
  return (
    <>
      <SponsoredCard placement={placement} />
      <DisplayAdSlot placement={placement} />
    </>
  );
}
