import { describe, expect, it } from 'vitest';
import { tileColour } from './tile-colour';

const thresholds = { warning: 70, critical: 90 };

describe('tileColour', () => {
  it.each([
    [[95, 10], 'info'],
    [[10, 70], 'info'],
    [[10, 70.01], 'warning'],
    [[10, 90], 'warning'],
    [[10, 90.5], 'error'],
  ] as const)('judges the last value of %j as %s', (values, colour) => {
    expect(tileColour({ failed: false, values, thresholds })).toBe(colour);
  });

  it('is red when the query failed, whatever the values', () => {
    expect(tileColour({ failed: true, values: [1], thresholds })).toBe('error');
  });

  it('is blue without values or without thresholds', () => {
    expect(tileColour({ failed: false, values: [], thresholds })).toBe('info');
    expect(tileColour({ failed: false, values: [99] })).toBe('info');
  });
});
