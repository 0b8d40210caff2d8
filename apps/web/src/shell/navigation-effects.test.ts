// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { focusNewPageHeading } from './navigation-effects';

/** The layout's <main> and a button outside it (the top bar's bell). */
function layout() {
  document.body.innerHTML = '<button id="bell">Bell</button><main id="main"></main>';
  return {
    bell: document.getElementById('bell') as HTMLButtonElement,
    main: document.getElementById('main') as HTMLElement,
  };
}
const showHeading = (main: HTMLElement) => {
  main.innerHTML = '<h1>Settings</h1>';
};
/** MutationObserver callbacks run as microtasks. */
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusNewPageHeading', () => {
  it('focuses the new page heading when the reader has not moved focus', async () => {
    const { main } = layout();
    const stop = focusNewPageHeading(null);
    showHeading(main);
    await settle();
    expect(document.activeElement?.tagName).toBe('H1');
    stop();
  });

  it('leaves focus alone once the reader focused something else, even while focus is on the body for a moment', async () => {
    const { bell, main } = layout();
    const stop = focusNewPageHeading(null);
    // The reader opens the bell's panel while the page loads; closing it leaves focus on the body
    // until the panel hands it back to the bell, a task later.
    bell.focus();
    bell.blur();
    expect(document.activeElement).toBe(document.body);
    showHeading(main);
    await settle();
    expect(document.activeElement?.tagName).not.toBe('H1');
    stop();
  });

  it('leaves focus in a dialog the reader opened before the page committed (its code loaded late)', async () => {
    const { main } = layout();
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog"><button id="inside">Mark all</button></div>');
    const inside = document.getElementById('inside') as HTMLButtonElement;
    inside.focus();
    // The navigation commits now, with focus already in the dialog: it is what the effect calls the opener.
    const stop = focusNewPageHeading(document.activeElement);
    showHeading(main);
    await settle();
    expect(document.activeElement).toBe(inside);
    stop();
  });
});
