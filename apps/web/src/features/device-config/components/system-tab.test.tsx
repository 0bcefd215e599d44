import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSystemShadow } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { SystemTab } from './system-tab';

const DEVICE = '00000000-0000-4000-8000-000000000001';
const base = `/devices/${DEVICE}/shadows`;

const command = (overrides: Record<string, unknown>) => ({
  command: {
    command_guid: 'c1',
    shadow_name: 'System',
    command_type: 'set',
    finished: true,
    command_state: 'succeeded',
    response: { message: null, error_code: null, state: null, current_version: 4 },
    requested: { state: null },
    created_timestamp: '2026-01-01T00:00:00.000Z',
    finished_timestamp: '2026-01-01T00:00:01.000Z',
    ...overrides,
  },
});

describe('SystemTab', () => {
  it('shows the reported version and saves a set command with its version as target', async () => {
    const calls = mockApi({
      [`GET ${base}`]: { body: { shadows: [makeSystemShadow({}, 3)] } },
      [`POST ${base}/commands`]: {
        status: 202,
        body: { commands: [{ shadow_name: 'System', command_guid: 'c1' }] },
      },
      [`GET ${base}/commands/c1`]: { body: command({}) },
    });
    const { user } = renderWithProviders(<SystemTab deviceGuid={DEVICE} online canEdit withUtc />);

    expect(await screen.findByText('Version: 3')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Device Name'));
    await user.type(screen.getByLabelText('Device Name'), 'Studio B');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The device applied the configuration (version 4).')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toMatchObject({
      command_type: 'set',
      commands: [
        { shadow_name: 'System', target_version: 3, state: { config: { device_name: 'Studio B' } } },
      ],
    });
  });

  it('shows the failure message of the device', async () => {
    mockApi({
      [`GET ${base}`]: { body: { shadows: [makeSystemShadow()] } },
      [`POST ${base}/commands`]: {
        status: 202,
        body: { commands: [{ shadow_name: 'System', command_guid: 'c1' }] },
      },
      [`GET ${base}/commands/c1`]: {
        body: command({
          command_state: 'failed',
          response: {
            message: 'NTP server unreachable',
            error_code: 'INVALID',
            state: null,
            current_version: 3,
          },
        }),
      },
    });
    const { user } = renderWithProviders(<SystemTab deviceGuid={DEVICE} online canEdit withUtc={false} />);
    await user.type(await screen.findByLabelText('NTP Server'), 'pool.ntp.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('NTP server unreachable')).toBeInTheDocument();
    // The edits stay, so they can be fixed or reverted.
    await waitFor(() => expect(screen.getByLabelText('NTP Server')).toHaveValue('pool.ntp.org'));
  });

  it("says 'Missing Shadow State' without reported state and hides editor buttons from readers", async () => {
    mockApi({
      [`GET ${base}`]: { body: { shadows: [{ shadow_name: 'System', reported: null, requested: null }] } },
    });
    renderWithProviders(<SystemTab deviceGuid={DEVICE} online={false} canEdit={false} withUtc />);
    expect(await screen.findByText('Missing Shadow State')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Force Sync' })).not.toBeInTheDocument();
  });
});
