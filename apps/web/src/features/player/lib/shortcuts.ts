import { SEEK_STEP_SECONDS } from '@wavecast/shared';

export type ShortcutCommand =
  | { type: 'toggle' }
  | { type: 'seekBy'; seconds: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'toggleMute' };

type KeyLike = Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** Keyboard shortcuts of the player: space, ←/→ seek 5 s, shift+←/→ previous/next, m mute. */
export function shortcutFor(e: KeyLike): ShortcutCommand | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === ' ' || e.code === 'Space') return e.shiftKey ? null : { type: 'toggle' };
  if (e.key === 'ArrowRight') return e.shiftKey ? { type: 'next' } : { type: 'seekBy', seconds: SEEK_STEP_SECONDS };
  if (e.key === 'ArrowLeft') return e.shiftKey ? { type: 'previous' } : { type: 'seekBy', seconds: -SEEK_STEP_SECONDS };
  if ((e.key === 'm' || e.key === 'M') && !e.shiftKey) return { type: 'toggleMute' };
  return null;
}

type TargetLike = {
  tagName?: string;
  isContentEditable?: boolean;
  type?: string;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => unknown;
} | null;

/** Inputs that consume arrow/space keys themselves, so the player must keep its hands off. */
const KEYBOARD_WIDGET_ROLES = new Set(['slider', 'textbox', 'combobox', 'spinbutton', 'listbox', 'menu', 'menuitem']);
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'color', 'file']);

/** True while the user types in a field (input, textarea, select, contenteditable) or drives a widget. */
export function isTypingTarget(target: TargetLike): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
  const role = target.getAttribute?.('role');
  if (role && KEYBOARD_WIDGET_ROLES.has(role)) return true;
  return false;
}

/** Buttons and links use space/enter themselves; the player only takes the space key elsewhere. */
export function isActivatableTarget(target: TargetLike): boolean {
  const tag = target?.tagName?.toUpperCase();
  return tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY' || target?.getAttribute?.('role') === 'button';
}

/**
 * Decides what a keydown does: null when it belongs to whatever has focus.
 * Space on a focused button activates that button, not the player.
 */
export function commandForKeydown(e: KeyLike & { target: EventTarget | null; defaultPrevented?: boolean }) {
  if (e.defaultPrevented) return null;
  const target = e.target as TargetLike;
  if (isTypingTarget(target)) return null;
  const command = shortcutFor(e);
  if (command?.type === 'toggle' && isActivatableTarget(target)) return null;
  return command;
}
