import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInToTestOrg } from '../../../testing/alert-fixtures';
import { makeDevice, makeDeviceEntitlements, makeFleet } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { FLEET_MONITOR_FEATURE, FleetMonitor, NO_CONFIGURED_DEVICES, NOT_LICENSED } from './fleet-monitor';

const fleet = makeFleet({ editable: true });
const devicesPath = `GET /fleets/${fleet.fleet_guid}/devices`;
const rights = (admin: boolean) => ({ control: true, edit: true, admin });

beforeEach(() => signInToTestOrg());

describe('the fleet monitor (spec 2 §2.6, §4.1)', () => {
  it('shows a card per device by streaming status, the monitor view of licensed online devices only', async () => {
    const streaming = makeDevice({ device_name: 'Streaming', streaming_status: 1, online: true });
    const failing = makeDevice({ device_name: 'Failing', streaming_status: 0, online: true });
    const unlicensed = makeDevice({ device_name: 'Unlicensed', streaming_status: 2, online: true });
    const offline = makeDevice({ device_name: 'Offline', streaming_status: 4, online: false });
    const licensed = (guid: string, on: boolean) => {
      const answer = makeDeviceEntitlements(guid);
      return { body: { ...answer, properties: { ...answer.properties, [FLEET_MONITOR_FEATURE]: on } } };
    };
    mockApi({
      [devicesPath]: { body: { devices: [streaming, offline, unlicensed, failing], pagination_token: null } },
      ...Object.fromEntries(
        [streaming, failing, unlicensed, offline].flatMap((device) => [
          [
            `GET /entitlements/devices/${device.device_guid}`,
            licensed(device.device_guid, device !== unlicensed),
          ],
          [`GET /devices/${device.device_guid}`, { body: { device, rights: rights(false) } }],
        ]),
      ),
    });
    renderWithProviders(
      <FleetMonitor
        fleet={fleet}
        monitor={(device) => <p>Monitor of {device.device_name}</p>}
        actions={(device) => <button type="button">Configure {device.device_name}</button>}
      />,
    );
    expect(await screen.findByText('Monitor of Streaming')).toBeInTheDocument();
    const cards = screen.getAllByRole('region');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Failing',
      'Streaming',
      'Unlicensed',
      'Offline',
    ]);
    expect(await within(cards[2]!).findByText(NOT_LICENSED)).toBeInTheDocument();
    expect(within(cards[3]!).getByText('The device is offline.')).toBeInTheDocument();
    expect(within(cards[3]!).getByRole('button', { name: 'Refresh Offline' })).toBeDisabled();
    expect(within(cards[0]!).getByRole('button', { name: 'Configure Failing' })).toBeInTheDocument();
  });

  it("lets a device admin past the licence and says 'No configured devices' for an empty fleet", async () => {
    const device = makeDevice({ device_name: 'Admin sees', streaming_status: 1, online: true });
    mockApi({
      [devicesPath]: { body: { devices: [device], pagination_token: null } },
      [`GET /entitlements/devices/${device.device_guid}`]: {
        body: makeDeviceEntitlements(device.device_guid),
      },
      [`GET /devices/${device.device_guid}`]: { body: { device, rights: rights(true) } },
    });
    const { unmount } = renderWithProviders(
      <FleetMonitor fleet={fleet} monitor={(d) => <p>Monitor of {d.device_name}</p>} />,
    );
    expect(await screen.findByText('Monitor of Admin sees')).toBeInTheDocument();
    unmount();

    mockApi({ [devicesPath]: { body: { devices: [], pagination_token: null } } });
    renderWithProviders(<FleetMonitor fleet={fleet} monitor={() => null} />);
    expect(await screen.findByText(NO_CONFIGURED_DEVICES)).toBeInTheDocument();
  });
});
