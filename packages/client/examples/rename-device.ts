import { fileURLToPath } from 'node:url';
import { type Client, createClient } from '@ec/client/create-client';
import { systemConfigSchema } from '@ec/contract/shadow-documents/system';
import { SHADOW_COMMAND_MAX_ATTEMPTS, SHADOW_COMMAND_POLL_MS } from '@ec/contract/shadows';

/**
 * Renames a device. Its name is the `device_name` of its System shadow: the device gets a new System
 * document, applies it and reports it back, and the console's device list follows.
 */
export async function renameDevice(client: Client, deviceGuid: string, deviceName: string) {
  const params = { device_guid: deviceGuid };
  const { shadows } = await client.shadows.list({ params, query: { shadow_names: 'System' } });
  const reported = shadows[0]?.reported;
  if (!reported?.state) throw new Error('The device has not reported its System shadow yet');
  const config = systemConfigSchema.parse(reported.state.config);

  const { commands } = await client.shadows.sendCommands({
    params,
    body: {
      command_type: 'set',
      // The version the change is made on: a device that has moved on since answers 'Config mismatch!'.
      commands: [
        {
          shadow_name: 'System',
          target_version: reported.current_version,
          state: { config: { ...config, device_name: deviceName } },
        },
      ],
    },
  });

  // The device answers in its own time: ask for the command's outcome as the console does.
  const commandGuid = commands[0]!.command_guid;
  for (let attempt = 0; attempt < SHADOW_COMMAND_MAX_ATTEMPTS; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, SHADOW_COMMAND_POLL_MS));
    const { command } = await client.shadows.getCommand({ params: { ...params, command_guid: commandGuid } });
    if (!command.finished) continue;
    if (command.command_state === 'succeeded') return;
    throw new Error(`The device refused the new name: ${command.response?.message}`);
  }
  throw new Error('The device did not answer in time');
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}`);
  return value;
}

// EC_URL=https://console.example.com EC_TOKEN=<personal access token> EC_ORG_GUID=<organization guid> \
//   npx tsx examples/rename-device.ts <serial number> <new name>
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [serialNumber, deviceName] = process.argv.slice(2);
  if (!serialNumber || !deviceName) throw new Error('Usage: rename-device.ts <serial number> <new name>');

  const client = createClient({
    baseUrl: requiredEnv('EC_URL'),
    token: requiredEnv('EC_TOKEN'),
    scheme: 'PAT',
    orgGuid: requiredEnv('EC_ORG_GUID'),
  });
  const { devices } = await client.devices.list();
  for (const device of devices) console.log(device.serial_number, device.device_name);

  const device = devices.find((candidate) => candidate.serial_number === serialNumber);
  if (!device) throw new Error(`No device ${serialNumber} in this organization`);
  await renameDevice(client, device.device_guid, deviceName);
  const { device: renamed } = await client.devices.get({ params: { device_guid: device.device_guid } });
  console.log(`Renamed ${renamed.serial_number} to ${renamed.device_name}`);
}
