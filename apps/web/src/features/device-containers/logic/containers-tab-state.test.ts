import { describe, expect, it } from 'vitest';
import { containersBlock, installLabel } from './containers-tab-state';

const device = (overrides: Record<string, unknown> = {}) => ({
  product_name: 'edgecaster' as const,
  daemon_version: 'v10.5.2',
  cloud_version: 'V1.25.0',
  online: true,
  ...overrides,
});
const docker = { 'services.docker.enabled': true };

describe('what the Containers tab shows (spec 3 §2.7, §8)', () => {
  it.each([
    ['no Docker licence', device(), {}, 'standard', 'Not Licensed'],
    ['an offline device', device({ online: false }), docker, 'standard', 'Device Offline'],
    [
      'an agent below v1.18.1, Standard',
      device({ cloud_version: 'V1.17.0' }),
      docker,
      'standard',
      'Unsupported Version',
    ],
    [
      'an agent below V1.0.0b34, Advanced',
      device({ cloud_version: 'V1.0.0b20' }),
      docker,
      'advanced',
      'Not Supported',
    ],
    [
      'edgecaster_max always has Advanced',
      device({ product_name: 'edgecaster_max', cloud_version: 'V1.0.0b20' }),
      docker,
      'advanced',
      null,
    ],
    ['a licensed online current device', device(), docker, 'standard', null],
  ] as const)('%s', (_, current, entitlements, view, expected) => {
    expect(containersBlock({ device: current, entitlements, view })).toBe(expected);
  });

  it('reads Not Licensed on a licensable container the device is not licensed for', () => {
    const entitlements = { 'services.docker.containers': ['a'] };
    expect(installLabel({ container_guid: 'a', licensable: true }, entitlements)).toBe('Install');
    expect(installLabel({ container_guid: 'b', licensable: true }, entitlements)).toBe('Not Licensed');
    expect(installLabel({ container_guid: 'b', licensable: false }, entitlements)).toBe('Install');
  });
});
