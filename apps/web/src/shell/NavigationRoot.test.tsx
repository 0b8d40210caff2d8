// @vitest-environment happy-dom
import { act, type ComponentType, lazy, Suspense } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reactRootPerTest } from '../test/react-root';
import { NavigationRoot, noteNavigationStarts } from './NavigationRoot';

const view = reactRootPerTest();

/** The app's layout in small: a button outside <main> (the bell), the page behind a Suspense. */
function Layout() {
  return (
    <>
      <button type="button">Bell</button>
      <main id="main">
        <Suspense fallback={<p>Loading</p>}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}

/** Waits for `done` (the effects module loads on the first navigation). */
async function until(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
}

describe('NavigationRoot', () => {
  it("leaves focus where the reader put it while a page's code was still loading", async () => {
    // Settings' code arrives when this test says (a slow device).
    let arrive = () => {};
    const Settings = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          arrive = () => resolve({ default: () => <h1>Settings</h1> });
        }),
    );
    const router = noteNavigationStarts(
      createMemoryRouter([
        {
          element: <NavigationRoot />,
          children: [
            {
              element: <Layout />,
              children: [
                { path: '/', element: <h1>Home</h1> },
                { path: '/settings', element: <Settings /> },
              ],
            },
          ],
        },
      ]),
    );
    await act(async () => view.root.render(<RouterProvider router={router} />));
    const bell = view.host.querySelector('button') as HTMLButtonElement;

    // The reader follows a link to Settings, then, while it loads, moves to the bell.
    await act(async () => void router.navigate('/settings'));
    bell.focus();
    await act(async () => arrive());
    await until(() => view.host.querySelector('h1')?.textContent === 'Settings');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(document.activeElement).toBe(bell);

    // A navigation the reader did not interrupt still moves focus to the new heading.
    await act(async () => void router.navigate('/'));
    await until(() => document.activeElement?.tagName === 'H1');
    expect(document.activeElement?.textContent).toBe('Home');
  });
});
