import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A React root in a fresh element for each test of the calling file (happy-dom), unmounted after it. */
export function reactRootPerTest(): { readonly host: HTMLDivElement; readonly root: Root } {
  const view = {} as { host: HTMLDivElement; root: Root };
  beforeEach(() => {
    view.host = document.createElement('div');
    document.body.append(view.host);
    view.root = createRoot(view.host);
  });
  afterEach(() => {
    act(() => view.root.unmount());
    view.host.remove();
  });
  return view;
}
