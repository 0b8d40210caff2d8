/**
 * The server's render of a page's first view (ADR 0022), built for Node by `vite build --ssr`
 * (scripts/build-web.mjs) and called by apps/server/src/spa/first-view.ts: the same components as
 * the browser's first render, with the same answers in the cache, as static markup. The browser
 * does not hydrate it: React's first render replaces it (main.tsx), so no hydration code ships.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter, useRoutes } from 'react-router';
import { SESSION_KEY, SessionProvider } from './features/auth/session';
import { IdlePlayerProvider } from './features/player/PlayerProvider';
import { newQueryClient } from './lib/query-client';
import { preloadPage, routes } from './routes';

function Routes() {
  return useRoutes(routes);
}

/**
 * `url`'s first view for a signed-out visitor, rendered from `answers` (API answers by URL), or
 * null when the page has no first view (not one of the pages that seed one).
 */
export async function renderFirstView(url: string, answers: Record<string, unknown>): Promise<string | null> {
  const pathname = url.split('?', 1)[0];
  const page = await preloadPage(pathname);
  if (!page?.module.seedFirstView) return null;
  const client = newQueryClient();
  client.setQueryData(SESSION_KEY, { user: null });
  page.module.seedFirstView(client, answers, page.params);
  try {
    return renderToString(
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
  } finally {
    client.clear();
  }
}
