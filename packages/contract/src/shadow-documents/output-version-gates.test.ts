import { describe, expect, it } from 'vitest';
import { type DeviceSoftware, isOutputTypeSupported, supportsOutputFeature } from './output-version-gates.ts';

const device = (daemonVersion: string | null, overrides: Partial<DeviceSoftware> = {}): DeviceSoftware => ({
  product: 'edgecaster',
  daemonVersion,
  cloudVersion: 'V1.25.0',
  ...overrides,
});

describe('output version gates (spec 3 §9)', () => {
  it('offers WHIP from daemon v10.1.0 on, and every other type on any daemon', () => {
    expect(isOutputTypeSupported('whip', device('v10.1.0'))).toBe(true);
    expect(isOutputTypeSupported('whip', device('10.0.9'))).toBe(false);
    expect(isOutputTypeSupported('whip', device(null))).toBe(false);
    expect(isOutputTypeSupported('rtmp', device(null))).toBe(true);
  });

  it('lets outputs be added and removed from daemon v9.0.0 and cloud agent v1.1.0, on edgecaster_max from the agent alone', () => {
    expect(supportsOutputFeature('dynamicAddRemove', device('v9.0.0'))).toBe(true);
    expect(supportsOutputFeature('dynamicAddRemove', device('v8.9.9'))).toBe(false);
    expect(supportsOutputFeature('dynamicAddRemove', device('v9.0.0', { cloudVersion: 'V1.0.0b34' }))).toBe(
      false,
    );
    expect(supportsOutputFeature('dynamicAddRemove', device('v8.0.0', { product: 'edgecaster_max' }))).toBe(
      true,
    );
  });

  it('gates the newer output settings by their versions', () => {
    expect(supportsOutputFeature('mediaPackage', device('v10.5.2'))).toBe(false);
    expect(supportsOutputFeature('mediaPackage', device('v11.2.1'))).toBe(true);
    expect(supportsOutputFeature('httpPushRetry', device('v10.4.0'))).toBe(true);
    expect(supportsOutputFeature('httpSettings', device('v9.4.9'))).toBe(false);
    expect(supportsOutputFeature('zixiBackPressure', device('v9.0.0', { cloudVersion: 'V1.10.9' }))).toBe(
      false,
    );
  });
});
