import { describe, expect, it } from 'vitest';
import { OUTPUT_TYPES } from './shadow-documents/output-types.ts';
import {
  type DeviceSoftware,
  DYNAMIC_OUTPUTS_LOCKED_MESSAGE,
  isOutputTypeSupported,
  supportsFeature,
  supportsOutputFeature,
  VERSION_GATES,
  type VersionGateName,
} from './version-gates.ts';

/** The last version a part lacks the feature in, and the first it has it in. */
type Opening = [before: string, from: string];

/**
 * Every gate of spec 3 §9 as the spec writes it: the daemon (for edgecaster_max when it differs) and
 * the cloud agent it asks for.
 */
const GATES: [VersionGateName, { daemon?: Opening; maxDaemon?: Opening; cloud?: Opening }][] = [
  [
    'dynamicAddRemove',
    { daemon: ['v8.9.9', 'v9.0.0'], maxDaemon: ['v9.5.0', 'v10.0.0'], cloud: ['v1.0.9', 'v1.1.0'] },
  ],
  ['dataEncoders', { daemon: ['v10.0.9', 'v10.1.0'] }],
  ['opus', { daemon: ['v10.0.9', 'v10.1.0'] }],
  ['whip', { daemon: ['10.0.9', 'v10.1.0'] }],
  ['persistentInput', { daemon: ['v10.3.9', 'v10.4.0'] }],
  ['dynamicOverlay', { daemon: ['v10.4.1', 'v10.5.0'] }],
  ['limitTo30FpsWarning', { daemon: ['v9.0.4', 'v9.0.5'] }],
  ['cloudBackpressure', { cloud: ['V1.10.9', 'v1.11.0'] }],
  ['captionProcessing', { daemon: ['v10.2.0', 'v10.2.1'] }],
  ['strictCbr', { daemon: ['v10.2.0', 'v10.2.1'] }],
  ['additionalResolutions', { daemon: ['v10.2.9', 'v10.3.0'] }],
  ['retry', { daemon: ['v11.1.9', 'v11.2.0'] }],
  ['httpPushRetry', { daemon: ['v10.3.9', 'v10.4.0'] }],
  ['httpSettings', { daemon: ['v9.4.9', 'v9.5.0'] }],
  ['mediaPackage', { daemon: ['v11.0.9', 'v11.1.0'] }],
  ['zixiBackPressure', { cloud: ['V1.10.9', 'V1.11.0'] }],
  ['inputPreview', { cloud: ['v1.2.9', 'V1.3.0'] }],
  ['standardContainers', { cloud: ['v1.18.0', 'v1.18.1'] }],
  ['advancedContainers', { cloud: ['V1.0.0b33', 'V1.0.0b34'] }],
  ['dockerLogs', { cloud: ['v1.22.9', 'v1.23.0'] }],
  ['logSessions', { cloud: ['v1.24.9', 'v1.25.0'] }],
];

/** Versions older than every gate: a part a gate does not name may be this old. */
const OLDEST = { daemon_version: 'v1.0.0', cloud_version: 'V1.0.0b1' };

describe('version gates (spec 3 §9)', () => {
  it('holds every gate of the spec, and only those', () => {
    expect(GATES.map(([gate]) => gate).sort()).toEqual(Object.keys(VERSION_GATES).sort());
  });

  describe.each(GATES)('%s', (gate, { daemon, maxDaemon = daemon, cloud }) => {
    const products = [
      ['edgecaster', daemon],
      ['edgecaster_max', maxDaemon],
    ] as const;
    const at = (product: DeviceSoftware['product_name'], daemonOpening?: Opening): DeviceSoftware => ({
      product_name: product,
      daemon_version: daemonOpening?.[1] ?? OLDEST.daemon_version,
      cloud_version: cloud?.[1] ?? OLDEST.cloud_version,
    });

    it.each(products)('opens on %s at its versions, whatever the parts it does not name', (product, d) => {
      expect(supportsFeature(at(product, d), gate)).toBe(true);
    });

    it.each(products)('stays closed on %s one version before, or unknown', (product, d) => {
      if (d) {
        expect(supportsFeature({ ...at(product, d), daemon_version: d[0] }, gate)).toBe(false);
        expect(supportsFeature({ ...at(product, d), daemon_version: null }, gate)).toBe(false);
      }
      if (cloud) {
        expect(supportsFeature({ ...at(product, d), cloud_version: cloud[0] }, gate)).toBe(false);
        expect(supportsFeature({ ...at(product, d), cloud_version: null }, gate)).toBe(false);
      }
    });
  });

  it('grants nothing to a version it cannot read', () => {
    const device = {
      product_name: 'edgecaster',
      daemon_version: 'v10.5.2',
      cloud_version: 'V1.25.0',
    } as const;
    expect(supportsFeature({ ...device, cloud_version: 'latest' }, 'logSessions')).toBe(false);
    expect(supportsFeature({ ...device, daemon_version: 'ten' }, 'opus')).toBe(false);
  });
});

describe('the Outputs tab’s reading of the gates', () => {
  const software = (daemonVersion: string | null, overrides: object = {}) => ({
    product: 'edgecaster' as const,
    daemonVersion,
    cloudVersion: 'V1.25.0',
    ...overrides,
  });

  it('reads the same table', () => {
    expect(supportsOutputFeature('mediaPackage', software('v11.0.9'))).toBe(false);
    expect(supportsOutputFeature('mediaPackage', software('v11.1.0'))).toBe(true);
    expect(supportsOutputFeature('zixiBackPressure', software('v9.0.0', { cloudVersion: 'V1.10.9' }))).toBe(
      false,
    );
  });

  it('takes the stricter reading of dynamic add and remove on edgecaster_max (decision 111)', () => {
    const max = (daemonVersion: string) => software(daemonVersion, { product: 'edgecaster_max' });
    expect(supportsOutputFeature('dynamicAddRemove', max('v9.5.0'))).toBe(false);
    expect(supportsOutputFeature('dynamicAddRemove', max('v10.0.0'))).toBe(true);
    expect(DYNAMIC_OUTPUTS_LOCKED_MESSAGE).toBe(
      'Creating and deleting outputs needs daemon v9.0.0 (v10.0.0 on edgecaster_max) and cloud agent v1.1.0 or later on the device.',
    );
  });

  it.each([
    ['whip', 'v10.1.0', true],
    ['whip', '10.0.9', false],
    ['whip', null, false],
    ...OUTPUT_TYPES.filter((type) => type !== 'whip').map((type) => [type, null, true] as const),
  ] as const)('runs a %s output on daemon %s: %s', (type, daemonVersion, runs) => {
    expect(isOutputTypeSupported(type, software(daemonVersion))).toBe(runs);
  });
});
