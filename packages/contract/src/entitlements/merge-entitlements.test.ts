import { describe, expect, it } from 'vitest';
import type { DeviceProduct } from '../products.ts';
import { BASE_PROFILES } from './base-profiles.ts';
import { FEATURE_NAMES } from './capabilities.ts';
import { CAPABILITY_PROFILES } from './capability-catalogue.ts';
import {
  deviceEntitlementsResponseSchema,
  isLicenseExpired,
  type MergeableLicense,
  mergeableLicenseSchema,
  mergeEntitlements,
} from './merge-entitlements.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const LATER = '2027-01-01T00:00:00.000Z';
const EARLIER = '2026-01-01T00:00:00.000Z';

const license = (properties: Record<string, unknown>, expires: string | Date = LATER): MergeableLicense => ({
  properties,
  expires,
});

const base = (product: DeviceProduct, properties: Record<string, unknown> = {}) => ({
  profile_platform: product,
  properties: { ...BASE_PROFILES[product].properties, ...properties },
});

describe('mergeEntitlements: the rules of spec 2 §4.10 and spec 3 §4.8', () => {
  const rules: {
    rule: string;
    feature: string;
    held: unknown;
    granted: unknown[];
    expected: unknown;
  }[] = [
    {
      rule: 'booleans OR: a license grants',
      feature: 'services.docker.enabled',
      held: false,
      granted: [true],
      expected: true,
    },
    {
      rule: 'booleans OR: a license cannot revoke',
      feature: 'services.cloud.metrics.enabled',
      held: true,
      granted: [false],
      expected: true,
    },
    {
      rule: 'booleans OR: nothing granted',
      feature: 'services.adb.enabled',
      held: false,
      granted: [false, false],
      expected: false,
    },
    {
      rule: 'numbers take the maximum',
      feature: 'daemon.output.srt.limit',
      held: 2,
      granted: [3, 1],
      expected: 3,
    },
    {
      rule: 'numbers: a lower license keeps the base',
      feature: 'daemon.encoders.audio.limit',
      held: 2,
      granted: [1],
      expected: 2,
    },
    {
      rule: 'the metrics send rate takes the minimum',
      feature: 'services.cloud.metrics.send_rate',
      held: 60,
      granted: [30, 45],
      expected: 30,
    },
    {
      rule: 'a slower send rate keeps the base',
      feature: 'services.cloud.metrics.send_rate',
      held: 60,
      granted: [120],
      expected: 60,
    },
    {
      rule: 'arrays union in the order first seen',
      feature: 'services.docker.containers',
      held: ['b'],
      granted: [
        ['c', 'b'],
        ['a', 'c'],
      ],
      expected: ['b', 'c', 'a'],
    },
    {
      rule: 'arrays: duplicates within one license fold',
      feature: 'services.docker.containers',
      held: [],
      granted: [['a', 'a']],
      expected: ['a'],
    },
    {
      rule: 'ranges widen: min of mins, max of maxes',
      feature: 'daemon.encoders.video.keyframe_interval_frames',
      held: { min: 10, max: 500 },
      granted: [
        { min: 1, max: 300 },
        { min: 20, max: 600 },
      ],
      expected: { min: 1, max: 600 },
    },
    {
      rule: 'ranges: a narrower license changes nothing',
      feature: 'daemon.encoders.video.bitrate',
      held: { min: 100, max: 50000 },
      granted: [{ min: 1000, max: 20000 }],
      expected: { min: 100, max: 50000 },
    },
    {
      rule: 'ranges: a license raises the video bitrate ceiling',
      feature: 'daemon.encoders.video.bitrate',
      held: { min: 100, max: 50000 },
      granted: [{ min: 100, max: 80000 }],
      expected: { min: 100, max: 80000 },
    },
  ];

  it.each(rules)('$rule', ({ feature, held, granted, expected }) => {
    const merged = mergeEntitlements(
      base('edgecaster', { [feature]: held }),
      granted.map((value) => license({ [feature]: value })),
      NOW,
    );
    expect(merged[feature]).toEqual(expected);
  });

  const clamps: { what: string; feature: string; held?: unknown; granted: unknown; expected: unknown }[] = [
    { what: 'a number above max', feature: 'daemon.encoders.video.limit', granted: 99, expected: 4 },
    { what: 'a send rate below min', feature: 'services.cloud.metrics.send_rate', granted: 1, expected: 10 },
    {
      what: 'a base number below min',
      feature: 'daemon.input.audio.max_channels',
      held: 0,
      granted: 1,
      expected: 2,
    },
    {
      what: 'a range beyond both ends',
      feature: 'daemon.encoders.video.bitrate',
      granted: { min: 0, max: 500000 },
      expected: { min: 100, max: 100000 },
    },
    {
      what: 'a range wholly above max',
      feature: 'daemon.encoders.video.keyframe_interval_frames',
      held: { min: 1, max: 10 },
      granted: { min: 2000, max: 3000 },
      expected: { min: 1, max: 1000 },
    },
    {
      what: 'a list value not possible',
      feature: 'daemon.encoders.audio.codecs',
      granted: ['MP3', 'OPUS'],
      expected: ['MPEG4_AAC_ADTS', 'OPUS'],
    },
    {
      what: 'a base list value not possible',
      feature: 'daemon.encoders.audio.codecs',
      held: ['MP3'],
      granted: [],
      expected: [],
    },
  ];

  it.each(clamps)('clamps $what to the capability', ({ feature, held, granted, expected }) => {
    const properties = held === undefined ? {} : { [feature]: held };
    const merged = mergeEntitlements(base('edgecaster', properties), [license({ [feature]: granted })], NOW);
    expect(merged[feature]).toEqual(expected);
  });

  const wrongTypes: { feature: string; granted: unknown }[] = [
    { feature: 'services.docker.enabled', granted: 'yes' },
    { feature: 'daemon.output.rtmp.limit', granted: '8' },
    { feature: 'daemon.output.rtmp.limit', granted: Number.POSITIVE_INFINITY },
    { feature: 'daemon.encoders.video.bitrate', granted: { min: 60000, max: 100 } },
    { feature: 'daemon.encoders.video.bitrate', granted: 80000 },
    { feature: 'services.docker.containers', granted: 'guid-1' },
  ];

  it.each(wrongTypes)(
    'ignores a license value of the wrong type: $feature = $granted',
    ({ feature, granted }) => {
      const alone = mergeEntitlements(base('edgecaster'), [], NOW);
      const merged = mergeEntitlements(base('edgecaster'), [license({ [feature]: granted })], NOW);
      expect(merged[feature]).toEqual(alone[feature]);
    },
  );

  it('drops items of a list that are not text', () => {
    const merged = mergeEntitlements(
      base('edgecaster'),
      [license({ 'services.docker.containers': ['a', 3, null] })],
      NOW,
    );
    expect(merged['services.docker.containers']).toEqual(['a']);
  });
});

