import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { seedFirstView } from './first-view';
import { newQueryClient } from './lib/query-client';
import { preloadPage } from './routes';
import './index.css';

const root = createRoot(document.getElementById('root') as HTMLElement);
const client = newQueryClient();

// With a server-rendered first view (ADR 0022), React renders once it can show that same page: its
// answers are in the cache and its chunk is loaded, so the first render replaces the server's
// markup with identical content, not with a spinner.
const ready = seedFirstView(client) ? preloadPage(location.pathname).catch(() => false) : Promise.resolve(false);
void ready.then(() => {
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
