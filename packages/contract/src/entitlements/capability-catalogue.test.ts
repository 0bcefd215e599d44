import { describe, expect, it } from 'vitest';
import { DEVICE_PRODUCTS } from '../products.ts';
import { OUTPUT_TYPES } from '../shadow-documents/output-types.ts';
import {
  type Capability,
  capabilityValueSchema,
  FEATURE_NAMES,
  getCapabilitiesResponseSchema,
} from './capabilities.ts';
import {
  CAPABILITY_PROFILES,
  CLOUD_UI_CAPABILITY_PROFILE,
  capabilityProfileOf,
  featureLabel,
  findCapability,
  profilePropertiesSchemaFor,
  profilePropertyProblems,
  withFeatureLabels,
} from './capability-catalogue.ts';

describe('capability catalogue (spec 3 §3.9)', () => {
  it.each(DEVICE_PRODUCTS)('%s answers GET /entitlements/capabilities in the contract shape', (product) => {
    const profile = CAPABILITY_PROFILES[product];
    expect(getCapabilitiesResponseSchema.parse(profile)).toEqual(profile);
    expect(profile.product_name).toBe(product);
    expect(profile.capabilities.map((c) => c.feature).sort()).toEqual([...FEATURE_NAMES].sort());
  });

  it('gives the features the specification names their types', () => {
    const types: [string, Capability['type']][] = [
      ['services.docker.containers', 'array'],
      ['services.docker.enabled', 'boolean'],
      ['services.docker.privileged', 'boolean'],
      ['services.cloud.device_config_tab.enabled', 'boolean'],
      ['services.cloud.output_control.enabled', 'boolean'],
      ['services.cloud.reboot_device.enabled', 'boolean'],
      ['services.cloud.reset_settings.enabled', 'boolean'],
      ['services.cloud.download_logs.enabled', 'boolean'],
      ['services.cloud.local_ui_password.enabled', 'boolean'],
      ['services.adb.enabled', 'boolean'],
      ['daemon.encoders.audio.limit', 'number'],
      ['daemon.encoders.audio.max_channels', 'number'],
      ['daemon.input.audio.max_channels', 'number'],
      ['services.cloud.metrics.send_rate', 'number'],
      ['daemon.encoders.video.bitrate', 'range'],
      ['daemon.encoders.video.keyframe_interval_frames', 'range'],
      ...OUTPUT_TYPES.map((type): [string, Capability['type']] => [`daemon.output.${type}.limit`, 'number']),
    ];
    for (const product of DEVICE_PRODUCTS) {
      for (const [feature, type] of types) expect(findCapability(product, feature)?.type, feature).toBe(type);
    }
  });

  it.each(DEVICE_PRODUCTS)('%s keeps the values the specification gives', (product) => {
    expect(findCapability(product, 'daemon.encoders.audio.max_channels')).toMatchObject({
      defaultSelected: 6,
    });
    expect(findCapability(product, 'daemon.input.audio.max_channels')).toMatchObject({ defaultSelected: 8 });
    expect(findCapability(product, 'daemon.encoders.video.bitrate')).toMatchObject({
      min: 100,
      defaultSelected: { min: 100, max: 50000 },
    });
    expect(findCapability(product, 'daemon.encoders.video.keyframe_interval_frames')).toMatchObject({
      min: 1,
      max: 1000,
      defaultSelected: { min: 1, max: 1000 },
    });
    expect(findCapability(product, 'daemon.encoders.audio.codecs')).toMatchObject({
      possible: ['MPEG4_AAC_ADTS', 'OPUS'],
    });
    expect(findCapability(product, 'services.docker.containers')).not.toHaveProperty('possible');
  });

  it('gives edgecaster_max its second input channel', () => {
    expect(CAPABILITY_PROFILES.edgecaster.hardware.hw_channels).toEqual([0]);
    expect(CAPABILITY_PROFILES.edgecaster_max.hardware.hw_channels).toEqual([0, 1]);
    expect(findCapability('edgecaster', 'daemon.input.limit')).toMatchObject({ max: 1, defaultSelected: 1 });
    expect(findCapability('edgecaster_max', 'daemon.input.limit')).toMatchObject({
      max: 2,
      defaultSelected: 2,
    });
  });

  it.each(DEVICE_PRODUCTS)('%s holds every default within its own capability', (product) => {
    for (const capability of CAPABILITY_PROFILES[product].capabilities) {
      if (capability.type === 'array') {
        // An empty default list is allowed: the editor's at-least-one rule is for lists a profile sets.
        for (const item of capability.defaultSelected) expect(capability.possible ?? [item]).toContain(item);
        continue;
      }
      const result = capabilityValueSchema(capability).safeParse(capability.defaultSelected);
      expect(result.success, capability.feature).toBe(true);
    }
  });

  it('names features by friendly labels, or by their key when unknown', () => {
    expect(featureLabel('edgecaster', 'daemon.output.http_push.limit')).toBe('HTTP Push Outputs');
    expect(featureLabel('edgecaster', 'daemon.encoders.data.scte35.limit')).toBe('SCTE-35 Data Encoders');
    expect(featureLabel('edgecaster_max', 'services.cloud.device_config_tab.enabled')).toBe(
      'Device Configuration Tab',
    );
    expect(featureLabel('edgecaster', 'services.unknown.enabled')).toBe('services.unknown.enabled');
    expect(findCapability('edgecaster', 'daemon.output.generic.limit')).toBeUndefined();
  });
});

