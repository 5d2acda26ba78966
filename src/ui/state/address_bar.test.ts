import { describe, expect, it } from 'vitest';
import { AddressBar, type HashLocation } from './address_bar';

/** An address bar that records what the page replaced, and can be navigated as a user pastes a link. */
function fakeBar(initial: string): HashLocation & { hash: string; replaced: string[] } {
  const bar = {
    hash: initial,
    replaced: [] as string[],
    read: () => bar.hash,
    replace: (h: string) => {
      bar.replaced.push(h);
      bar.hash = h;
    },
  };
  return bar;
}

describe('AddressBar', () => {
  it('follows the state while the address bar holds what the page wrote', () => {
    const where = fakeBar('');
    const bar = new AddressBar(where);
    bar.opened('');
    expect(bar.write('#s=A')).toBe(true);
    expect(bar.write('#s=B')).toBe(true);
    expect(where.replaced).toEqual(['#s=A', '#s=B']);
    // its own writes are not navigations
    expect(bar.isNavigation('#s=B')).toBe(false);
  });

  it('does not replace a pasted link whose hashchange is still to come, and opens it when it comes', () => {
    const where = fakeBar('#s=OLD');
    const bar = new AddressBar(where);
    bar.opened('#s=OLD');
    expect(bar.write('#s=STEP5')).toBe(true);
    where.hash = '#s=PASTED';
    // the write that came due for the old state before the hashchange was handled
    expect(bar.write('#s=STEP6')).toBe(false);
    expect(where.hash).toBe('#s=PASTED');
    expect(bar.isNavigation(where.read())).toBe(true);
    bar.opened(where.read());
    expect(bar.write('#s=PASTED-AT-STEP1')).toBe(true);
    expect(where.replaced).toEqual(['#s=STEP5', '#s=PASTED-AT-STEP1']);
  });

  it('writes nothing when the hash is already there, and owns the spelling the browser keeps', () => {
    const where = fakeBar('#s=A');
    where.replace = (h) => {
      where.replaced.push(h);
      where.hash = h.replace('%24', '$');
    };
    const bar = new AddressBar(where);
    expect(bar.write('#s=A')).toBe(true);
    expect(where.replaced).toEqual([]);
    expect(bar.write('#s=B%24')).toBe(true);
    expect(bar.write('#s=C')).toBe(true);
    expect(where.replaced).toEqual(['#s=B%24', '#s=C']);
  });
});
