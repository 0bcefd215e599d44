import { describe, expect, it } from 'vitest';
import { isAdbEnabled } from './adb';

describe('ADB over IP (spec 2 §4.8)', () => {
  it('is on when the device reports port 5555 only', () => {
    expect(isAdbEnabled(5555)).toBe(true);
    expect(isAdbEnabled(5556)).toBe(false);
    expect(isAdbEnabled(null)).toBe(false);
    expect(isAdbEnabled(undefined)).toBe(false);
  });
});
