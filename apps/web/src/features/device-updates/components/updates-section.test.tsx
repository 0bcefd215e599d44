import type { DeviceRights } from '@ec/contract/access';
import type { DeviceCommand } from '@ec/contract/device-commands';
import {
  DEVELOPMENT_BUILD_MESSAGE,
  DEVICE_STATE_UNKNOWN,
  LATEST_RELEASES,
  NO_SELF_UPDATE_MESSAGE,
  OFFLINE_UPDATE_MESSAGE,
  SLOW_DOWNLOAD_HINT,
} from '@ec/contract/device-updates';
import type { Device, DeviceState } from '@ec/contract/devices';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { makeDevice, makeDeviceState } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { UpdatesSection } from './updates-section';

const COMMAND = '00000000-0000-4000-8000-00000000beef';
const EDITOR: DeviceRights = { control: true, edit: true, admin: false };
const VIEWER: DeviceRights = { control: true, edit: false, admin: false };
const ADMIN: DeviceRights = { control: true, edit: true, admin: true };
const FIRMWARE = LATEST_RELEASES.firmware;

const commandAnswer = (
  name: string,
  state: DeviceCommand['response']['result']['state'],
  message: string,
) => ({
  body: {
    api_request_id: 'r1',
    command: {
      command_guid: COMMAND,
      command: name,
      finished: state !== 'ACCEPTED',
      response: { result: { state, message } },
      created: '2026-01-01T00:00:00.000Z',
      finished_timestamp: null,
    },
  },
});

function setUp(
  device: Device,
  options: { rights?: DeviceRights; state?: DeviceState | null; command?: ReturnType<typeof commandAnswer> },
) {
  const guid = device.device_guid;
  const calls = mockApi({
    [`GET /devices/${guid}`]: { body: { device, rights: options.rights ?? EDITOR } },
    [`GET /devices/${guid}/state`]: {
      body: { state: options.state === undefined ? makeDeviceState() : options.state },
    },
    [`POST /devices/${guid}/commands`]: {
      status: 202,
      body: { command_guid: COMMAND, api_request_id: 'r0' },
    },
    [`POST /devices/${guid}/updates/cloud`]: {
      status: 202,
      body: { command_guid: COMMAND, api_request_id: 'r0' },
    },
    ...(options.command ? { [`GET /devices/${guid}/commands/${COMMAND}`]: options.command } : {}),
  });
  const view = renderWithProviders(<UpdatesSection device={device} />);
  return { ...view, calls, section: () => screen.getByRole('region', { name: 'Updates' }) };
}

const posted = (calls: MockCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.body);
const part = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  sessionStore.setToken({
    access_token: 'token',
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
    refresh_token: 'refresh',
  });
  sessionStore.selectOrg('00000000-0000-4000-8000-000000000042');
});

describe('UpdatesSection (spec 2 §4.6)', () => {
  it('offers an Edgecaster its firmware and cloud agent updates and sends them', async () => {
    const device = makeDevice({ firmware_version: 'v10.5.2', cloud_version: 'V1.25.0' });
    const { user, calls } = setUp(device, {
      command: commandAnswer('download_update', 'REJECTED', 'Download timed out.'),
    });
    const firmware = await screen.findByRole('region', { name: 'Firmware' });
    expect(within(firmware).getByText(FIRMWARE.edgecaster)).toBeInTheDocument();
    expect(within(part('Cloud Agent')).getByText(LATEST_RELEASES.cloud)).toBeInTheDocument();
    // An editor who is not an admin is not offered the re-install.
    expect(screen.queryByRole('button', { name: 'Re-install Cloud Agent' })).not.toBeInTheDocument();

    await user.click(within(firmware).getByRole('button', { name: 'Update Firmware' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Download timed out. ${SLOW_DOWNLOAD_HINT}`);
    await user.click(screen.getByRole('button', { name: 'Update Cloud Agent' }));
    expect(posted(calls)).toEqual([{ command: 'download_update' }, { update: true }]);
  });

  it('says Update Command Accepted while the device works, and disables the buttons meanwhile', async () => {
    const device = makeDevice({ firmware_version: 'v10.5.2', cloud_version: 'V1.25.0' });
    const { user } = setUp(device, { command: commandAnswer('update_cloud', 'ACCEPTED', '') });
    await user.click(await screen.findByRole('button', { name: 'Update Cloud Agent' }));
    expect(await screen.findByText('Update Command Accepted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Cloud Agent' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Firmware' })).toBeDisabled();
  });

  it('disables updates for someone who may not edit, and explains an offline device', async () => {
    setUp(makeDevice({ firmware_version: 'v10.5.2', cloud_version: 'V1.25.0' }), { rights: VIEWER });
    expect(await screen.findByRole('button', { name: 'Update Firmware' })).toBeDisabled();
    const offline = makeDevice({ firmware_version: 'v10.5.2', cloud_version: 'V1.25.0', online: false });
    setUp(offline, {});
    expect(await screen.findByText(OFFLINE_UPDATE_MESSAGE(FIRMWARE.edgecaster))).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_UPDATE_MESSAGE(LATEST_RELEASES.cloud))).toBeInTheDocument();
  });

  it('asks for a manual upgrade of an agent that cannot update itself, and warns a development build', async () => {
    setUp(makeDevice({ firmware_version: 'v10.9.0-dev', cloud_version: 'V1.4.0' }), {});
    expect(await screen.findByText(NO_SELF_UPDATE_MESSAGE(LATEST_RELEASES.cloud))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Cloud Agent' })).not.toBeInTheDocument();
    expect(screen.getByText(DEVELOPMENT_BUILD_MESSAGE)).toBeInTheDocument();
  });

  it('offers the re-install to an admin on the latest agent, and says when the state is unknown', async () => {
    const device = makeDevice({
      firmware_version: FIRMWARE.edgecaster,
      cloud_version: LATEST_RELEASES.cloud,
    });
    setUp(device, { rights: ADMIN, state: null });
    expect(await screen.findByText(DEVICE_STATE_UNKNOWN)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-install Cloud Agent' })).toBeEnabled();
  });

  it.each([
    ['update available for download', 'Download system'],
    ['update downloaded', 'Apply system update & reboot'],
    ['already on newer version', 'Check for Update'],
  ])('follows an Edgecaster Max system update: %s gives %s', async (status, button) => {
    const device = makeDevice({ product_name: 'edgecaster_max', firmware_version: 'v11.2.1' });
    setUp(device, { state: makeDeviceState({ update_state: [{ module: 'system', status }] }) });
    expect(
      await within(await screen.findByRole('region', { name: 'Firmware' })).findByRole('button', {
        name: button,
      }),
    ).toBeEnabled();
  });

  it('shows the download progress and any other status as disabled text', async () => {
    const max = makeDevice({ product_name: 'edgecaster_max', firmware_version: 'v11.2.1' });
    setUp(max, {
      state: makeDeviceState({
        update_state: [{ module: 'system', status: 'downloading update', progress_percent: 40 }],
      }),
    });
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Update Cloud Agent' })).toBeDisabled();
    const other = makeDevice({ product_name: 'edgecaster_max', firmware_version: 'v11.2.1' });
    setUp(other, { state: makeDeviceState({ update_state: [{ module: 'system', status: 'Verifying' }] }) });
    expect(await screen.findByRole('button', { name: 'verifying' })).toBeDisabled();
  });
});
