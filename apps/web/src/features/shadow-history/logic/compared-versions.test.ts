import { describe, expect, it } from 'vitest';
import { comparedVersions } from './compared-versions';

const listed = [9, 7, 6, 3];

describe('comparedVersions', () => {
  it('compares the selected version with the one before it, the older on the left', () => {
    expect(comparedVersions(listed, 9, null, 9)).toEqual({ older: 7, newer: 9 });
    expect(comparedVersions(listed, 6, null, 9)).toEqual({ older: 3, newer: 6 });
  });

  it('compares the oldest listed version with the current one', () => {
    expect(comparedVersions(listed, 3, null, 9)).toEqual({ older: 3, newer: 9 });
  });

  it('compares with the version the user chose, older or newer', () => {
    expect(comparedVersions(listed, 6, 9, 9)).toEqual({ older: 6, newer: 9 });
    expect(comparedVersions(listed, 9, 3, 9)).toEqual({ older: 3, newer: 9 });
    expect(comparedVersions(listed, 9, 9, 9)).toEqual({ older: 7, newer: 9 });
  });

  it('has nothing to compare the only version with', () => {
    expect(comparedVersions([4], 4, null, 4)).toBeNull();
  });
});
