import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once its place comes within `margin` of the viewport, and from then on:
 * what sits below the fold (ads) loads its code when the visitor scrolls towards it, not with the
 * page's first render (the home route's script budget, DESIGN §9).
 */
export function NearViewport({ children, margin = '200px' }: { children: ReactNode; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), {
      rootMargin: `${margin} 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return <div ref={ref}>{near ? children : null}</div>;
}
