import { describe, expect, test } from 'vitest';
import { DRAFT_KEY, loadDraft, saveDraft } from './draft';
import { loadTheme, nextTheme, saveTheme, THEME_KEY } from './theme';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  refuse = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.refuse) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
}

describe('the local draft', () => {
  test('is saved as a versioned record and read back', () => {
    const s = new MemoryStorage();
    expect(loadDraft(s)).toBe(null);
    expect(saveDraft('msgget(IPC_PRIVATE, 0)\n', s)).toBe(true);
    expect(s.getItem(DRAFT_KEY)).toBe('{"v":1,"workload":"msgget(IPC_PRIVATE, 0)\\n"}');
    expect(loadDraft(s)).toEqual({ v: 1, workload: 'msgget(IPC_PRIVATE, 0)\n' });
  });

  test('of an unknown version or shape is ignored', () => {
    const s = new MemoryStorage();
    s.setItem(DRAFT_KEY, '{"v":2,"workload":"x"}');
    expect(loadDraft(s)).toBe(null);
    s.setItem(DRAFT_KEY, 'not json');
    expect(loadDraft(s)).toBe(null);
  });

  test('reports a storage that refuses it', () => {
    const s = new MemoryStorage();
    s.refuse = true;
    expect(saveDraft('x', s)).toBe(false);
    expect(saveDraft('x', null)).toBe(false);
  });
});

describe('the theme choice', () => {
  test('cycles system, light, dark and survives in storage', () => {
    const s = new MemoryStorage();
    expect(loadTheme(s)).toBe('system');
    expect(nextTheme('system')).toBe('light');
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('system');
    saveTheme('dark', s);
    expect(s.getItem(THEME_KEY)).toBe('{"v":1,"theme":"dark"}');
    expect(loadTheme(s)).toBe('dark');
    s.setItem(THEME_KEY, '{"v":1,"theme":"purple"}');
    expect(loadTheme(s)).toBe('system');
  });
});
