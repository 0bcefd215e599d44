import { describe, expect, it } from 'vitest';
import { BASE_PROFILES } from './base-profiles.ts';
import {
  entitlementLimit,
  entitlementList,
  entitlementNumber,
  entitlementRange,
  entitlementValue,
  isContainerLicensed,
  isEntitled,
  outputLimit,
} from './entitlement-gates.ts';
import { mergeEntitlements } from './merge-entitlements.ts';

const effective = mergeEntitlements(
  BASE_PROFILES.edgecaster,
  [
    {
      properties: {
        'services.docker.enabled': true,
        'services.docker.containers': ['c-1', 'c-2'],
        'daemon.output.zixi.limit': 3,
      },
      expires: '2099-01-01T00:00:00Z',
    },
  ],
  new Date('2026-06-01T00:00:00Z'),
);

describe('entitlement gates by dotted feature name', () => {
  it.each([
    ['services.cloud.device_config_tab.enabled', true],
    ['services.cloud.output_control.enabled', true],
    ['services.docker.enabled', true],
    ['services.docker.privileged', false],
    ['services.adb.enabled', false],
  ] as const)('isEntitled(%s) is %s', (feature, expected) => {
    expect(isEntitled(effective, feature)).toBe(expected);
  });

  it.each([
    ['zixi', 3],
    ['srt', 2],
    ['whip', 0],
    ['thumbnail', 1],
    ['generic', 0],
    ['toString', 0],
  ])('outputLimit(%s) reads daemon.output.{type}.limit: %i', (type, expected) => {
    expect(outputLimit(effective, type)).toBe(expected);
  });

  it('reads numbers, lists and ranges', () => {
    expect(entitlementLimit(effective, 'daemon.encoders.audio.limit')).toBe(1);
    expect(entitlementNumber(effective, 'services.cloud.metrics.send_rate')).toBe(60);
    expect(entitlementList(effective, 'daemon.encoders.audio.codecs')).toEqual(['MPEG4_AAC_ADTS']);
    expect(entitlementRange(effective, 'daemon.encoders.video.bitrate')).toEqual({ min: 100, max: 50000 });
    expect(entitlementValue(effective, 'daemon.encoders.video.keyframe_interval_frames')).toEqual({
      min: 1,
      max: 1000,
    });
    expect(isContainerLicensed(effective, 'c-2')).toBe(true);
    expect(isContainerLicensed(effective, 'c-3')).toBe(false);
  });

  it('grants nothing for an absent or malformed feature', () => {
    const broken = {
      'services.docker.enabled': 'true',
      'daemon.output.srt.limit': '4',
      'services.docker.containers': 'c-1',
      'daemon.encoders.video.bitrate': { min: 10 },
    };
    expect(isEntitled(broken, 'services.docker.enabled')).toBe(false);
    expect(isEntitled({}, 'services.cloud.device_config_tab.enabled')).toBe(false);
    expect(outputLimit(broken, 'srt')).toBe(0);
    expect(entitlementNumber({}, 'services.cloud.metrics.send_rate')).toBeUndefined();
    expect(entitlementList(broken, 'services.docker.containers')).toEqual([]);
    expect(entitlementRange(broken, 'daemon.encoders.video.bitrate')).toBeUndefined();
    expect(entitlementValue(broken, 'daemon.encoders.video.bitrate')).toBeUndefined();
    expect(entitlementValue(broken, 'services.nothing.enabled')).toBeUndefined();
  });

  it('takes only feature names of the right kind', () => {
    // @ts-expect-error a number feature is not a boolean gate
    isEntitled(effective, 'daemon.output.srt.limit');
    // @ts-expect-error an output type without a limit feature
    entitlementLimit(effective, 'daemon.output.generic.limit');
    expect(true).toBe(true);
  });
});
