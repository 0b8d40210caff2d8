/**
 * The server's render of a page's first view (ADR 0022), built for Node by `vite build --ssr`
 * (scripts/build-web.mjs) and called by apps/server/src/spa/first-view.ts: the same components as
 * the browser's first render, with the same answers in the cache. The browser hydrates it
 * (main.tsx, ADR 0052): the markup must be exactly what its first render gives.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router';
import { SESSION_KEY, SessionProvider } from './features/auth/session';
import { seedDiscovery } from './features/discovery/queries';
import { IdlePlayerProvider } from './features/player/IdlePlayerProvider';
import { seedProfilePage } from './features/profiles/queries';
import { seedTrackPage } from './features/tracks/queries';
import { RENDERED_AT_KEY } from './lib/now';
import { newQueryClient } from './lib/query-client';
import { ToastHost } from './lib/toast';
import { preloadPage, routes } from './routes';

type Seed = (client: QueryClient, answers: Record<string, unknown>, id: string) => void;

/** The pages with a first view: how their answers (API answers by URL) go into the cache; `id` from the path. */
const SEEDS: [RegExp, Seed][] = [
  [/^\/$/, seedDiscovery],
  [/^\/explore$/, seedDiscovery],
  [/^\/audio\/([^/]+)$/, seedTrackPage],
  [/^\/profile\/([^/]+)$/, seedProfilePage],
];

/** A path's seed with its decoded id; null for pages without a first view (or a bad escape). */
function seedOf(pathname: string): { seed: Seed; id: string } | null {
  for (const [pattern, seed] of SEEDS) {
    const m = pattern.exec(pathname);
    if (!m) continue;
    try {
      return { seed, id: decodeURIComponent(m[1] ?? '') };
    } catch {
      return null;
    }
  }
  return null;
}

// The browser's router (routes.tsx createRouter) is a data router under NavigationRoot, which holds
// only browser effects and renders its <Outlet/>: the same tree here, with the data router's static
// twin. React's useId is derived from the tree's shape (where siblings fork it), so the server's tree
// must fork where the browser's does (RouterProvider's and App's sibling pairs), or the ids in the
// hydrated markup (tabs' aria-controls, Radix's) differ from React's (ADR 0052, issue 36).
const handler = createStaticHandler([{ element: <Outlet />, children: routes }]);

export interface RenderedFirstView {
  markup: string;
  /** The cache the markup was rendered from, `[queryKey, data]` pairs (web/src/first-view.ts). */
  cache: [unknown, unknown][];
}

/** `url`'s first view for a signed-out visitor, rendered from `answers`; null for other pages. */
export async function renderFirstView(
  url: string,
  answers: Record<string, unknown>,
): Promise<RenderedFirstView | null> {
  const pathname = url.split('?', 1)[0];
  const page = seedOf(pathname);
  if (!page || !(await preloadPage(pathname))) return null;
  const context = await handler.query(new Request(new URL(url, 'http://first-view.invalid')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = newQueryClient();
  client.setQueryData(SESSION_KEY, { user: null });
  page.seed(client, answers, page.id);
  // The instant relative times ("5 minutes ago") are written against, sent with the cache (lib/now.ts).
  client.setQueryData(RENDERED_AT_KEY, Date.now());
  try {
    // The shape of App.tsx (QueryClientProvider > [SessionProvider > player > router, ToastHost]).
    const markup = renderToString(
      <QueryClientProvider client={client}>
        <SessionProvider>
          <IdlePlayerProvider>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </IdlePlayerProvider>
        </SessionProvider>
        <ToastHost />
      </QueryClientProvider>,
    );
    const cache = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'success')
      .map((q): [unknown, unknown] => [q.queryKey, q.state.data]);
    return { markup, cache };
  } finally {
    client.clear();
  }
}
