import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { SESSION_KEY } from './features/auth/session';
import { readFirstView } from './first-view';
import { newQueryClient } from './lib/query-client';
import { preloadPage } from './routes';
import './index.css';

const root = createRoot(document.getElementById('root') as HTMLElement);
const client = newQueryClient();

/**
 * With a server-rendered first view (ADR 0022), React renders only once it can show that same page:
 * the session and the page's answers are put in the cache and the page's chunk is loaded first, so
 * its first render replaces the server's markup with identical content, not with a spinner.
 */
async function seedFirstView() {
  const firstView = readFirstView();
  if (!firstView) return;
  client.setQueryData(SESSION_KEY, firstView.answers['/api/me'] ?? { user: null });
  const page = await preloadPage(location.pathname).catch(() => null);
  page?.module.seedFirstView?.(client, firstView.answers, page.params);
}

void seedFirstView().finally(() => {
  // A transition: React renders in time slices (yielding to the browser every few ms) instead of
  // one long task, which is what Lighthouse's Total Blocking Time counts (issue 22).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App client={client} />
      </StrictMode>,
    );
  });
});
