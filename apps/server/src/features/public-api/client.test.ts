import { ApiError } from '@ec/client/api-error';
import { type Client, createClient } from '@ec/client/create-client';
import { renameDevice } from '@ec/client/examples/rename-device';
import type { SimulatedDevice } from '@ec/simulator/simulated-device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedDevice } from '../../../test/devices-on-the-broker.ts';
import { createTestAppWithOrg, type TestUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';

/**
 * The client package (packages/client) against the server on a real port, through its README's flow:
 * a personal access token, the organization's devices, one of them renamed. A change of the contract
 * that the server and the client read differently fails here.
 */

let t: TestApp;
let owner: TestUser;
let orgGuid: string;
let simulated: SimulatedDevice;
let baseUrl: string;
/** The signed-in owner, as the console's browser calls. */
let session: Client;

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
  simulated = await startSimulatedDevice(t, { orgGuid });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  session = createClient({ baseUrl, token: owner.token });
});
afterAll(async () => {
  await simulated.stop();
  await t.close();
});

/** A new personal access token of the owner, created through the API. */
async function createPat(comment: string) {
  const created = await session.pats.create({ body: { comment } });
  expect(created.expires).toEqual(expect.any(String));
  return created;
}

describe('the client against a running server', () => {
  it("lists an organization's devices and renames one with a personal access token", async () => {
    const { token_value } = await createPat('rename script');
    const client = createClient({ baseUrl, token: token_value, scheme: 'PAT', orgGuid });

    const { devices } = await client.devices.list();
    const device = devices.find((candidate) => candidate.serial_number === simulated.device.serial_number);
    expect(device?.device_guid).toBe(simulated.device.device_guid);

    await renameDevice(client, device!.device_guid, 'Stage left camera');
    const { device: renamed } = await client.devices.get({ params: { device_guid: device!.device_guid } });
    expect(renamed.device_name).toBe('Stage left camera');
  });

  it('sends a personal access token as a bearer token too', async () => {
    const { token_value } = await createPat('bearer script');
    const client = createClient({ baseUrl, token: token_value });
    const { orgs } = await client.orgs.list();
    expect(orgs.map((org) => org.org_guid)).toContain(orgGuid);
  });

  it("throws ApiError with the server's status, code and message", async () => {
    const { token_guid, token_value } = await createPat('soon revoked');
    const client = createClient({ baseUrl, token: token_value, scheme: 'PAT', orgGuid });
    await session.pats.revoke({ params: { token_guid } });

    const refused = await client.devices.list().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    // A token the console no longer takes answers 403 ACCESS_DENIED (spec 1 §7): the browser signs out on it.
    expect(refused).toMatchObject({ status: 403, errorCode: 'ACCESS_DENIED', message: expect.any(String) });

    const missing = await session.devices
      .get({ params: { device_guid: '00000000-0000-4000-8000-000000000000' } })
      .catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 404, errorCode: expect.any(String) });
  });
});
