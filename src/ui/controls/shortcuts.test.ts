import { describe, expect, test } from 'vitest';
import { shortcutFor, type KeyLike } from './shortcuts';

const press = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});

describe('the stepping shortcuts', () => {
  test('map function keys to the stepping actions, even while typing', () => {
    expect(shortcutFor(press('F10'), true)).toBe('step_over');
    expect(shortcutFor(press('F10', { shiftKey: true }), true)).toBe('step_back');
    expect(shortcutFor(press('F10', { ctrlKey: true }), true)).toBe('run_to_cursor');
    expect(shortcutFor(press('F8'), false)).toBe('run');
    expect(shortcutFor(press('Escape'), true)).toBe('close');
  });

  test('map F9 to the inner steps: into, back one event, out', () => {
    expect(shortcutFor(press('F9'), true)).toBe('step_into');
    expect(shortcutFor(press('F9', { shiftKey: true }), true)).toBe('step_back_inner');
    expect(shortcutFor(press('F9', { ctrlKey: true }), false)).toBe('step_out');
    expect(shortcutFor(press('F9', { altKey: true }), false)).toBe(null);
  });

  test('leave Home, End, ? and P to a text field that has focus', () => {
    for (const k of ['Home', 'End', '?', 'p']) expect(shortcutFor(press(k), true)).toBe(null);
    expect(shortcutFor(press('Home'), false)).toBe('reset');
    expect(shortcutFor(press('End'), false)).toBe('to_end');
    expect(shortcutFor(press('?', { shiftKey: true }), false)).toBe('help');
    expect(shortcutFor(press('P', { shiftKey: true }), false)).toBe('play_pause');
  });

  test('take ←/→, Shift+←/→ and Space as aliases outside text fields only', () => {
    expect(shortcutFor(press('ArrowRight'), false)).toBe('step_into');
    expect(shortcutFor(press('ArrowLeft'), false)).toBe('step_back_inner');
    expect(shortcutFor(press('ArrowRight', { shiftKey: true }), false)).toBe('step_over');
    expect(shortcutFor(press('ArrowLeft', { shiftKey: true }), false)).toBe('step_back');
    expect(shortcutFor(press(' '), false)).toBe('play_pause');
    for (const k of ['ArrowRight', 'ArrowLeft', ' ']) expect(shortcutFor(press(k), true)).toBe(null);
    expect(shortcutFor(press('ArrowRight', { ctrlKey: true }), false)).toBe(null);
  });

  test('ignore other keys and modified presses', () => {
    expect(shortcutFor(press('a'), false)).toBe(null);
    expect(shortcutFor(press('Home', { ctrlKey: true }), false)).toBe(null);
    expect(shortcutFor(press('F8', { altKey: true }), false)).toBe(null);
  });
});
