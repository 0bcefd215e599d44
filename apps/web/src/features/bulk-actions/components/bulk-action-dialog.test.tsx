import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { makeDevice } from '../../../testing/data-generators';
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

describe('bulk Reboot Device(s)', () => {
  it('asks for CONFIRM, then shows each device with its own outcome and the progress', async () => {
    const good = makeDevice({ device_name: 'Studio A' });
    const refused = makeDevice({ device_name: 'Studio B' });
    const offline = makeDevice({ device_name: 'Studio C', online: false });
    const calls = mockApi({
      [`GET /devices/${good.device_guid}`]: { body: { device: good, rights } },
      [`GET /devices/${refused.device_guid}`]: { body: { device: refused, rights } },
      [`GET /devices/${offline.device_guid}`]: { body: { device: offline, rights } },
      [`POST /devices/${good.device_guid}/commands`]: {
        status: 202,
        body: { command_guid: commandGuid, api_request_id: 'r1' },
      },
      [`POST /devices/${refused.device_guid}/commands`]: {
        status: 403,
        body: { message: 'This device is not licensed for Reboot Device.', error_code: 'NOT_ENTITLED' },
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
      <BulkActions devices={[good, refused, offline]} canEdit onForget={() => {}} />,
    );

    expect(screen.getByRole('button', { name: 'Install Container' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reboot Device(s)' }));
    const dialog = screen.getByRole('dialog', { name: 'Reboot Devices' });
    const reboot = within(dialog).getByRole('button', { name: 'Reboot' });
    await user.type(within(dialog).getByLabelText('Type CONFIRM'), 'confirm');
    expect(reboot).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type CONFIRM'));
    await user.type(within(dialog).getByLabelText('Type CONFIRM'), 'CONFIRM');
    await user.click(reboot);

    const row = (name: string) => within(dialog).getByRole('listitem', { name });
    await waitFor(() => expect(row('Studio A')).toHaveTextContent('Complete: The device is rebooting...'));
    await waitFor(() =>
      expect(row('Studio B')).toHaveTextContent('Error: This device is not licensed for Reboot Device.'),
    );
    expect(row('Studio C')).toHaveTextContent('Not Sent: Device Offline');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('3 of 3 done, 2 not successful');
    expect(within(dialog).getByRole('progressbar', { name: 'Reboot Devices progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    // Nothing is sent to the device the console knows to be offline.
    expect(calls.some((call) => call.path === `/devices/${offline.device_guid}/commands`)).toBe(false);
  });
});