describe('capabilityValueSchema: the profile editor rules (spec 3 §5)', () => {
  const videoEncoders = findCapability('edgecaster', 'daemon.encoders.video.limit')!;
  const bitrate = findCapability('edgecaster', 'daemon.encoders.video.bitrate')!;
  const codecs = findCapability('edgecaster', 'daemon.encoders.audio.codecs')!;
  const containers = findCapability('edgecaster', 'services.docker.containers')!;
  const docker = findCapability('edgecaster', 'services.docker.enabled')!;

  const cases: { name: string; capability: Capability; value: unknown; message?: string }[] = [
    { name: 'a number within bounds', capability: videoEncoders, value: 4 },
    { name: 'a missing number', capability: videoEncoders, value: undefined, message: 'Value Required' },
    {
      name: 'a number above max',
      capability: videoEncoders,
      value: 5,
      message: 'Value Must be Between 0 and 4',
    },
    {
      name: 'a number below min',
      capability: videoEncoders,
      value: -1,
      message: 'Value Must be Between 0 and 4',
    },
    { name: 'a range within bounds', capability: bitrate, value: { min: 100, max: 100000 } },
    { name: 'a range without max', capability: bitrate, value: { min: 100 }, message: 'Value Required' },
    {
      name: 'a range below min',
      capability: bitrate,
      value: { min: 99, max: 500 },
      message: 'Value Must be Between 100 and 100000',
    },
    {
      name: 'a range above max',
      capability: bitrate,
      value: { min: 100, max: 100001 },
      message: 'Value Must be Between 100 and 100000',
    },
    {
      name: 'a reversed range',
      capability: bitrate,
      value: { min: 900, max: 500 },
      message: 'Minimum must not exceed maximum',
    },
    { name: 'a list of possible values', capability: codecs, value: ['OPUS'] },
    {
      name: 'an empty list',
      capability: codecs,
      value: [],
      message: 'Array Must Include at least 1 Element',
    },
    { name: 'a list value not possible', capability: codecs, value: ['MP3'], message: 'Value Not Allowed' },
    { name: 'an open list', capability: containers, value: ['any-guid'] },
    { name: 'a missing list', capability: containers, value: undefined, message: 'Value Required' },
    { name: 'a boolean', capability: docker, value: false },
    { name: 'a missing boolean', capability: docker, value: undefined, message: 'Value Required' },
  ];

  it.each(cases)('$name: $message', ({ capability, value, message }) => {
    const result = capabilityValueSchema(capability).safeParse(value);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('profilePropertiesSchemaFor', () => {
  it('refuses unknown features and bad values, each under its feature', () => {
    const result = profilePropertiesSchemaFor('edgecaster').safeParse({
      'services.docker.enabled': true,
      'services.teleport.enabled': true,
      'daemon.output.srt.limit': 9,
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('|'), issue.message])).toEqual([
      ['services.teleport.enabled', 'Unknown feature services.teleport.enabled'],
      ['daemon.output.srt.limit', 'Value Must be Between 0 and 8'],
    ]);
  });

  it('refuses keys that are not dotted feature names', () => {
    expect(profilePropertiesSchemaFor('edgecaster').safeParse({ Docker: true }).success).toBe(false);
  });

  it('takes the same value on edgecaster_max that edgecaster refuses', () => {
    expect(profilePropertiesSchemaFor('edgecaster').safeParse({ 'daemon.input.limit': 2 }).success).toBe(
      false,
    );
    expect(profilePropertiesSchemaFor('edgecaster_max').safeParse({ 'daemon.input.limit': 2 }).success).toBe(
      true,
    );
  });
});

describe('the cloud UI platform (decision 200)', () => {
  it('offers the console features only, in the contract shape, without hardware', () => {
    expect(capabilityProfileOf('cloud_ui')).toBe(CLOUD_UI_CAPABILITY_PROFILE);
    expect(getCapabilitiesResponseSchema.parse(CLOUD_UI_CAPABILITY_PROFILE)).toEqual(
      CLOUD_UI_CAPABILITY_PROFILE,
    );
    expect(CLOUD_UI_CAPABILITY_PROFILE.hardware).toBeUndefined();
    const features = CLOUD_UI_CAPABILITY_PROFILE.capabilities.map((capability) => capability.feature);
    expect(features).toContain('services.cloud.fleet_multiview.enabled');
    expect(
      features.every((feature) => feature.startsWith('services.cloud.') && feature.endsWith('.enabled')),
    ).toBe(true);
    expect(featureLabel('cloud_ui', 'services.cloud.input_preview.enabled')).toBe('Input Preview');
    expect(findCapability('cloud_ui', 'services.docker.enabled')).toBeUndefined();
  });
});

describe('save errors with friendly labels (spec 3 §4.7)', () => {
  it('leads each problem with the feature label', () => {
    expect(
      profilePropertyProblems('edgecaster', {
        'daemon.output.srt.limit': 9,
        'daemon.encoders.video.bitrate': { min: 10, max: 50 },
      }),
    ).toEqual([
      'SRT Outputs: Value Must be Between 0 and 8',
      'Video Bitrate (kbps): Value Must be Between 100 and 100000',
    ]);
    expect(profilePropertyProblems('edgecaster', { 'services.docker.enabled': true })).toEqual([]);
    expect(profilePropertyProblems('cloud_ui', { 'services.docker.enabled': true })).toEqual([
      'Unknown feature services.docker.enabled',
    ]);
  });

  it("replaces the dotted names a server message holds, leaving what the product doesn't know", () => {
    expect(
      withFeatureLabels(
        'edgecaster',
        'daemon.output.zixi.limit exceeds 8; services.teleport.enabled unknown',
      ),
    ).toBe('Zixi Outputs exceeds 8; services.teleport.enabled unknown');
  });
});

describe('profile values the database can store', () => {
  it('refuses U+0000 in a listed value', () => {
    expect(
      profilePropertiesSchemaFor('edgecaster').safeParse({ 'services.docker.containers': ['a\u0000b'] })
        .success,
    ).toBe(false);
  });
});
