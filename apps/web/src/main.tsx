import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { firstViewRoot, seedFirstView } from './first-view';
import { newQueryClient } from './lib/query-client';
import { preloadPage } from './routes';
import './index.css';

const client = newQueryClient();
const app = (
  <StrictMode>
    <App client={client} />
  </StrictMode>
);

// With a server-rendered first view (ADR 0022, ADR 0052), React hydrates it: it adopts the markup
// already on screen (no DOM built, no restyle, no image decoded again) once it can render that same
// page, i.e. its answers are in the cache and its chunk is loaded. Inside a transition the render
// is sliced into short tasks (Lighthouse's Total Blocking Time counts the long ones); the page's
// content, behind the layout's Suspense boundary, is hydrated in a second, equally sliced pass (or
// at once where the visitor clicks first).
const view = firstViewRoot();
if (view && seedFirstView(client)) {
  void preloadPage(location.pathname)
    .catch(() => false)
    .then(() => startTransition(() => void hydrateRoot(view, app)));
} else {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() => root.render(app));
}
