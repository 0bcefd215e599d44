import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDeviceUser,
  createMember,
  createOrgWithOwner,
  createTestAppWithOrg,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { devices } from '../../db/tables/devices.schema.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(() => t.close());

const search = (payload: unknown, user = owner, org = orgGuid) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/orgs/${org}/device_metadata`,
    headers: user.headers(org),
    payload: payload as object,
  });

/** A device of `org` with a name and metadata, set as the console sets them. */
async function device(name: string, metadata: { key: string; value: string }[] = [], org = orgGuid) {
  const [provisioned] = await provisionInto(t, org, 1);
  const guid = provisioned!.device_guid;
  await t.db.update(devices).set({ deviceName: name }).where(eq(devices.deviceGuid, guid));
  if (metadata.length) {
    const saved = await t.app.inject({
      method: 'POST',
      url: `/v1/devices/${guid}/metadata`,
      headers: owner.headers(orgGuid),
      payload: metadata,
    });
    if (saved.statusCode !== 200) throw new Error(saved.body);
  }
  return guid;
}

describe('the metadata search', () => {
  it('finds values containing the text whatever their case, in the keys asked, with device names', async () => {
    const studio = await device('Studio Encoder', [
      { key: 'location', value: 'Studio B, Oslo' },
      { key: 'device_alias', value: 'Oslo main' },
    ]);
    const truck = await device('Truck', [{ key: 'note', value: 'Back from OSLO on Monday' }]);
    await device('Elsewhere', [{ key: 'location', value: 'Bergen' }]);

    const byLocation = await search({ search_keys: [{ key: 'location', value: 'oslo' }] });
    expect(byLocation.statusCode, byLocation.body).toBe(200);
    expect(byLocation.json()).toEqual({
      metadata: [
        {
          key: 'location',
          value: 'Studio B, Oslo',
          device_guid: studio,
          device_name: 'Studio Encoder',
          alert_count: 0,
        },
      ],
      pagination_token: null,
    });

    const anyKey = await search({
      search_keys: [
        { key: 'location', value: 'OSLO' },
        { key: 'note', value: 'oslo' },
        { key: 'device_alias', value: 'oslo' },
      ],
    });
    expect(
      anyKey.json().metadata.map((e: { key: string; device_guid: string }) => [e.key, e.device_guid]),
    ).toEqual([
      ['note', truck],
      ['device_alias', studio],
      ['location', studio],
    ]);
  });

  it('treats % and _ as the characters they are', async () => {
    const sale = await device('Sale', [{ key: 'note', value: 'Rented at 50% off' }]);
    await device('Plain', [{ key: 'note', value: 'Rented at 500 off' }]);
    const found = await search({ search_keys: [{ key: 'note', value: '50%' }] });
    expect(found.json().metadata.map((e: { device_guid: string }) => e.device_guid)).toEqual([sale]);
    const underscore = await search({ search_keys: [{ key: 'note', value: 't_d' }] });
    expect(underscore.json().metadata).toEqual([]);
  });

  it('pages through every match in value order, and an empty text lists the whole key', async () => {
    const racks = [];
    for (const n of [3, 1, 5, 2, 4])
      racks.push(await device(`Rack device ${n}`, [{ key: 'device_alias', value: `Rack ${n}` }]));
    const values: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const page = await search({
        search_keys: [{ key: 'device_alias', value: 'rack' }],
        pagination_size: 2,
        pagination_token: token,
      });
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json();
      expect(body.metadata.length).toBeLessThanOrEqual(2);
      values.push(...body.metadata.map((e: { value: string }) => e.value));
      token = body.pagination_token;
      pages += 1;
    } while (token);
    expect(pages).toBe(3);
    expect(values).toEqual(['Rack 1', 'Rack 2', 'Rack 3', 'Rack 4', 'Rack 5']);

    const all = await search({ search_keys: [{ key: 'device_alias', value: '' }], pagination_size: 1000 });
    expect(all.json().metadata.map((e: { value: string }) => e.value)).toEqual(
      expect.arrayContaining(['Oslo main', 'Rack 1', 'Rack 5']),
    );
  });

  it("keeps to the organization: another organization's devices are not found, and only members search", async () => {
    const other = await createOrgWithOwner(t);
    const [theirs] = await provisionInto(t, other.orgGuid, 1);
    const saved = await t.app.inject({
      method: 'POST',
      url: `/v1/devices/${theirs!.device_guid}/metadata`,
      headers: other.owner.headers(other.orgGuid),
      payload: [{ key: 'location', value: 'Isolated Island' }],
    });
    expect(saved.statusCode).toBe(200);
    const keys = { search_keys: [{ key: 'location', value: 'isolated' }] };
    expect((await search(keys)).json().metadata).toEqual([]);
    expect((await search(keys, other.owner, other.orgGuid)).json().metadata).toHaveLength(1);

    // A member of the other organization asking for this one, and a user of one device who is no member.
    const outsider = await search(keys, other.owner, orgGuid);
    expect(outsider.statusCode).toBe(404);
    const deviceUser = await createDeviceUser(t, await device('Lent'), 300);
    expect((await search(keys, deviceUser)).statusCode).toBe(404);
    const readOnly = await createMember(t, orgGuid, 100);
    expect((await search(keys, readOnly)).statusCode).toBe(200);
  });

  it('answers 400 with a message for a bad search', async () => {
    for (const payload of [
      {},
      { search_keys: [] },
      { search_keys: [{ key: 'deployment_status', value: 'testing' }] },
      { search_keys: [{ key: 'note', value: 5 }] },
      { search_keys: [{ key: 'note', value: 'x'.repeat(201) }] },
      {
        search_keys: [
          { key: 'note', value: 'a' },
          { key: 'note', value: 'b' },
        ],
      },
      { search_keys: [{ key: 'note', value: 'a' }], pagination_size: 0 },
      { search_keys: [{ key: 'note', value: 'a' }], pagination_token: 'not-a-token' },
    ]) {
      const response = await search(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const notGuid = await t.app.inject({
      method: 'POST',
      url: '/v1/orgs/nope/device_metadata',
      headers: owner.headers(orgGuid),
      payload: { search_keys: [{ key: 'note', value: 'a' }] },
    });
    expect(notGuid.statusCode).toBe(400);
  });
});

describe('the device name search', () => {
  it('lists the devices whose name contains the text, by name, page by page', async () => {
    for (const n of [2, 3, 1]) await device(`Camera North ${n}`);
    await device('Camera South');
    const names: string[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ device_name: 'camera NORTH', pagination_size: '2' });
      if (token) query.set('pagination_token', token);
      const page = await t.app.inject({ url: `/v1/devices?${query}`, headers: owner.headers(orgGuid) });
      expect(page.statusCode, page.body).toBe(200);
      names.push(...page.json().devices.map((d: { device_name: string }) => d.device_name));
      token = page.json().pagination_token ?? undefined;
    } while (token);
    expect(names).toEqual(['Camera North 1', 'Camera North 2', 'Camera North 3']);

    const wildcard = await t.app.inject({
      url: '/v1/devices?device_name=%25',
      headers: owner.headers(orgGuid),
    });
    expect(wildcard.json().devices).toEqual([]);
  });
});
