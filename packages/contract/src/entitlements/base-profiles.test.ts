import { describe, expect, it } from 'vitest';
import { DEVICE_PRODUCTS } from '../products.ts';
import {
  BASE_EDGECASTER,
  BASE_EDGECASTER_MAX,
  BASE_PROFILES,
  confirmsBaseProfileSave,
  entitlementProfileSchema,
  isBaseProfileGuid,
} from './base-profiles.ts';
import { CAPABILITY_PROFILES, profilePropertiesSchemaFor } from './capability-catalogue.ts';

describe('base profiles (spec 2 §4.10, spec 3 §3.10)', () => {
  it('names the two base profiles by their guids', () => {
    expect(BASE_EDGECASTER).toMatchObject({
      profile_guid: 'BASE_EDGECASTER',
      profile_platform: 'edgecaster',
    });
    expect(BASE_EDGECASTER_MAX).toMatchObject({
      profile_guid: 'BASE_EDGECASTER_MAX',
      profile_platform: 'edgecaster_max',
    });
    expect(BASE_PROFILES).toEqual({ edgecaster: BASE_EDGECASTER, edgecaster_max: BASE_EDGECASTER_MAX });
  });

  it.each(DEVICE_PRODUCTS)('%s is a valid profile the profile editor would save', (product) => {
    const profile = BASE_PROFILES[product];
    expect(entitlementProfileSchema.parse(profile)).toEqual(profile);
    expect(profilePropertiesSchemaFor(product).safeParse(profile.properties).error).toBeUndefined();
  });

  it.each(DEVICE_PRODUCTS)('%s seeds every default but empty lists', (product) => {
    const { properties } = BASE_PROFILES[product];
    for (const capability of CAPABILITY_PROFILES[product].capabilities) {
      const empty = Array.isArray(capability.defaultSelected) && capability.defaultSelected.length === 0;
      if (empty) expect(properties).not.toHaveProperty([capability.feature]);
      else expect(properties[capability.feature], capability.feature).toEqual(capability.defaultSelected);
    }
  });

  it.each([
    ['BASE_EDGECASTER', true],
    ['BASE_ANYTHING', true],
    ['base_edgecaster', false],
    ['PRO_EDGECASTER', false],
    ['', false],
  ] as const)('isBaseProfileGuid(%j) is %s', (guid, expected) => {
    expect(isBaseProfileGuid(guid)).toBe(expected);
  });

  it.each([
    ['BASE ENTITLEMENT', true],
    ['base entitlement', true],
    ['Base Entitlement', true],
    [' BASE ENTITLEMENT', false],
    ['BASE', false],
    ['', false],
  ] as const)('confirmsBaseProfileSave(%j) is %s', (typed, expected) => {
    expect(confirmsBaseProfileSave(typed)).toBe(expected);
  });
});
