import { describe, expect, it } from 'vitest';
import { type DeviceSoftware, supportsFeature } from './version-gates.ts';

const device = (overrides: Partial<DeviceSoftware> = {}): DeviceSoftware => ({
  product_name: 'edgecaster',
  daemon_version: 'v10.5.2',
  cloud_version: 'V1.25.0',
  ...overrides,
});

describe('version gates (spec 3 §9)', () => {
  it('asks the daemon for a daemon feature, from its version on', () => {
    expect(supportsFeature(device({ daemon_version: 'v10.1.0' }), 'dataEncoders')).toBe(true);
    expect(supportsFeature(device({ daemon_version: 'v10.0.9' }), 'dataEncoders')).toBe(false);
    expect(supportsFeature(device({ daemon_version: 'v10.4.1' }), 'dynamicOverlay')).toBe(false);
    expect(supportsFeature(device({ daemon_version: 'v11.2.1' }), 'retry')).toBe(true);
  });

  it('asks the cloud agent for a cloud feature, betas before their release', () => {
    expect(supportsFeature(device({ cloud_version: 'v1.2.9' }), 'inputPreview')).toBe(false);
    expect(supportsFeature(device({ cloud_version: 'V1.3.0' }), 'inputPreview')).toBe(true);
    expect(supportsFeature(device({ cloud_version: 'V1.0.0b33' }), 'advancedContainers')).toBe(false);
    expect(supportsFeature(device({ cloud_version: 'V1.0.0b34' }), 'advancedContainers')).toBe(true);
  });

  it('needs both for dynamic add and remove, the daemon minimum by product', () => {
    expect(
      supportsFeature(device({ daemon_version: 'v9.0.0', cloud_version: 'v1.1.0' }), 'dynamicAddRemove'),
    ).toBe(true);
    expect(
      supportsFeature(device({ daemon_version: 'v9.0.0', cloud_version: 'v1.0.9' }), 'dynamicAddRemove'),
    ).toBe(false);
    const max = device({ product_name: 'edgecaster_max', cloud_version: 'v1.1.0' });
    expect(supportsFeature({ ...max, daemon_version: 'v9.5.0' }, 'dynamicAddRemove')).toBe(false);
    expect(supportsFeature({ ...max, daemon_version: 'v10.0.0' }, 'dynamicAddRemove')).toBe(true);
  });

  it('grants nothing to a device whose version is unknown or unreadable', () => {
    expect(supportsFeature(device({ daemon_version: null }), 'opus')).toBe(false);
    expect(supportsFeature(device({ cloud_version: 'latest' }), 'logSessions')).toBe(false);
  });
});
