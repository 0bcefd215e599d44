import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('organizations', () => {
  it('creates an organization with the creator as its admin', async () => {
    const user = await createUser(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/orgs',
      headers: user.headers(),
      payload: { org_name: 'Newsroom' },
    });
    expect(created.statusCode).toBe(201);
    const { org_guid } = created.json();
    const org = await t.app.inject({ url: `/v1/orgs/${org_guid}`, headers: user.headers() });
    expect(org.json().org).toEqual({ org_guid, org_name: 'Newsroom', access: 300 });
  });

  it('requires a name', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/orgs',
      headers: user.headers(),
      payload: { org_name: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Organization name is required');
  });

  it("lists only the caller's organizations, sorted by name, searchable and paged", async () => {
    const user = await createUser(t);
    const stranger = await createUser(t);
    await createOrg(t, stranger, 'Alpha Hidden');
    for (const name of ['Charlie', 'alpha', 'Bravo']) await createOrg(t, user, name);

    const all = await t.app.inject({ url: '/v1/orgs', headers: user.headers() });
    expect(all.json().orgs.map((o: { org_name: string }) => o.org_name)).toEqual([
      'alpha',
      'Bravo',
      'Charlie',
    ]);

    const search = await t.app.inject({ url: '/v1/orgs?org_name=ALP', headers: user.headers() });
    expect(search.json().orgs.map((o: { org_name: string }) => o.org_name)).toEqual(['alpha']);

    const first = await t.app.inject({ url: '/v1/orgs?pagination_size=2', headers: user.headers() });
    expect(first.json().orgs).toHaveLength(2);
    const second = await t.app.inject({
      url: `/v1/orgs?pagination_size=2&pagination_token=${first.json().pagination_token}`,
      headers: user.headers(),
    });
    expect(second.json()).toEqual({
      orgs: [expect.objectContaining({ org_name: 'Charlie' })],
      pagination_token: null,
    });
  });

  it('hides organizations from non-members', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const orgGuid = await createOrg(t, owner);
    const response = await t.app.inject({ url: `/v1/orgs/${orgGuid}`, headers: stranger.headers() });
    expect(response.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/v1/orgs/${orgGuid}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rejects a malformed paging token with a clear message', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      url: '/v1/orgs?pagination_token=garbage',
      headers: user.headers(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'pagination_token is not valid',
      error_code: 'INVALID_PAGINATION_TOKEN',
    });
  });
});
