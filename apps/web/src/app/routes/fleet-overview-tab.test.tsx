import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { signInToTestOrg } from '../../testing/alert-fixtures';
import { makeDevice, makeFleet } from '../../testing/data-generators';
import { eventsPage, makeEvent } from '../../testing/event-fixtures';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { FleetPage } from './fleet-page';

const fleet = makeFleet({ fleet_name: 'Arena' });
const inFleet = makeDevice({ device_name: 'Stage Left' });
const outside = makeDevice({ device_name: 'Lobby' });
const F = fleet.fleet_guid;
const status = {
  total_devices: 2,
  total_online: 1,
  total_streaming: 0,
  total_alerts: 1,
  devices_online: [inFleet.device_guid],
  devices_streaming: [],
  alerts: [{ alert_guid: '00000000-0000-4000-8000-00000000aaaa', device_guid: inFleet.device_guid }],
};

function render(extra: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    [`GET /fleets/${F}`]: { body: { fleet } },
    [`GET /fleets/${F}/devices/status`]: { body: { status } },
    [`GET /fleets/${F}/devices`]: { body: { devices: [inFleet], pagination_token: null } },
    [`GET /fleets/${F}/events`]: {
      body: eventsPage([
        makeEvent({
          device_guid: null,
          fleet_guid: F,
          event_type: 'agent',
          event_data: { message: 'Fleet Arena created by ann@example.com' },
        }),
      ]),
    },
    'GET /devices': { body: { devices: [inFleet, outside], pagination_token: null } },
    ...extra,
  });
  const view = renderWithProviders(null, {
    url: `/fleets/${F}`,
    routes: [{ path: paths.fleets.detail.path, element: <FleetPage /> }],
  });
  return { ...view, calls, user: userEvent.setup() };
}

beforeEach(() => signInToTestOrg());

describe('Fleet overview (spec 2 §2.6, §2.13)', () => {
  it('shows the status label and tiles, the devices and the recent fleet events of 5 days', async () => {
    const { calls } = render();
    expect(await screen.findByText('Online 1/2')).toBeInTheDocument();
    expect(screen.getByText('Streaming 0/2')).toBeInTheDocument();
    expect(screen.getByText('Alerts 1/2')).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Stage Left/ })).toBeInTheDocument();
    const events = await screen.findByRole('table', { name: 'Recent Fleet Events' });
    expect(await within(events).findByText('Fleet Arena created by ann@example.com')).toBeInTheDocument();
    expect(within(events).getByText('Fleet')).toBeInTheDocument();
    const start = calls.find((c) => c.path === `/fleets/${F}/events`)?.search.get('start_time');
    const days = (Date.now() - Date.parse(start ?? '')) / 86_400_000;
    expect(days).toBeCloseTo(5, 1);
  });

  it('opens the online devices the fleet status names, looked up by guid', async () => {
    const { user, calls } = render({
      // The organization's list (its first 1000 names) does not hold the fleet's device: a lookup does.
      'GET /devices': ({ search }) => ({
        body: {
          devices: search.get('device_guids') === inFleet.device_guid ? [inFleet] : [outside],
          pagination_token: null,
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Online Devices/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Online Devices' });
    expect(await within(dialog).findByRole('link', { name: /Stage Left/ })).toBeInTheDocument();
    expect(within(dialog).queryByText('Lobby')).not.toBeInTheDocument();
    expect(calls.some((call) => call.search.get('device_guids') === inFleet.device_guid)).toBe(true);
  });

  it("says 'Error fetching status' with Retry when the status call fails", async () => {
    render({ [`GET /fleets/${F}/devices/status`]: { status: 502, body: { message: 'Bad gateway' } } });
    expect(await screen.findByText('Error fetching status')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('adds devices through the device selector and removes the ticked ones', async () => {
    const { user, calls } = render({
      [`POST /fleets/${F}/devices`]: { body: { ok: true } },
      [`DELETE /fleets/${F}/devices`]: { body: { ok: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Devices' }));
    const selector = await screen.findByRole('dialog', { name: 'Select Devices' });
    await user.click(await within(selector).findByRole('checkbox', { name: /Select Lobby/ }));
    await user.click(within(selector).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ devices: [outside.device_guid] }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: 'Select Stage Left' }));
    await user.click(screen.getByRole('button', { name: 'Remove Devices' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ devices: [inFleet.device_guid] }),
    );
    // The bulk actions of a fleet: no Forget.
    expect(screen.queryByRole('button', { name: 'Forget Device(s)' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reboot Device(s)' })).toBeInTheDocument();
  });

  it('offers a reader neither Add nor Remove Devices', async () => {
    render({ [`GET /fleets/${F}`]: { body: { fleet: { ...fleet, editable: false, controllable: false } } } });
    expect(await screen.findByRole('link', { name: /Stage Left/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Devices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Devices' })).not.toBeInTheDocument();
  });
});
