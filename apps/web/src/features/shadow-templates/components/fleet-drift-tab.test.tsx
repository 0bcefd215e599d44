import type { FleetDrift } from '@ec/contract/shadow-drift';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInToTestOrg } from '../../../testing/alert-fixtures';
import { makeFleet } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { FleetDriftTab } from './fleet-drift-tab';

const fleet = { ...makeFleet(), editable: true };
const F = fleet.fleet_guid;
const template = {
  template_guid: '00000000-0000-4000-8000-0000000000d1',
  template_name: 'Venue',
  shadow_name: 'Outputs' as const,
  state: {},
};
const srt = { id: 1, type: 'srt', config: { name: 'Main' } };
const drift: FleetDrift = {
  templates: [template],
  devices: [
    {
      device_guid: '00000000-0000-4000-8000-0000000000e1',
      device_name: 'Stage left',
      serial_number: '1000-0001',
      status: 'drifting',
      shadows: [
        {
          shadow_name: 'Outputs',
          template_guid: template.template_guid,
          status: 'drifting',
          differences: [
            {
              path: ['outputs', '1', 'config', 'destination_port'],
              template: 9000,
              device: 9001,
              entry: srt,
            },
            { path: ['outputs', '1', 'config', 'passphrase'], secret: true, entry: srt },
          ],
        },
      ],
    },
    {
      device_guid: '00000000-0000-4000-8000-0000000000e2',
      device_name: 'Stage right',
      serial_number: '1000-0002',
      status: 'in_sync',
      shadows: [
        { shadow_name: 'Outputs', template_guid: template.template_guid, status: 'in_sync', differences: [] },
      ],
    },
  ],
};

beforeEach(() => signInToTestOrg());

describe('FleetDriftTab (issue 26)', () => {
  it('shows each device in sync or drifting, the differences in the forms’ words, secrets only said to differ', async () => {
    mockApi({ [`GET /fleets/${F}/drift`]: { body: drift } });
    const onBringBack = vi.fn();
    renderWithProviders(<FleetDriftTab fleet={fleet} onBringBack={onBringBack} />);
    expect(await screen.findByText('1 in sync · 1 drifting · 0 unknown')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Stage right' })).getByText('In sync'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Stage left.*Drifting \(2 differences\)/ }));
    const table = screen.getByRole('table', { name: 'Differences of Stage left' });
    expect(within(table).getByText('9000')).toBeInTheDocument();
    expect(within(table).getByText('9001')).toBeInTheDocument();
    expect(within(table).getAllByText('Differs (secret)')).toHaveLength(2);
    expect(within(table).getAllByText(/^Main › /)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Bring Back 1 Device' }));
    expect(onBringBack).toHaveBeenCalledWith([drift.devices[0]], [template]);
  });

  it('hides Bring back without a rollout to call, and offers Retry when the report fails', async () => {
    mockApi({ [`GET /fleets/${F}/drift`]: { status: 500, body: { message: 'Boom' } } });
    renderWithProviders(<FleetDriftTab fleet={fleet} />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Bring Back/ })).toBeNull();
  });
});
