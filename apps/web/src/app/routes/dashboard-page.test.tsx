import type { DeviceRights } from '@ec/contract/access';
import type { Device } from '@ec/contract/devices';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { previewStore } from '../../features/input-preview/api/preview-store';
import { alertsPage, makeAlert, signInToTestOrg, TEST_ORG_GUID } from '../../testing/alert-fixtures';
import { makeDevice, makeDeviceEntitlements, makeOrg } from '../../testing/data-generators';
import { eventsPage, makeEvent } from '../../testing/event-fixtures';
import { type MockCall, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { DashboardPage } from './dashboard-page';

const onAir = makeDevice({ device_name: 'On Air', online: true, streaming_status: 1 });
const idle = makeDevice({ device_name: 'Idle', online: true, streaming_status: 2 });
const away = makeDevice({ device_name: 'Away', online: false, streaming_status: 4 });

/**
 * GET /devices as the server answers it: the dashboard's lists ask for the devices online or streaming,
 * lookups name their devices (device_guids). `pastTheList` are devices too far down the organization's
 * names for a list of 1000 to hold: only a lookup finds them.
 */
const devicesAnswer =
  (devices: Device[], pastTheList: Device[] = []) =>
  ({ search }: MockCall) => {
    const named = search.get('device_guids')?.split(',');
    if (named)
      return {
        body: {
          devices: [...devices, ...pastTheList].filter((device) => named.includes(device.device_guid)),
          pagination_token: null,
        },
      };
    const status = search.get('device_status');
    const online = devices.filter((device) => device.online);
    const listed =
      status === 'online'
        ? online
        : status === 'streaming'
          ? online.filter((device) => device.streaming_status === 1)
          : devices;
    return { body: { devices: listed, pagination_token: null } };
  };

let calls: MockCall[];
let handlers: Parameters<typeof mockApi>[0];

const controller: DeviceRights = { control: true, edit: true, admin: false };

/** What a device's live preview asks for: the device with its rights, its licences, its Inputs document. */
function previewHandlers(device: Device, inputName: string) {
  const guid = device.device_guid;
  const entitlements = makeDeviceEntitlements(guid);
  entitlements.properties['services.cloud.input_preview.enabled'] = true;
  return {
    [`GET /devices/${guid}`]: { body: { device, rights: controller } },
    [`GET /entitlements/devices/${guid}`]: { body: entitlements },
    [`GET /devices/${guid}/shadows`]: {
      body: {
        shadows: [
          {
            shadow_name: 'Inputs',
            reported: {
              current_version: 2,
              timestamp: '2026-11-23T10:00:00.000Z',
              state: { inputs: [{ id: 1, video_input_format: '1080p30', config: { name: inputName } }] },
            },
            requested: null,
          },
        ],
      },
    },
    [`POST /devices/${guid}/commands`]: {
      status: 202,
      body: { command_guid: '00000000-0000-4000-8000-00000000abcd', api_request_id: 'preview' },
    },
  };
}

beforeEach(() => {
  signInToTestOrg();
  handlers = {
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
    'GET /devices': devicesAnswer([away, idle, onAir]),
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
  };
  calls = mockApi(handlers);
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

  it("names an alert's device looked up by guid, even one past the 1000 devices a list holds", async () => {
    handlers['GET /devices'] = devicesAnswer([idle, onAir], [away]);
    calls = mockApi(handlers);
    renderWithProviders(<DashboardPage />);
    const table = await screen.findByRole('table', { name: 'Active Alerts' });
    const row = (await within(table).findByText('High Temperature')).closest('tr')!;
    expect(await within(row).findByRole('link', { name: 'Away' })).toBeInTheDocument();
    const lookups = calls.filter((call) => call.path === '/devices' && call.search.has('device_guids'));
    expect(lookups.map((call) => call.search.get('device_guids'))).toContain(
      [away.device_guid, onAir.device_guid].sort().join(','),
    );
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

  it('previews a streaming device’s inputs live, and another online device chosen from the list', async () => {
    // Devices of their own: a preview asked for by another test is not asked for again within 30 s.
    const stage = makeDevice({ device_name: 'Stage', online: true, streaming_status: 1 });
    const lobby = makeDevice({ device_name: 'Lobby', online: true, streaming_status: 2 });
    calls = mockApi({
      ...handlers,
      'GET /devices/status': {
        body: {
          status: {
            total_devices: 3,
            total_online: 2,
            total_streaming: 1,
            total_alerts: 0,
            devices_online: [lobby.device_guid, stage.device_guid],
            devices_streaming: [stage.device_guid],
          },
        },
      },
      'GET /devices': devicesAnswer([away, lobby, stage]),
      ...previewHandlers(stage, 'Stage Camera'),
      ...previewHandlers(lobby, 'Lobby Camera'),
    });
    const { user } = renderWithProviders(<DashboardPage />);
    const section = await screen.findByRole('region', { name: 'Input Preview' });
    const device = await within(section).findByRole('combobox', { name: 'Device' });
    expect(device).toHaveTextContent('Stage');
    const previewRequests = (guid: string) =>
      calls.filter(
        (call) =>
          call.method === 'POST' &&
          call.path === `/devices/${guid}/commands` &&
          (call.body as { command?: string }).command === 'send_input_preview',
      );
    // The device, its licences and its inputs load first, then the request goes out.
    const loaded = { timeout: 5000 };
    await waitFor(() => expect(previewRequests(stage.device_guid)).toHaveLength(1), loaded);
    act(() =>
      previewStore.receive({
        type: 'device.preview',
        device_guid: stage.device_guid,
        input_id: 1,
        thumbnail: 'AAAA',
        audio_levels: [{ channel_num: 0, max_hold_200ms: 0.1, max_hold_5s: 0.2 }],
      }),
    );
    const picture = await within(section).findByRole('img', { name: 'Preview of Stage Camera' });
    expect(picture.tagName).toBe('IMG');

    await user.click(device);
    const options = await screen.findByRole('listbox', { name: 'Device' });
    expect(
      within(options)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Lobby', 'Stage']);
    await user.click(within(options).getByRole('option', { name: 'Lobby' }));
    expect(
      await within(section).findByRole('img', { name: 'Preview of Lobby Camera' }, loaded),
    ).toBeInTheDocument();
    await waitFor(() => expect(previewRequests(lobby.device_guid)).toHaveLength(1), loaded);
  });
});
