import type { ProvisionedDevice } from '@ec/contract/devices';
import { describe, expect, it } from 'vitest';
import { type CommandHost, runDeviceCommand } from './device-commands.ts';
import { initialRuntime } from './device-runtime.ts';
import { initialShadows } from './initial-shadows.ts';

const device: ProvisionedDevice = {
  device_guid: '00000000-0000-4000-8000-000000000001',
  serial_number: '1000-0001',
  product_name: 'edgecaster',
  mac_address: '02:00:00:00:00:01',
  partner_id: null,
  mqtt_username: 'device',
  mqtt_password: 'secret',
};

const unused = () => Promise.reject(new Error('not part of a rest_direct command'));

/** A host for commands that only read the device's documents. */
function host(): CommandHost {
  const documents = initialShadows(device, '192.168.1.2');
  return {
    product: device.product_name,
    runtime: initialRuntime(device),
    stepMs: 0,
    document: (name) => documents[name],
    publishState: unused,
    resetDocuments: unused,
    reboot: unused,
    restartAgent: unused,
    uploadLogs: unused,
    startInputPreview: () => undefined,
  };
}

const run = (command: string, data: unknown) =>
  runDeviceCommand(host(), { command_guid: device.device_guid, command, data });

describe('rest_direct commands on the simulated encoder', () => {
  it('calls the local API v2 on port 2020 and completes with its answer', async () => {
    const outcome = await run('rest_direct_get', { rest_endpoint: ':2020/v2/system' });
    expect(outcome).toMatchObject({
      state: 'complete',
      message: 'HTTP 200 from port 2020',
      response: { status_code: 200, body: { system: expect.objectContaining({ ip_scheme: 'dhcp' }) } },
    });
  });

  it('completes with the status the API gave when it refuses the call', async () => {
    const outcome = await run('rest_direct_post', { rest_endpoint: ':2020/v2/system', body: { x: 1 } });
    expect(outcome).toMatchObject({ state: 'complete', response: { status_code: 405 } });
  });

  it('fails when nothing listens on the port', async () => {
    expect(await run('rest_direct_delete', { rest_endpoint: ':1323/v1/stop' })).toEqual({
      state: 'failed',
      message: 'Nothing is listening on port 1323 of the device',
    });
  });

  it('rejects a command without a usable endpoint', async () => {
    expect(await run('rest_direct_get', { rest_endpoint: '/v2/system' })).toEqual({
      state: 'rejected',
      message: 'The command needs a rest_endpoint such as ":2020/v2/system"',
    });
  });
});
