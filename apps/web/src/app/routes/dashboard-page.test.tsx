import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { alertsPage, makeAlert, signInToTestOrg, TEST_ORG_GUID } from '../../testing/alert-fixtures';
import { makeDevice, makeOrg } from '../../testing/data-generators';
import { eventsPage, makeEvent } from '../../testing/event-fixtures';
import { type MockCall, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { DashboardPage } from './dashboard-page';

const onAir = makeDevice({ device_name: 'On Air', online: true, streaming_status: 1 });
const idle = makeDevice({ device_name: 'Idle', online: true, streaming_status: 2 });
const away = makeDevice({ device_name: 'Away', online: false, streaming_status: 4 });

let calls: MockCall[];

beforeEach(() => {
  signInToTestOrg();
  calls = mockApi({
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
        makeAlert({
          device_guid: onAir.device_guid,
          label: 'Quiet Input',
          silenced: true,
          timestamp: '2026-11-23T11:00:00.000Z',
        }),
      ]),
    },
    'GET /alerts': { body: alertsPage([]) },
    'GET /device_alerts/history': {
      body: alertsPage([
        makeAlert({ device_guid: idle.device_guid, label: 'Closed Earlier', closed_by: 'auto' }),
      ]),
    },
    [`GET /orgs/${TEST_ORG_GUID}/events`]: {
      body: eventsPage([makeEvent({ device_guid: idle.device_guid, device_name: 'Idle' })]),
    },
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

  it('lists the unresolved alerts, silenced ones too, newest first', async () => {
    renderWithProviders(<DashboardPage />);
    const table = await screen.findByRole('table', { name: 'Active Alerts' });
    await within(table).findByText('Quiet Input');
    const alerts = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(alerts).toEqual(['Quiet Input', 'High Temperature']);
    expect(within(table).getByText('Silenced')).toBeInTheDocument();
    expect(within(table).queryByText('Old and Resolved')).not.toBeInTheDocument();
  });

  it('lists the devices streaming under Active Streams', async () => {
    renderWithProviders(<DashboardPage />);
    const streams = await screen.findByRole('table', { name: 'Active Streams' });
    expect(await within(streams).findByRole('link', { name: 'On Air' })).toBeInTheDocument();
    expect(within(streams).queryByText('Idle')).not.toBeInTheDocument();
  });

  it('shows the 5 newest alerts of each type, and a failed list’s error text', async () => {
    renderWithProviders(<DashboardPage />);
    const recent = await screen.findByRole('table', { name: 'Recent device alerts' });
    expect(await within(recent).findByText('Closed Earlier')).toBeInTheDocument();
    const history = calls.find((call) => call.path === '/device_alerts/history');
    expect(history?.search.get('pagination_size')).toBe('5');
    // No mock answers /alerts/history: its list shows why, with Retry.
    const legacy = screen.getByRole('table', { name: 'Recent legacy alerts' });
    expect(await within(legacy).findByText(/No mock for GET \/alerts\/history/)).toBeInTheDocument();
    expect(within(legacy).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the 10 newest organization events', async () => {
    renderWithProviders(<DashboardPage />);
    const events = await screen.findByRole('table', { name: 'Recent organization events' });
    expect(await within(events).findByText('Device online')).toBeInTheDocument();
    const request = calls.find((call) => call.path === `/orgs/${TEST_ORG_GUID}/events`);
    expect(request?.search.get('pagination_size')).toBe('10');
  });
});
