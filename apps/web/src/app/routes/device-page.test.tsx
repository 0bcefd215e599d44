import type { DeviceRights } from '@ec/contract/access';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { signInToTestOrg } from '../../testing/alert-fixtures';
import {
  makeDevice,
  makeDeviceEntitlements,
  makeDeviceState,
  makeSessionUser,
  makeSystemShadow,
} from '../../testing/data-generators';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { DevicePage } from './device-page';

// The device lives in an organization the signed-in user is not a member of: whatever they may do
// comes from the device's answer, not from an organization's access.
const device = makeDevice({ device_name: 'Studio A', online: true });
const DEVICE = device.device_guid;
const editor: DeviceRights = { control: true, edit: true, admin: false };
const viewer: DeviceRights = { control: false, edit: false, admin: false };

// The tabs other than Info load on demand: transformed here first, so that a cold run's transform does
// not count against a test's waits.
beforeAll(async () => {
  await Promise.all([
    import('./device-config-section'),
    import('../../features/device-users/components/device-users-tab'),
  ]);
}, 60_000);

function mockDevice(rights: DeviceRights) {
  return mockApi({
    [`GET /devices/${DEVICE}`]: { body: { device, rights } },
    [`GET /devices/${DEVICE}/state`]: { body: { state: makeDeviceState() } },
    [`GET /devices/${DEVICE}/shadows`]: { body: { shadows: [makeSystemShadow()] } },
    [`GET /entitlements/devices/${DEVICE}`]: { body: makeDeviceEntitlements(DEVICE) },
    'GET /auth/session': {
      body: { user: makeSessionUser(), expires_at: new Date(Date.now() + 3600_000).toISOString() },
    },
  });
}

const renderAt = (url: string) =>
  renderWithProviders(null, { url, routes: [{ path: paths.devices.detail.path, element: <DevicePage /> }] });

beforeEach(() => signInToTestOrg());

describe('DevicePage rights (spec 2 §2.5, §6)', () => {
  it('opens the Users tab of a device-only editor from a deep link, without leaving it while loading', async () => {
    mockDevice(editor);
    const { router } = renderAt(`/devices/${DEVICE}/users`);
    expect(await screen.findByRole('tab', { name: 'Users', selected: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/devices/${DEVICE}/users`);
  });

  it('lets a device-only editor change the configuration', async () => {
    mockDevice(editor);
    renderAt(`/devices/${DEVICE}/config/system`);
    const name = await screen.findByLabelText('Device Name');
    await waitFor(() => expect(name).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('keeps the configuration read-only for a viewer and sends Users back to Info', async () => {
    mockDevice(viewer);
    const { router } = renderAt(`/devices/${DEVICE}/config/system`);
    const name = await screen.findByLabelText('Device Name');
    // Give the entitlements time to arrive: they must not make a viewer's form editable.
    await screen.findByText('Version: 3');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(name).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();

    await router.navigate(`/devices/${DEVICE}/users`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/devices/${DEVICE}`));
    expect(await screen.findByRole('tab', { name: 'Info', selected: true })).toBeInTheDocument();
  });
});
