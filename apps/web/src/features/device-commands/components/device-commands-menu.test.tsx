import type { DeviceRights } from '@ec/contract/access';
import type { DeviceCommand } from '@ec/contract/device-commands';
import { NOTE_TOO_LONG_MESSAGE } from '@ec/contract/device-metadata';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { makeDevice, makeDeviceEntitlements, makeDeviceState } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { DeviceCommandsMenu } from './device-commands-menu';

const device = makeDevice({ device_name: 'Studio A', online: true, cloud_version: 'V1.25.0' });
const DEVICE = device.device_guid;
const COMMAND = '00000000-0000-4000-8000-00000000c0de';
const EDITOR: DeviceRights = { control: true, edit: true, admin: false };
const CONTROLLER: DeviceRights = { control: true, edit: false, admin: false };

const LICENSED = {
  'services.cloud.commands_interface.enabled': true,
  'services.cloud.output_control.enabled': true,
  'services.cloud.reboot_device.enabled': true,
  'services.cloud.reset_settings.enabled': true,
  'services.cloud.download_logs.enabled': true,
  'services.cloud.local_ui_password.enabled': true,
};

const commandAnswer = (state: DeviceCommand['response']['result']['state'], message: string | null) => ({
  body: {
    api_request_id: 'r1',
    command: {
      command_guid: COMMAND,
      command: 'reboot_device',
      finished: state !== 'ISSUED' && state !== 'ACCEPTED',
      response: { result: { state, message } },
      created: '2026-01-01T00:00:00.000Z',
      finished_timestamp: null,
    },
  },
});

