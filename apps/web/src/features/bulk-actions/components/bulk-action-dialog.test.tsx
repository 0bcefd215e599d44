import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { makeDevice, makeDirectoryEntry } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { BulkActions } from './bulk-actions';

const expiresAt = new Date(Date.now() + 3600_000).toISOString();
const commandGuid = '22222222-2222-4222-8222-222222222222';
const rights = { control: true, edit: true, admin: false };

beforeEach(() => {
  sessionStore.setToken({ access_token: 'tok', expires_at: expiresAt, refresh_token: 'ref' });
});
afterEach(() => vi.restoreAllMocks());

const accepted = (deviceGuid: string) => ({
  device_guid: deviceGuid,
  status: 202,
  command_guid: commandGuid,
  output_count: null,
  error_code: null,
  message: null,
});
const refused = (deviceGuid: string, status: number, errorCode: string, message: string) => ({
  device_guid: deviceGuid,
  status,
  command_guid: null,
  output_count: null,
  error_code: errorCode,
  message,
});

describe('bulk Reboot Device(s)', () => {
  it('asks for CONFIRM, sends one bulk call, then shows each device with its own outcome and the progress', async () => {
    const good = makeDevice({ device_name: 'Studio A' });
    const unlicensed = makeDevice({ device_name: 'Studio B' });
    const offline = makeDevice({ device_name: 'Studio C', online: false });
    const old = makeDevice({ device_name: 'Studio D' });
    const calls = mockApi({
      [`GET /devices/${good.device_guid}`]: { body: { device: good, rights } },
      [`GET /devices/${unlicensed.device_guid}`]: { body: { device: unlicensed, rights } },
      [`GET /devices/${offline.device_guid}`]: { body: { device: offline, rights } },
      [`GET /devices/${old.device_guid}`]: { body: { device: old, rights } },
      'POST /devices/bulk_actions': {
        body: {
          results: [
            accepted(good.device_guid),
            refused(
              unlicensed.device_guid,
              403,
              'NOT_ENTITLED',
              'This device is not licensed for Bulk Actions.',
            ),
            refused(
              old.device_guid,
              409,
              'CLOUD_AGENT_TOO_OLD',
              'This feature is not supported on V1.0.0b10, please update your cloud agent.',
            ),
          ],
        },
      },
      [`GET /devices/${good.device_guid}/commands/${commandGuid}`]: {
        body: {
          api_request_id: 'r2',
          command: {
            command_guid: commandGuid,
            command: 'reboot_device',
            finished: true,
            response: { result: { state: 'COMPLETE', message: 'The device is rebooting...' } },
            created: '2026-01-01T00:00:00.000Z',
            finished_timestamp: '2026-01-01T00:00:01.000Z',
          },
        },
      },
    });
    const { user } = renderWithProviders(
      <BulkActions devices={[good, unlicensed, offline, old]} canEdit onForget={() => {}} />,
    );

    await user.click(screen.getByRole('button', { name: 'Reboot Device(s)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reboot Devices' });
    const reboot = within(dialog).getByRole('button', { name: 'Reboot' });
    await user.type(within(dialog).getByLabelText('Type CONFIRM'), 'confirm');
    expect(reboot).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type CONFIRM'));
    await user.type(within(dialog).getByLabelText('Type CONFIRM'), 'CONFIRM');
    await user.click(reboot);

    const row = (name: string) => within(dialog).getByRole('listitem', { name });
    await waitFor(() => expect(row('Studio A')).toHaveTextContent('Complete: The device is rebooting...'));
    expect(row('Studio B')).toHaveTextContent('Not Licensed: This device is not licensed for Bulk Actions.');
    expect(row('Studio C')).toHaveTextContent('Not Sent: Device Offline');
    expect(row('Studio D')).toHaveTextContent(
      'Unsupported Version: This feature is not supported on V1.0.0b10, please update your cloud agent.',
    );
    expect(await within(dialog).findByRole('status')).toHaveTextContent('4 of 4 done, 3 not successful');
    expect(within(dialog).getByRole('progressbar', { name: 'Reboot Devices progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    // One bulk call, for the devices the console does not know to be offline; nothing per device.
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent.map((call) => [call.path, call.body])).toEqual([
      [
        '/devices/bulk_actions',
        {
          action: 'reboot_device',
          device_guids: [good.device_guid, unlicensed.device_guid, old.device_guid],
        },
      ],
    ]);
  });
});

describe('bulk Install Container (spec 2 §2.3)', () => {
  it('asks which directory container, then shows each device as licensed, not licensed or unsupported', async () => {
    const good = makeDevice({ device_name: 'Studio A' });
    const unlicensed = makeDevice({ device_name: 'Studio B' });
    const max = makeDevice({ device_name: 'Studio C', product_name: 'edgecaster_max' });
    const gateway = makeDirectoryEntry({ name: 'SRT Gateway', licensable: true });
    const calls = mockApi({
      'GET /containers': { body: { containers: [gateway], pagination_token: null } },
      'POST /devices/bulk_actions': {
        body: {
          results: [
            accepted(good.device_guid),
            refused(unlicensed.device_guid, 403, 'CONTAINER_NOT_LICENSED', 'Container Not Licensed'),
            refused(max.device_guid, 409, 'UNSUPPORTED_DEVICE', 'Unsupported Device'),
          ],
        },
      },
      [`GET /devices/${good.device_guid}/commands/${commandGuid}`]: {
        body: {
          api_request_id: 'r',
          command: {
            command_guid: commandGuid,
            command: 'install_container',
            finished: true,
            response: { result: { state: 'COMPLETE', message: 'SRT Gateway installed' } },
            created: '2026-01-01T00:00:00.000Z',
            finished_timestamp: '2026-01-01T00:00:01.000Z',
          },
        },
      },
    });
    const { user } = renderWithProviders(<BulkActions devices={[good, unlicensed, max]} canEdit />);
    await user.click(screen.getByRole('button', { name: 'Install Container' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Container' });
    const install = within(dialog).getByRole('button', { name: 'Install' });
    expect(install).toBeDisabled();
    await user.click(await within(dialog).findByRole('combobox', { name: /Container/ }));
    await user.click(await screen.findByRole('option', { name: 'SRT Gateway (licensable)' }));
    await user.click(install);

    const row = (name: string) => within(dialog).getByRole('listitem', { name });
    await waitFor(() => expect(row('Studio A')).toHaveTextContent('Complete: SRT Gateway installed'));
    expect(row('Studio B')).toHaveTextContent('Container Not Licensed');
    expect(row('Studio C')).toHaveTextContent('Unsupported Device');
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({
      action: 'container_install',
      device_guids: [good.device_guid, unlicensed.device_guid, max.device_guid],
      container_id: gateway.container_guid,
    });
  });
});