describe('mergeEntitlements: the base profile', () => {
  it.each(['edgecaster', 'edgecaster_max'] as const)(
    '%s alone gives its base profile, every feature set',
    (product) => {
      const merged = mergeEntitlements(BASE_PROFILES[product], [], NOW);
      expect(Object.keys(merged).sort()).toEqual([...FEATURE_NAMES].sort());
      for (const capability of CAPABILITY_PROFILES[product].capabilities) {
        expect(merged[capability.feature]).toEqual(capability.defaultSelected);
      }
    },
  );

  it('sets a feature outright, below the default', () => {
    const merged = mergeEntitlements(
      base('edgecaster', { 'services.cloud.device_config_tab.enabled': false }),
      [],
      NOW,
    );
    expect(merged['services.cloud.device_config_tab.enabled']).toBe(false);
  });

  it('starts a feature it lacks, or holds wrongly typed, from the default', () => {
    const merged = mergeEntitlements(
      { profile_platform: 'edgecaster', properties: { 'daemon.encoders.audio.max_channels': 'six' } },
      [],
      NOW,
    );
    expect(merged['daemon.encoders.audio.max_channels']).toBe(6);
    expect(merged['daemon.input.audio.max_channels']).toBe(8);
    expect(merged['daemon.encoders.video.bitrate']).toEqual({ min: 100, max: 50000 });
  });
});

describe('mergeEntitlements: expiry', () => {
  const cases: { when: string; expires: string | Date; applies: boolean }[] = [
    { when: 'expiring at this very moment', expires: NOW.toISOString(), applies: true },
    { when: 'expired a millisecond ago', expires: new Date(NOW.getTime() - 1).toISOString(), applies: false },
    { when: 'expiring in a millisecond', expires: new Date(NOW.getTime() + 1).toISOString(), applies: true },
    { when: 'expired months ago', expires: EARLIER, applies: false },
    { when: 'given as a Date', expires: new Date(LATER), applies: true },
    { when: 'with another offset, same instant', expires: '2026-06-01T14:00:00.000+02:00', applies: true },
    { when: 'with an unreadable expiry', expires: 'soon', applies: false },
  ];

  it.each(cases)('a license $when applies: $applies', ({ expires, applies }) => {
    expect(isLicenseExpired(expires, NOW)).toBe(!applies);
    const merged = mergeEntitlements(
      base('edgecaster'),
      [license({ 'services.docker.enabled': true }, expires)],
      NOW,
    );
    expect(merged['services.docker.enabled']).toBe(applies);
  });

  it('merges only the live licenses among expired ones', () => {
    const merged = mergeEntitlements(
      base('edgecaster'),
      [
        license({ 'daemon.output.zixi.limit': 8, 'services.cloud.metrics.send_rate': 10 }, EARLIER),
        license({ 'daemon.output.zixi.limit': 2 }, LATER),
      ],
      NOW,
    );
    expect(merged['daemon.output.zixi.limit']).toBe(2);
    expect(merged['services.cloud.metrics.send_rate']).toBe(60);
  });
});

