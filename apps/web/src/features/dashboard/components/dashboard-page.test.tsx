import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeDevice, makeOrg } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { alertsPage, makeAlert, signInToTestOrg, TEST_ORG_GUID } from '../../alerts/testing/alert-fixtures';
import { DashboardPage } from './dashboard-page';

const onAir = makeDevice({ device_name: 'On Air', online: true, streaming_status: 1 });
const idle = makeDevice({ device_name: 'Idle', online: true, streaming_status: 2 });
const away = makeDevice({ device_name: 'Away', online: false, streaming_status: 4 });

beforeEach(() => {
  signInToTestOrg();
  mockApi({
    'GET /orgs': {
      body: {
        orgs: [makeOrg({ org_guid: TEST_ORG_GUID, org_name: 'Studio Group' })],
        pagination_token: null,
      },
    },
    'GET /devices/status': {
      body: {
        status: {
          total_devices: 3,
          total_online: 2,
          total_streaming: 1,
          total_alerts: 1,
          devices_online: [onAir.device_guid, idle.device_guid],
          devices_streaming: [onAir.device_guid],
        },
      },
    },
    'GET /devices': { body: { devices: [away, idle, onAir], pagination_token: null } },
    'GET /device_alerts': {
      body: alertsPage([
        makeAlert({
          device_guid: away.device_guid,
          label: 'High Temperature',
          timestamp: '2026-11-23T10:00:00.000Z',
        }),
        makeAlert({ device_guid: idle.device_guid, label: 'Old and Resolved', resolved: true }),
      ]),
    },
    'GET /alerts': { body: alertsPage([]) },
  });
});

describe('DashboardPage', () => {
  it('is headed by the organization name', async () => {
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Studio Group' })).toBeInTheDocument();
  });

  it('opens the online devices behind the Online Devices tile', async () => {
    const { user } = renderWithProviders(<DashboardPage />);
    await user.click(await screen.findByRole('button', { name: /Online Devices 2 \/ 3/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Online Devices' });
    expect(await within(dialog).findByRole('link', { name: 'Idle' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'On Air' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Away')).not.toBeInTheDocument();
  });

  it('opens the streaming devices behind the Streaming Devices tile', async () => {
    const { user } = renderWithProviders(<DashboardPage />);
    await user.click(await screen.findByRole('button', { name: /Streaming Devices 1 \/ 3/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Streaming Devices' });
    expect(await within(dialog).findByRole('link', { name: 'On Air' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Idle')).not.toBeInTheDocument();
  });

  it('opens the active alerts with their device, label, time and state', async () => {
    const { user } = renderWithProviders(<DashboardPage />);
    await user.click(await screen.findByRole('button', { name: /Alerts 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Alerts' });
    const row = (await within(dialog).findByText('High Temperature')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Away' })).toBeInTheDocument();
    expect(within(row).getByText('Unresolved')).toBeInTheDocument();
    expect(within(row).getByText(/^2026\/11\/23 /)).toBeInTheDocument();
    expect(within(dialog).queryByText('Old and Resolved')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
