import { BASE_EDGECASTER_MAX } from '@ec/contract/entitlements/base-profiles';
import { CAPABILITY_PROFILES } from '@ec/contract/entitlements/capability-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrgWithOwner,
  createTestAppWithOrg,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(() => t.close());

describe('GET /entitlements/capabilities/{product}', () => {
  it("answers each product's capability profile to a signed-in caller", async () => {
    for (const product of ['edgecaster', 'edgecaster_max'] as const) {
      const answer = await t.app.inject({
        url: `/v1/entitlements/capabilities/${product}`,
        headers: owner.headers(),
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(CAPABILITY_PROFILES[product]);
    }
  });

  it('refuses an unknown product and a caller without a token', async () => {
    const unknown = await t.app.inject({
      url: '/v1/entitlements/capabilities/toaster',
      headers: owner.headers(),
    });
    expect(unknown.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/v1/entitlements/capabilities/edgecaster' })).statusCode).toBe(401);
  });
});

describe('GET /entitlements/devices/{device_guid}', () => {
  it("answers the device's base profile merged, with every feature of its product", async () => {
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster_max');
    const answer = await t.app.inject({
      url: `/v1/entitlements/devices/${device!.device_guid}?version=10.3.0`,
      headers: owner.headers(orgGuid),
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      device_guid: device!.device_guid,
      product_name: 'edgecaster_max',
      version: '10.3.0',
      base_profile_guid: BASE_EDGECASTER_MAX.profile_guid,
      licenses: [],
    });
    expect(Object.keys(body.properties).sort()).toEqual(
      CAPABILITY_PROFILES.edgecaster_max.capabilities.map((capability) => capability.feature).sort(),
    );
    expect(body.properties['daemon.input.audio.max_channels']).toBe(8);
  });

  it("hides another organization's device, its entitlements and its licences", async () => {
    const { owner: stranger, orgGuid: strangerOrg } = await createOrgWithOwner(t);
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    for (const url of [
      `/v1/entitlements/devices/${device!.device_guid}`,
      `/v1/entitlements/devices/${device!.device_guid}/licenses`,
    ]) {
      const answer = await t.app.inject({ url, headers: stranger.headers(strangerOrg) });
      expect(answer.statusCode, url).toBe(404);
    }
  });

  it('lists no licences for a device that has none', async () => {
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster');
    const answer = await t.app.inject({
      url: `/v1/entitlements/devices/${device!.device_guid}/licenses`,
      headers: owner.headers(orgGuid),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ licenses: [] });
  });
});
