import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preferences } from '../../lib/preferences';
import { makeDevice } from '../../testing/data-generators';
import { renderWithProviders } from '../../testing/render';
import { DeviceLayoutButton } from './device-layout-dialog';
import { DeviceTable } from './device-table';

const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent);

function renderListWithEditor() {
  const device = makeDevice({
    device_name: 'Studio A',
    metadata: [
      { key: 'location', value: 'Hall 3' },
      { key: 'deployment_status', value: 'production' },
    ],
  });
  return renderWithProviders(
    <>
      <DeviceLayoutButton />
      <DeviceTable devices={[device]} />
    </>,
  );
}

describe('DeviceLayoutButton', () => {
  it('adds, removes and reorders columns, and the device list follows once saved', async () => {
    const { user } = renderListWithEditor();
    expect(headers()).toEqual(['Device', 'Status', 'IP Address', 'Firmware', 'Serial Number', 'MAC Address']);

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = screen.getByRole('dialog', { name: 'Device List Columns' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove MAC Address' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove IP Address' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Add Column' }));
    await user.click(screen.getByRole('option', { name: 'Location' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Add Column' }));
    await user.click(screen.getByRole('option', { name: 'Deployment Status' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Location up' }));
    // Nothing changes before Save.
    expect(headers()).toContain('MAC Address');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(headers()).toEqual([
      'Device',
      'Status',
      'Firmware',
      'Location',
      'Serial Number',
      'Deployment Status',
    ]);
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText('Hall 3')).toBeInTheDocument();
    expect(within(row).getByText('Production')).toBeInTheDocument();
    expect(preferences.get().deviceListLayout).toEqual([
      { component: 'streaming_status' },
      { component: 'firmware_version' },
      { component: 'metadata', key: 'location' },
      { component: 'serial_number' },
      { component: 'metadata', key: 'deployment_status' },
    ]);
  });

  it('marks the columns that hide on smaller screens, unless the reactive layout is ignored', async () => {
    const { user } = renderListWithEditor();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = screen.getByRole('dialog', { name: 'Device List Columns' });
    expect(within(dialog).getAllByText('Hidden on smaller screens')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    preferences.set('ignoreReactive', true);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.queryByText('Hidden on smaller screens')).not.toBeInTheDocument();
  });

  it('cancels without saving and resets to the defaults', async () => {
    preferences.set('deviceListLayout', [{ component: 'serial_number' }]);
    const { user } = renderListWithEditor();
    expect(headers()).toEqual(['Device', 'Serial Number']);

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('button', { name: 'Remove Serial Number' }));
    expect(screen.getByText('No columns: the list shows device names only.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(headers()).toEqual(['Device', 'Serial Number']);

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(headers()).toEqual(['Device', 'Status', 'IP Address', 'Firmware', 'Serial Number', 'MAC Address']);
  });
});