describe('mergeEntitlements: both products and unknown features', () => {
  it.each([
    { product: 'edgecaster', inputs: 1, videoEncoders: 4 },
    { product: 'edgecaster_max', inputs: 2, videoEncoders: 8 },
  ] as const)('clamps to the bounds of $product', ({ product, inputs, videoEncoders }) => {
    const merged = mergeEntitlements(
      BASE_PROFILES[product],
      [license({ 'daemon.input.limit': 5, 'daemon.encoders.video.limit': 8 })],
      NOW,
    );
    expect(merged['daemon.input.limit']).toBe(inputs);
    expect(merged['daemon.encoders.video.limit']).toBe(videoEncoders);
  });

  it('ignores features the product does not know', () => {
    const merged = mergeEntitlements(
      base('edgecaster_max', { 'services.legacy.enabled': true }),
      [
        license({
          'services.teleport.enabled': true,
          'daemon.output.generic.limit': 3,
          'services.docker.enabled': true,
        }),
      ],
      NOW,
    );
    expect(merged).not.toHaveProperty('services.legacy.enabled');
    expect(merged).not.toHaveProperty('services.teleport.enabled');
    expect(merged).not.toHaveProperty('daemon.output.generic.limit');
    expect(merged['services.docker.enabled']).toBe(true);
    expect(Object.keys(merged)).toHaveLength(FEATURE_NAMES.length);
  });

  it('does not depend on the order of the licenses', () => {
    const a = license({
      'services.docker.enabled': true,
      'daemon.output.srt.limit': 6,
      'services.cloud.metrics.send_rate': 20,
    });
    const b = license({
      'daemon.output.srt.limit': 4,
      'services.cloud.metrics.send_rate': 15,
      'daemon.encoders.video.bitrate': { min: 50, max: 70000 },
    });
    expect(mergeEntitlements(base('edgecaster'), [a, b], NOW)).toEqual(
      mergeEntitlements(base('edgecaster'), [b, a], NOW),
    );
  });

  it('leaves its inputs untouched and shares nothing with them', () => {
    const baseProfile = base('edgecaster', { 'services.docker.containers': ['a'] });
    const licenses = [
      license({
        'services.docker.containers': ['b'],
        'daemon.encoders.video.bitrate': { min: 100, max: 60000 },
      }),
    ];
    const before = structuredClone({ baseProfile, licenses });
    const merged = mergeEntitlements(baseProfile, licenses, NOW);
    expect({ baseProfile, licenses }).toEqual(before);
    (merged['services.docker.containers'] as string[]).push('z');
    (merged['daemon.encoders.video.bitrate'] as { max: number }).max = 1;
    expect(mergeEntitlements(BASE_PROFILES.edgecaster, [], NOW)['daemon.encoders.video.bitrate']).toEqual({
      min: 100,
      max: 50000,
    });
    expect(
      CAPABILITY_PROFILES.edgecaster.capabilities.find((c) => c.feature === 'daemon.encoders.video.bitrate'),
    ).toMatchObject({ defaultSelected: { min: 100, max: 50000 } });
  });

  it('reads a license for the merge from its wire shape', () => {
    const wire = { profile_guid: 'p1', properties: { 'services.docker.enabled': true }, expires: LATER };
    const parsed = mergeableLicenseSchema.parse(wire);
    expect(mergeEntitlements(BASE_PROFILES.edgecaster, [parsed], NOW)['services.docker.enabled']).toBe(true);
    expect(mergeableLicenseSchema.safeParse({ ...wire, expires: 'soon' }).success).toBe(false);
  });

  it('answers GET /entitlements/devices/{device_guid} in the contract shape', () => {
    const answer = {
      device_guid: '3f0c1d7e-8a55-4f3b-9a55-0d3c1c2b7a10',
      product_name: 'edgecaster_max',
      version: '10.3.0',
      generated: NOW.toISOString(),
      base_profile_guid: 'BASE_EDGECASTER_MAX',
      licenses: [
        { profile_guid: 'p1', license_type: 'per_device', created: EARLIER, expires: LATER, expired: false },
      ],
      properties: mergeEntitlements(BASE_PROFILES.edgecaster_max, [], NOW),
    };
    expect(deviceEntitlementsResponseSchema.parse(answer)).toEqual(answer);
  });
});
