import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_CONTAINER_GUIDS, seedDemoContainers } from './demo-containers.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { groups: ['ContainerManagement'] });
  await seedDemoContainers(t.app, {
    userGuid: admin.userGuid,
    email: admin.email,
    groups: ['ContainerManagement'],
  });
});
afterAll(() => t.close());

describe('the demo container directory', () => {
  it('offers an Edgecaster two published entries, one licensable; a Max-only recorder and an unpublished beta beside them', async () => {
    const listed = await t.app.inject({
      url: '/v1/containers?platform=edgecaster',
      headers: admin.headers(),
    });
    const containers = listed.json().containers as {
      name: string;
      licensable: boolean;
      container_guid: string;
    }[];
    expect(containers.map((entry) => [entry.name, entry.licensable])).toEqual([
      ['HTML5 Player', false],
      ['SRT Gateway', true],
    ]);
    expect(containers[1]!.container_guid).toBe(DEMO_CONTAINER_GUIDS.srtGateway);
    const all = await t.app.inject({ url: '/v1/containers?unpublished=true', headers: admin.headers() });
    expect(all.json().containers.map((entry: { name: string }) => entry.name)).toEqual([
      'Caption Bridge (beta)',
      'HTML5 Player',
      'SRT Gateway',
      'Stream Recorder',
    ]);
  });
});
