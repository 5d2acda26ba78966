import { describe, expect, it } from 'vitest';
import { EINVAL, ENOSPC, EOPNOTSUPP, errnoName, formatResult, strerror } from './errno';

describe('errno formatting', () => {
  it('prints a non-negative return value as is', () => {
    expect(formatResult(0)).toBe('0');
    expect(formatResult(32768)).toBe('32768');
  });
  it('prints -errno as strace does, with glibc messages', () => {
    expect(formatResult(-EINVAL)).toBe('-1 EINVAL (Invalid argument)');
    expect(formatResult(-ENOSPC)).toBe('-1 ENOSPC (No space left on device)');
  });
  it('uses EOPNOTSUPP, not the ENOTSUP alias, for 95', () => {
    expect(errnoName(EOPNOTSUPP)).toBe('EOPNOTSUPP');
    expect(strerror(EOPNOTSUPP)).toBe('Operation not supported');
  });
  it('names an unknown errno by number', () => {
    expect(formatResult(-200)).toBe('-1 E200 (Unknown error 200)');
  });
});
