import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInHandlers, signInToTestOrg, TEST_ORG_GUID } from '../../testing/alert-fixtures';
import { makeFleet } from '../../testing/data-generators';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { FleetDriftRoute } from './fleet-drift-route';

const FLEET = '00000000-0000-4000-8000-0000000000f1';
const TEMPLATE = '00000000-0000-4000-8000-0000000000bb';
const device = (n: number, status: 'in_sync' | 'drifting') => ({
  device_guid: `00000000-0000-4000-8000-00000000000${n}`,
  device_name: `Encoder ${n}`,
  serial_number: `1234-000${n}`,
  status,
  shadows: [
    {
      shadow_name: 'Alerts',
      template_guid: TEMPLATE,
      status,
      differences:
        status === 'drifting'
          ? [{ path: ['alerts', 'a1', 'config', 'enabled'], template: true, device: false }]
          : [],
    },
  ],
});

describe('FleetDriftRoute', () => {
  it('brings back exactly the drifting devices: the Roll Out dialog with the template and those devices', async () => {
    signInToTestOrg();
    mockApi({
      ...signedInHandlers(),
      [`GET /fleets/${FLEET}/drift`]: {
        body: {
          templates: [
            {
              template_guid: TEMPLATE,
              template_name: 'Venue alerts',
              shadow_name: 'Alerts',
              state: { alerts: [] },
              target_object: 'fleet',
              target_guid: FLEET,
            },
          ],
          devices: [device(1, 'drifting'), device(2, 'in_sync')],
        },
      },
    });
    const fleet = makeFleet({
      fleet_guid: FLEET,
      fleet_name: 'Venue A',
      org_guid: TEST_ORG_GUID,
      editable: true,
    });
    const { user } = renderWithProviders(undefined, {
      routes: [{ path: '/', element: <FleetDriftRoute fleet={fleet} /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Bring Back 1 Device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll Out' });
    expect(within(dialog).getByText(/Venue alerts/)).toBeInTheDocument();
    expect(within(dialog).getByText('Encoder 1')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Encoder 2/)).not.toBeInTheDocument();
  });
});
