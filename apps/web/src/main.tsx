import './lib/zod-jitless-global';
import { StrictMode, startTransition } from 'react';
import { App } from './App';
import { firstViewRoot, seedFirstView } from './first-view';
import { newQueryClient } from './lib/query-client';
import { preloadPage } from './routes';
import './index.css';

/**
 * React DOM, the largest module, is a boot stage of its own (ADR 0059): a module graph is evaluated
 * in one task, and as part of the entry it made that task 150–700 ms on a phone (Lighthouse's 4×
 * slowdown), most of the Total Blocking Time of a server-rendered first view, which is already
 * painted and needs none of it to be seen. Imported dynamically after the entry, it is evaluated in
 * a task of its own; the server preloads it with the page (spa/first-paint.ts `bootChunks`), so
 * the stage waits on no network, only on the task queue.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const client = newQueryClient();
  const app = (
    <StrictMode>
      <App client={client} />
    </StrictMode>
  );
  await nextTask();
  const { createRoot, hydrateRoot } = await import('./boot/dom');

  // With a server-rendered first view (ADR 0022, ADR 0052), React hydrates it: it adopts the markup
  // already on screen (no DOM built, no restyle, no image decoded again) once it can render that same
  // page, i.e. its answers are in the cache and its chunk is loaded. Inside a transition the render
  // is sliced into short tasks (Lighthouse's Total Blocking Time counts the long ones); the page's
  // content, behind the layout's Suspense boundary, is hydrated in a second, equally sliced pass (or
  // at once where the visitor clicks first).
  const view = firstViewRoot();
  if (view && seedFirstView(client)) {
    await preloadPage(location.pathname).catch(() => false);
    await nextTask();
    startTransition(() => void hydrateRoot(view, app));
  } else {
    const root = createRoot(document.getElementById('root') as HTMLElement);
    startTransition(() => root.render(app));
  }
}

void start();
