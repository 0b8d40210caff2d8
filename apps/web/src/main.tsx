import { StrictMode, startTransition } from 'react';
import { firstViewRoot, seedFirstView } from './first-view';
import './index.css';

/**
 * The app starts in stages (ADR 0059). A module graph is evaluated in one task: as one entry, React
 * DOM, the router, the query cache, the shell and the player were one 150–700 ms task on a phone
 * (Lighthouse's 4× slowdown), most of the Total Blocking Time of a server-rendered first view, which
 * is already painted and needs none of it to be seen. Each stage below is a dynamic import of the
 * part of the graph not evaluated yet (a `src/boot/` module), in its own task: the browser paints, scrolls and handles a tap
 * between them. The server preloads every stage's chunks with the page (spa/first-paint.ts), so the
 * stages wait on no network, only on the task queue.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const { createRoot, hydrateRoot } = await import('./boot/dom');
  await nextTask();
  await import('./boot/libraries');
  await nextTask();
  const { preloadPage } = await import('./boot/routes');
  await nextTask();
  const { App, newQueryClient } = await import('./boot/app');
  await nextTask();

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
    await preloadPage(location.pathname).catch(() => false);
    await nextTask();
    startTransition(() => void hydrateRoot(view, app));
  } else {
    const root = createRoot(document.getElementById('root') as HTMLElement);
    startTransition(() => root.render(app));
  }
}

void start();
