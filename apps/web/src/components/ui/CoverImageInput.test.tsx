// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCoverImageInput } from './CoverImageInput';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let picked: File[];

function Picker() {
  const picker = useCoverImageInput((file) => picked.push(file));
  return (
    <>
      <button type="button" onClick={picker.open}>
        Choose
      </button>
      {picker.input}
    </>
  );
}

// The cover picker ChannelCover and PlaylistCover share: images reach the callback, other files
// do not, and the input is emptied after each choice.
describe('useCoverImageInput', () => {
  let root: Root;
  let host: HTMLElement;
  let opened: number;
  beforeEach(() => {
    picked = [];
    opened = 0;
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    act(() => root.render(<Picker />));
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });
  const input = () => {
    const el = host.querySelector<HTMLInputElement>('input[type="file"][aria-label="Cover image"]');
    if (!el) throw new Error('no file input');
    return el;
  };
  const choose = (file: File) => {
    Object.defineProperty(input(), 'files', { value: [file], configurable: true });
    act(() => {
      input().dispatchEvent(new Event('change', { bubbles: true }));
    });
  };

  it('accepts JPEG, PNG and WebP and hands a chosen image on', () => {
    expect(input().accept).toBe('image/jpeg,image/png,image/webp');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'c.png', { type: 'image/png' });
    choose(png);
    expect(picked).toEqual([png]);
    choose(png); // the same file again still counts (the input was emptied)
    expect(picked).toHaveLength(2);
  });

  it('refuses a file that is not an image', () => {
    choose(new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(picked).toEqual([]);
  });

  it('open clicks the hidden input', () => {
    input().addEventListener('click', () => opened++);
    act(() => host.querySelector('button')?.click());
    expect(opened).toBe(1);
  });
});
