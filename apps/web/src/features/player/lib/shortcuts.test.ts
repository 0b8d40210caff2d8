import { describe, expect, it } from 'vitest';
import { commandForKeydown, isTypingTarget, shortcutFor } from './shortcuts';

const key = (k: string, extra: Partial<KeyboardEvent> = {}) =>
  ({
    key: k,
    code: k === ' ' ? 'Space' : k,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...extra,
  }) as KeyboardEvent;
const el = (tagName: string, extra: Record<string, unknown> = {}) => ({
  tagName,
  isContentEditable: false,
  getAttribute: (n: string) => (extra.attrs as Record<string, string> | undefined)?.[n] ?? null,
  ...extra,
});

describe('shortcutFor', () => {
  it('maps space, arrows, shift+arrows and m', () => {
    expect(shortcutFor(key(' '))).toEqual({ type: 'toggle' });
    expect(shortcutFor(key('ArrowRight'))).toEqual({ type: 'seekBy', seconds: 5 });
    expect(shortcutFor(key('ArrowLeft'))).toEqual({ type: 'seekBy', seconds: -5 });
    expect(shortcutFor(key('ArrowRight', { shiftKey: true }))).toEqual({ type: 'next' });
    expect(shortcutFor(key('ArrowLeft', { shiftKey: true }))).toEqual({ type: 'previous' });
    expect(shortcutFor(key('m'))).toEqual({ type: 'toggleMute' });
    expect(shortcutFor(key('M'))).toEqual({ type: 'toggleMute' });
  });

  it('leaves other keys and browser shortcuts alone', () => {
    expect(shortcutFor(key('k'))).toBeNull();
    expect(shortcutFor(key('ArrowUp'))).toBeNull();
    expect(shortcutFor(key('ArrowLeft', { altKey: true }))).toBeNull(); // browser back
    expect(shortcutFor(key('m', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('ArrowRight', { metaKey: true }))).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('is true in text fields, textareas, selects and contenteditable', () => {
    expect(isTypingTarget(el('INPUT', { type: 'text' }))).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: 'search' }))).toBe(true);
    expect(isTypingTarget(el('input', { type: 'email' }))).toBe(true);
    expect(isTypingTarget(el('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(el('SELECT'))).toBe(true);
    expect(isTypingTarget(el('DIV', { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(el('DIV', { attrs: { role: 'slider' } }))).toBe(true);
  });

  it('is false on buttons, checkboxes, the page body and nothing', () => {
    expect(isTypingTarget(el('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(el('BUTTON'))).toBe(false);
    expect(isTypingTarget(el('BODY'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('commandForKeydown', () => {
  const ev = (k: string, target: unknown, extra: Partial<KeyboardEvent> = {}) =>
    ({ ...key(k, extra), target }) as unknown as KeyboardEvent;

  it('does not fire while typing', () => {
    expect(commandForKeydown(ev(' ', el('INPUT', { type: 'text' })))).toBeNull();
    expect(commandForKeydown(ev('m', el('TEXTAREA')))).toBeNull();
    expect(commandForKeydown(ev('ArrowLeft', el('DIV', { isContentEditable: true })))).toBeNull();
  });

  it('fires on the page, but space on a focused button stays the button’s', () => {
    expect(commandForKeydown(ev(' ', el('BODY')))).toEqual({ type: 'toggle' });
    expect(commandForKeydown(ev('m', el('BUTTON')))).toEqual({ type: 'toggleMute' });
    expect(commandForKeydown(ev(' ', el('BUTTON')))).toBeNull();
    expect(commandForKeydown(ev(' ', el('A')))).toBeNull();
  });

  it('respects handlers that already took the key', () => {
    expect(commandForKeydown(ev(' ', el('BODY'), { defaultPrevented: true }))).toBeNull();
  });
});