function mockDevice(properties: Record<string, boolean>, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET /entitlements/devices/${DEVICE}`]: {
      body: { ...makeDeviceEntitlements(DEVICE), properties },
    },
    [`POST /devices/${DEVICE}/commands`]: {
      status: 202,
      body: { command_guid: COMMAND, api_request_id: 'r0' },
    },
    ...extra,
  });
}

const renderMenu = (rights: DeviceRights, options: { user?: ReturnType<typeof userEvent.setup> } = {}) => {
  const view = renderWithProviders(<DeviceCommandsMenu device={device} rights={rights} />);
  return { ...view, user: options.user ?? view.user };
};

const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Commands' }));
  return screen.findByRole('menu');
};

const sent = (calls: MockCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

beforeEach(() => {
  sessionStore.setToken({
    access_token: 'token',
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
    refresh_token: 'refresh',
  });
  sessionStore.selectOrg('00000000-0000-4000-8000-000000000042');
});

describe('DeviceCommandsMenu (spec 2 §2.5, §5-6)', () => {
  it('is not there for a person who may only look at the device', () => {
    mockDevice(LICENSED);
    renderMenu({ control: false, edit: false, admin: false });
    expect(screen.queryByRole('button', { name: 'Commands' })).not.toBeInTheDocument();
  });

  it('disables items with their reason: edit rights, licence; Manage Device once the address answers', async () => {
    mockDevice(
      { ...LICENSED, 'services.cloud.reboot_device.enabled': false },
      { 'GET /v2/system': { body: {} } },
    );
    const { user } = renderMenu(CONTROLLER);
    const menu = await openMenu(user);
    const reboot = await within(menu).findByRole('menuitem', { name: /^Reboot/ });
    await waitFor(() => expect(reboot).toHaveAccessibleName(/not licensed for/));
    expect(reboot).toHaveAttribute('aria-disabled', 'true');
    const metadata = within(menu).getByRole('menuitem', { name: /Edit Metadata/ });
    expect(metadata).toHaveTextContent('This needs edit rights on the device.');
    expect(metadata).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: /Download Logs/ })).not.toHaveAttribute(
      'aria-disabled',
    );
    // ADB is hidden unless the device is licensed for it.
    expect(within(menu).queryByRole('menuitem', { name: /ADB/ })).not.toBeInTheDocument();
    const manage = await within(menu).findByRole('menuitem', { name: /Manage Device/ });
    expect(manage).toHaveAttribute('href', `http://${device.device_ip}/`);
    expect(manage).toHaveAttribute('target', '_blank');
  });

  it('reboots once CONFIRM is typed exactly and shows the device answer', async () => {
    const calls = mockDevice(LICENSED, {
      [`GET /devices/${DEVICE}/commands/${COMMAND}`]: commandAnswer('COMPLETE', 'The device is rebooting...'),
    });
    const { user } = renderMenu(EDITOR);
    await user.click(await within(await openMenu(user)).findByRole('menuitem', { name: 'Reboot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reboot' });
    const button = within(dialog).getByRole('button', { name: 'Reboot' });
    await user.type(within(dialog).getByLabelText('Type CONFIRM'), 'confirm');
    expect(button).toBeDisabled();
    expect(within(dialog).getByText('Please type CONFIRM above to proceed')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Type CONFIRM'));
    await user.type(within(dialog).getByLabelText('Type CONFIRM'), 'CONFIRM');
    expect(within(dialog).queryByText('Please type CONFIRM above to proceed')).not.toBeInTheDocument();
    await user.click(button);
    expect(await within(dialog).findByText('The device is rebooting...')).toBeInTheDocument();
    expect(sent(calls, `/devices/${DEVICE}/commands`).map((call) => call.body)).toEqual([
      { command: 'reboot_device' },
    ]);
  });

  it('gives up after 100 polls of 2 s without an answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockDevice(LICENSED, {
      [`GET /devices/${DEVICE}/commands/${COMMAND}`]: commandAnswer('ACCEPTED', null),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderMenu(EDITOR, { user });
    await user.click(await within(await openMenu(user)).findByRole('menuitem', { name: 'Reboot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reboot' });
    await user.type(within(dialog).getByLabelText('Type CONFIRM'), 'CONFIRM');
    await user.click(within(dialog).getByRole('button', { name: 'Reboot' }));
    expect(
      await within(dialog).findByText('The device accepted the command and is carrying it out...'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200_000));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No command response in 200 seconds...',
    );
    const polls = calls.filter((call) => call.path === `/devices/${DEVICE}/commands/${COMMAND}`).length;
    expect(polls).toBeGreaterThanOrEqual(90);
    expect(polls).toBeLessThanOrEqual(101);
  });

  it('adds that the device may reboot to a complete reset', async () => {
    mockDevice(LICENSED, {
      [`GET /devices/${DEVICE}/commands/${COMMAND}`]: commandAnswer('COMPLETE', 'Settings reset'),
    });
    const { user } = renderMenu(EDITOR);
    await user.click(await within(await openMenu(user)).findByRole('menuitem', { name: 'Reset Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Settings' });
    await user.type(within(dialog).getByLabelText('Type RESET'), 'RESET');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Settings' }));
    expect(
      await within(dialog).findByText('Settings reset Device may reboot during this process...'),
    ).toBeInTheDocument();
  });

  it('asks for the current local UI password when one is set and shows a rejection as an error', async () => {
    const calls = mockDevice(LICENSED, {
      [`GET /devices/${DEVICE}/state`]: { body: { state: makeDeviceState({ ui_password_set: true }) } },
      [`GET /devices/${DEVICE}/commands/${COMMAND}`]: commandAnswer(
        'REJECTED',
        'The current password is not correct',
      ),
    });
    const { user } = renderMenu(EDITOR);
    await user.click(
      await within(await openMenu(user)).findByRole('menuitem', { name: 'Local UI Password' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Manage Local UI Password' });
    await user.type(await within(dialog).findByLabelText('New Password'), 'secret-1');
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'secret-2');
    expect(within(dialog).getByText('The new passwords do not match')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Set Password' }));
    expect(within(dialog).getByText('The current password is required')).toBeInTheDocument();
    expect(sent(calls, `/devices/${DEVICE}/commands`)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Current Password/), 'wrong');
    await user.clear(within(dialog).getByLabelText('Confirm New Password'));
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Set Password' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The current password is not correct');
    expect(sent(calls, `/devices/${DEVICE}/commands`).map((call) => call.body)).toEqual([
      { command: 'set_ui_password', data: { current_ui_password: 'wrong', new_ui_password: 'secret-1' } },
    ]);
  });

  it('lists removable storage and formats a USB drive after FORMAT', async () => {
    const calls = mockDevice(LICENSED, {
      [`GET /devices/${DEVICE}/state`]: {
        body: {
          state: makeDeviceState({
            storage_devices: [
              {
                devno: 'mmc0',
                type: 'MMC',
                uuid: 'm1',
                name: 'Internal storage',
                size: { used: 0, total: 1024 },
              },
              {
                devno: 'sda1',
                type: 'USB',
                uuid: 'u1',
                name: 'USB drive',
                size: { used: 1024, total: 2048 },
              },
              { devno: 'sdb1', type: 'USB', uuid: '', name: 'Unnamed stick', size: { used: 0, total: 1 } },
            ],
          }),
        },
      },
      [`GET /devices/${DEVICE}/commands/${COMMAND}`]: commandAnswer('COMPLETE', 'USB drive formatted'),
    });
    const { user } = renderMenu(EDITOR);
    await user.click(await within(await openMenu(user)).findByRole('menuitem', { name: 'Storage Devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Storage Devices' });
    expect(await within(dialog).findByText('USB drive')).toBeInTheDocument();
    expect(within(dialog).getByText('USB · sda1 · 1.0 KB / 2.0 KB')).toBeInTheDocument();
    expect(within(dialog).queryByText('Unnamed stick')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Format Internal storage' })).not.toBeInTheDocument();
    expect(
      within(dialog).getByText('Only USB and SD Card storage can be removed or formatted.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Format USB drive' }));
    await user.type(within(dialog).getByLabelText('Type FORMAT'), 'FORMAT');
    await user.click(within(dialog).getByRole('button', { name: 'Format' }));
    expect(await within(dialog).findByText('USB drive formatted')).toBeInTheDocument();
    expect(sent(calls, `/devices/${DEVICE}/commands`).map((call) => call.body)).toEqual([
      { command: 'format_storage', data: { storage_device_id: 'u1' } },
    ]);
  });

  it("refuses a note of 201 characters with the spec's message, and saves one of 200", async () => {
    const calls = mockDevice(LICENSED, {
      [`POST /devices/${DEVICE}/metadata`]: { body: { metadata: [{ key: 'note', value: 'x'.repeat(200) }] } },
    });
    const { user } = renderMenu(EDITOR);
    await user.click(await within(await openMenu(user)).findByRole('menuitem', { name: 'Edit Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Device Note' });
    const note = within(dialog).getByLabelText('Note');
    await user.click(note);
    await user.paste('x'.repeat(201));
    expect(within(dialog).getByText(NOTE_TOO_LONG_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.type(note, '{Backspace}');
    expect(within(dialog).getByText('200/200')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, `/devices/${DEVICE}/metadata`).map((call) => call.body)).toEqual([
      [{ key: 'note', value: 'x'.repeat(200) }],
    ]);
  });

  it('switches an output off, then closes five seconds after the save and reads the outputs again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const outputs = (enable: boolean) => ({
      body: {
        shadows: [
          {
            shadow_name: 'Outputs',
            reported: {
              state: {
                outputs: [
                  { id: 1, type: 'srt', config: { enable, name: 'SRT to production' } },
                  { id: 3, type: 'thumbnail', config: { enable: true, name: 'Thumbnail' } },
                ],
              },
              current_version: 4,
              timestamp: '2026-01-01T00:00:00.000Z',
            },
            requested: null,
          },
        ],
      },
    });
    let reported = true;
    const calls = mockDevice(LICENSED, {
      [`GET /devices/${DEVICE}/shadows`]: () => outputs(reported),
      [`POST /devices/${DEVICE}/outputs`]: () => {
        reported = false;
        return { status: 202, body: { command_guid: COMMAND } };
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderMenu(EDITOR, { user });
    await user.click(await within(await openMenu(user)).findByRole('menuitem', { name: 'Output Control' }));
    const dialog = await screen.findByRole('dialog', { name: 'Output Control' });
    const srt = await within(dialog).findByRole('switch', { name: 'SRT to production (SRT)' });
    expect(srt).toBeChecked();
    expect(within(dialog).queryByRole('switch', { name: /Thumbnail/ })).not.toBeInTheDocument();

    await user.click(srt);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sent.');
    expect(sent(calls, `/devices/${DEVICE}/outputs`).map((call) => call.body)).toEqual([
      [{ output_id: 1, enable: false }],
    ]);
    const readsBefore = calls.filter((call) => call.path === `/devices/${DEVICE}/shadows`).length;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(calls.filter((call) => call.path === `/devices/${DEVICE}/shadows`).length).toBeGreaterThan(
        readsBefore,
      ),
    );
  });
});
