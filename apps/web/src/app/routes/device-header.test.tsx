import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeAlert, signInToTestOrg } from '../../testing/alert-fixtures';
import { makeDevice } from '../../testing/data-generators';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { DeviceHeader } from './device-header';

const viewer = { control: false, edit: false, admin: false };

function renderHeader(device: ReturnType<typeof makeDevice>, alerts: ReturnType<typeof makeAlert>[]) {
  const calls = mockApi({
    [`GET /devices/${device.device_guid}`]: { body: { device, rights: viewer } },
    [`GET /device_alerts/${device.device_guid}`]: { body: { alerts } },
  });
  return { calls, ...renderWithProviders(<DeviceHeader device={device} />) };
}

beforeEach(() => signInToTestOrg());

describe('DeviceHeader alerts (spec 2 §2.5, §4.2)', () => {
  it('reads Device Alerts and shows the alert toolbar: each alert named, a link to the device’s alerts', async () => {
    const device = makeDevice({ device_name: 'Studio A', streaming_status: 1, alert_count: 2 });
    const temperature = makeAlert({ device_guid: device.device_guid, label: 'High Temperature' });
    const offline = makeAlert({ device_guid: device.device_guid, label: 'Output Down', alert_state: '' });
    renderHeader(device, [temperature, offline]);

    expect(screen.getByText('Device Alerts')).toBeInTheDocument();
    expect(screen.queryByText('Streaming')).not.toBeInTheDocument();
    const toolbar = await screen.findByRole('group', { name: 'Device alerts' });
    expect(within(toolbar).getByText('2 active alerts')).toBeInTheDocument();
    const link = within(toolbar).getByRole('link', { name: /^High Temperature: Unresolved since / });
    expect(link).toHaveAttribute('href', `/devices/${device.device_guid}/config/Alerts`);
    expect(within(toolbar).getByRole('link', { name: /^Output Down: Unknown since / })).toBeInTheDocument();
    expect(screen.getByTitle('2 active alerts')).toBeInTheDocument();
  });

  it('names the first three alerts and links the rest as "n more", keyboard first to last', async () => {
    const device = makeDevice({ alert_count: 5 });
    const alerts = ['One', 'Two', 'Three', 'Four', 'Five'].map((label) =>
      makeAlert({ device_guid: device.device_guid, label }),
    );
    const { user } = renderHeader(device, alerts);

    const toolbar = await screen.findByRole('group', { name: 'Device alerts' });
    const links = within(toolbar).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['One', 'Two', 'Three', '2 more']);
    expect(links.at(-1)).toHaveAccessibleName('2 more alerts');
    links[0]!.focus();
    await user.tab();
    expect(links[1]).toHaveFocus();
  });

  it('shows no toolbar and the streaming label when the device has no active alert', async () => {
    const device = makeDevice({ streaming_status: 0, alert_count: 0 });
    const { calls } = renderHeader(device, []);
    await waitFor(() => expect(calls.some((call) => call.path.startsWith('/device_alerts/'))).toBe(true));
    expect(await screen.findByText('Error Streaming')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Device alerts' })).not.toBeInTheDocument();
  });
});
