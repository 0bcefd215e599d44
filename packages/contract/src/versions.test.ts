import { describe, expect, it } from 'vitest';
import { compareVersions, isAtLeast } from './versions.ts';

describe('compareVersions', () => {
  it.each([
    ['V1.25.0', 'V1.0.0b20', 1],
    ['V1.0.0b20', 'V1.0.0b16', 1],
    ['V1.0.0b16', 'V1.0.0', -1],
    ['V1.0.0', 'V1.0.0b44', 1],
    ['v10.5.2', 'v10.10.0', -1],
    ['1.5', '1.5.0', 0],
    ['V1.7.3', 'v1.7.3', 0],
    ['V1.0.0b44-BB-PROD', 'V1.0.0b44', 0],
  ])('%s against %s', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });

  it('refuses what is not a version', () => {
    expect(compareVersions('latest', '1.0.0')).toBeNaN();
    expect(isAtLeast('latest', '1.0.0')).toBe(false);
    expect(isAtLeast(null, '1.0.0')).toBe(false);
    expect(isAtLeast('V1.25.0', 'V1.7.3')).toBe(true);
  });
});
