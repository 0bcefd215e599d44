import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInHandlers, signInToTestOrg } from '../../../testing/alert-fixtures';
import { makeDevice } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { type BulkActionsProps, OrganizationDevices } from './organization-devices';

const alpha = makeDevice({ device_name: 'Alpha', serial_number: '1000-100' });
const beta = makeDevice({ device_name: 'Beta', serial_number: '1000-200' });

/** The bulk actions bar as the app gives it, reduced to what it was handed. */
function SelectionProbe({ devices }: BulkActionsProps) {
  return <output aria-label="Selection">{devices.map((device) => device.device_name).join(', ')}</output>;
}

function renderList() {
  mockApi({
    ...signedInHandlers(),
    'GET /devices': (call) => {
      const serial = call.search.get('serial_number');
      const devices = [alpha, beta].filter((device) => !serial || device.serial_number.startsWith(serial));
      return { body: { devices, pagination_token: null } };
    },
  });
  return renderWithProviders(<OrganizationDevices BulkActions={SelectionProbe} />);
}

beforeEach(() => signInToTestOrg());

describe("the organization's device list selection", () => {
  it('starts again when a search is typed, and keeps a device ticked before the list follows the search', async () => {
    const { user } = renderList();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Beta' }));
    expect(screen.getByLabelText('Selection')).toHaveTextContent('Beta');

    await user.type(screen.getByLabelText('Serial Number'), '1000-1');
    expect(screen.getByLabelText('Selection')).toHaveTextContent('');
    // Ticked during the search's pause, on the rows still shown: kept once the list follows the search.
    await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    await waitFor(
      () => expect(screen.queryByRole('checkbox', { name: 'Select Beta' })).not.toBeInTheDocument(),
      {
        timeout: 5000,
      },
    );
    expect(screen.getByLabelText('Selection')).toHaveTextContent('Alpha');
  });
});
