/**
 * The server's render of a page's first view (ADR 0022), built for Node by `vite build --ssr`
 * (scripts/build-web.mjs) and called by apps/server/src/spa/first-view.ts: the same components as
 * the browser's first render, with the same answers in the cache, as static markup. The browser
 * does not hydrate it: React's first render replaces it (main.tsx), so no hydration code ships.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter, useRoutes } from 'react-router';
import { SESSION_KEY, SessionProvider } from './features/auth/session';
import { seedDiscovery } from './features/discovery/queries';
import { IdlePlayerProvider } from './features/player/IdlePlayerProvider';
import { newQueryClient } from './lib/query-client';
import { preloadPage, routes } from './routes';

/** The pages with a first view: how their answers (API answers by URL) go into the cache. */
const SEEDS: Record<string, (client: QueryClient, answers: Record<string, unknown>) => void> = {
  '/': seedDiscovery,
  '/explore': seedDiscovery,
};

function Routes() {
  return useRoutes(routes);
}

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
  const seed = SEEDS[pathname];
  if (!seed || !(await preloadPage(pathname))) return null;
  const client = newQueryClient();
  client.setQueryData(SESSION_KEY, { user: null });
  seed(client, answers);
  try {
    const markup = renderToString(
      <QueryClientProvider client={client}>
        <SessionProvider>
          <IdlePlayerProvider>
            <StaticRouter location={url}>
              <Routes />
            </StaticRouter>
          </IdlePlayerProvider>
        </SessionProvider>
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
