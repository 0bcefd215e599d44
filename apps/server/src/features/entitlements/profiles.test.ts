import { BASE_EDGECASTER } from '@ec/contract/entitlements/base-profiles';
import { CLOUD_UI_CAPABILITY_PROFILE } from '@ec/contract/entitlements/capability-catalogue';
import { PROFILE_ERRORS, PROFILE_PAGE_SIZE } from '@ec/contract/entitlements/profiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithOrg, createUser, provisionInto, type TestUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { entitlementProfiles, licenses } from '../../db/tables/entitlements.schema.ts';
import type { DeviceDomainEvent } from '../../shared/device-event-bus.ts';
import { profilesRepository } from './profiles.repository.ts';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let orgGuid: string;
const announced: DeviceDomainEvent[] = [];

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
  admin = await createUser(t, { groups: ['EntitlementManagement'] });
  t.bus.on('entitlement_profile.changed', (event) => announced.push(event));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/v1/entitlements/profiles${url}`, headers: admin.headers(), payload });

async function createProfile(body: object) {
  const answer = await call('POST', '', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().profile_guid as string;
}

describe('GET /entitlements/capabilities/cloud_ui', () => {
  it("answers the cloud UI's own features, without hardware", async () => {
    const answer = await t.app.inject({
      url: '/v1/entitlements/capabilities/cloud_ui',
      headers: admin.headers(),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(CLOUD_UI_CAPABILITY_PROFILE);
    expect(answer.json().capabilities).toContainEqual(
      expect.objectContaining({ feature: 'services.cloud.fleet_monitor.enabled', type: 'boolean' }),
    );
  });
});

describe('entitlement profiles', () => {
  it('creates a profile for an edgecaster by default and reads it back', async () => {
    const guid = await createProfile({
      profile_name: 'Zixi Pack',
      properties: { 'daemon.output.zixi.limit': 4, 'daemon.encoders.audio.codecs': ['OPUS'] },
    });
    const answer = await call('GET', `/${guid}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().profile).toEqual({
      profile_guid: guid,
      profile_name: 'Zixi Pack',
      profile_platform: 'edgecaster',
      properties: { 'daemon.output.zixi.limit': 4, 'daemon.encoders.audio.codecs': ['OPUS'] },
    });
  });

  it("refuses values outside the platform's capabilities with the features' labels and the spec's messages", async () => {
    const outOfBounds = await call('POST', '', {
      profile_name: 'Too many',
      properties: { 'daemon.encoders.video.limit': 99, 'daemon.encoders.audio.codecs': [] },
    });
    expect(outOfBounds.statusCode).toBe(400);
    expect(outOfBounds.json().message).toBe(
      'Video Encoders: Value Must be Between 0 and 4; Audio Codecs: Array Must Include at least 1 Element',
    );
    const unknown = await call('POST', '', {
      profile_name: 'Odd',
      properties: { 'services.toaster.enabled': true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown feature services.toaster.enabled');
    const deviceFeatureOnCloud = await call('POST', '', {
      profile_name: 'Cloud',
      profile_platform: 'cloud_ui',
      properties: { 'services.docker.enabled': true },
    });
    expect(deviceFeatureOnCloud.statusCode).toBe(400);
    const wrongType = await call('POST', '', {
      profile_name: 'Odd',
      properties: { 'daemon.input.limit': 'one' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect((await call('POST', '', { profile_name: ' ', properties: {} })).json().message).toMatch(
      'Profile name is required',
    );
  });

  it('changes name and values, keeps the platform fixed, and announces a change of values', async () => {
    const guid = await createProfile({
      profile_name: 'Max Extras',
      profile_platform: 'edgecaster_max',
      properties: {},
    });
    announced.length = 0;
    const renamed = await call('PATCH', `/${guid}`, {
      profile_name: 'Max Extras 2',
      profile_platform: 'edgecaster_max',
    });
    expect(renamed.statusCode).toBe(200);
    expect(announced).toEqual([]);
    const changed = await call('PATCH', `/${guid}`, { properties: { 'daemon.encoders.video.limit': 8 } });
    expect(changed.statusCode).toBe(200);
    expect(announced).toEqual([{ type: 'entitlement_profile.changed', profileGuid: guid }]);
    const moved = await call('PATCH', `/${guid}`, { profile_platform: 'edgecaster' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(PROFILE_ERRORS.platformFixed);
    // 8 video encoders is within the edgecaster_max capability, not within the edgecaster's.
    expect((await call('GET', `/${guid}`)).json().profile).toMatchObject({
      profile_name: 'Max Extras 2',
      profile_platform: 'edgecaster_max',
      properties: { 'daemon.encoders.video.limit': 8 },
    });
    const tooMany = await call('PATCH', `/${guid}`, { properties: { 'daemon.encoders.video.limit': 9 } });
    expect(tooMany.json().message).toBe('Video Encoders: Value Must be Between 0 and 8');
  });

  it('edits a base profile, which devices then read as their base, and never deletes one', async () => {
    const properties = { ...BASE_EDGECASTER.properties, 'services.cloud.bulk_actions.enabled': true };
    expect((await call('PATCH', '/BASE_EDGECASTER', { properties })).statusCode).toBe(200);
    expect(announced.at(-1)).toEqual({ type: 'entitlement_profile.changed', profileGuid: 'BASE_EDGECASTER' });
    expect((await profilesRepository(t.db).find('BASE_EDGECASTER'))?.properties).toEqual(properties);
    const refused = await call('DELETE', '/BASE_EDGECASTER', { reason: 'Tidy up' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PROFILE_ERRORS.baseProfileDelete);
    expect(
      (await call('PATCH', '/BASE_EDGECASTER', { properties: BASE_EDGECASTER.properties })).statusCode,
    ).toBe(200);
  });

  it('deletes with a reason, not while a licence grants the profile', async () => {
    const guid = await createProfile({ profile_name: 'Short lived', properties: {} });
    expect((await call('DELETE', `/${guid}`, {})).statusCode).toBe(400);
    await t.db
      .insert(licenses)
      .values({ profileGuid: guid, orgGuid, unlimited: true, lifespanDays: 1, expires: new Date() });
    const inUse = await call('DELETE', `/${guid}`, { reason: 'Replaced' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(PROFILE_ERRORS.inUse);
    await t.db.delete(licenses);
    expect((await call('DELETE', `/${guid}`, { reason: 'Replaced' })).statusCode).toBe(200);
    expect((await call('GET', `/${guid}`)).statusCode).toBe(404);
    expect((await call('GET', `/${guid}`)).json().message).toBe(PROFILE_ERRORS.notFound);
    expect((await call('DELETE', `/${guid}`, { reason: 'Again' })).statusCode).toBe(404);
  });

  it('lists profiles by name, 50 a page, optionally of one platform', async () => {
    await t.db.insert(entitlementProfiles).values(
      Array.from({ length: PROFILE_PAGE_SIZE }, (_, i) => ({
        profileGuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        profileName: `Paged ${String(i).padStart(2, '0')}`,
        profilePlatform: 'edgecaster' as const,
      })),
    );
    const first = (await call('GET', '')).json();
    expect(first.profiles).toHaveLength(PROFILE_PAGE_SIZE);
    expect(first.profiles[0]).toEqual({
      profile_guid: 'BASE_EDGECASTER',
      profile_name: 'Base Edgecaster',
      profile_platform: 'edgecaster',
    });
    const second = (await call('GET', `?pagination_token=${first.pagination_token}`)).json();
    const names = [...first.profiles, ...second.profiles].map(
      (p: { profile_name: string }) => p.profile_name,
    );
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(second.pagination_token).toBeNull();
    const max = (await call('GET', '?profile_platform=edgecaster_max')).json().profiles;
    expect(max.every((p: { profile_platform: string }) => p.profile_platform === 'edgecaster_max')).toBe(
      true,
    );
    expect((await call('GET', '?pagination_token=garbage')).statusCode).toBe(400);
  });

  it("changes what the product's devices are entitled to when its base profile changes", async () => {
    const [device] = await provisionInto(t, orgGuid, 1, 'edgecaster_max');
    const entitled = async () =>
      (
        await t.app.inject({
          url: `/v1/entitlements/devices/${device!.device_guid}`,
          headers: owner.headers(orgGuid),
        })
      ).json().properties['daemon.output.zixi.limit'];
    expect(await entitled()).toBe(0);
    const base = (await call('GET', '/BASE_EDGECASTER_MAX')).json().profile;
    const zixi = { ...base.properties, 'daemon.output.zixi.limit': 3 };
    expect((await call('PATCH', '/BASE_EDGECASTER_MAX', { properties: zixi })).statusCode).toBe(200);
    expect(await entitled()).toBe(3);
    expect((await call('PATCH', '/BASE_EDGECASTER_MAX', { properties: base.properties })).statusCode).toBe(
      200,
    );
    expect(await entitled()).toBe(0);
  });
});
