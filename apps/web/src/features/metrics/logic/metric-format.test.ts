import { describe, expect, it } from 'vitest';
import { fixedAxisRange, formatBytes, formatMetricValue } from './metric-format';

describe('formatMetricValue', () => {
  it.each([
    [42.456, 'percent', '42.46%'],
    [100, 'percent', '100%'],
    [71.5, 'celsius', '71.5 °C'],
    [1234.5678, 'kbps', '1234.57 kbps'],
    [0, 'kbps', '0 kbps'],
    [1536, 'bytes', '1.5 KB'],
  ] as const)('%s %s reads %s', (value, unit, text) => {
    expect(formatMetricValue(value, unit)).toBe(text);
  });
});

describe('formatBytes', () => {
  it('uses 1024 units from bytes up to terabytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(5 * 1024 ** 2)).toBe('5 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.25 GB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB');
    expect(formatBytes(2048 * 1024 ** 4)).toBe('2048 TB');
  });

  it('keeps two decimals at most', () => {
    expect(formatBytes(1000 * 1024 + 1)).toBe('1000 KB');
    expect(formatBytes(1024 + 100)).toBe('1.1 KB');
  });
});

describe('fixedAxisRange', () => {
  it('scales percent from 0 to 100 and lets other units fit their data', () => {
    expect(fixedAxisRange('percent')).toEqual([0, 100]);
    expect(fixedAxisRange('bytes')).toBeNull();
    expect(fixedAxisRange('celsius')).toBeNull();
  });
});
