import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeDevice } from '../../testing/data-generators';
import { renderWithProviders } from '../../testing/render';
import { DeviceTable } from './device-table';

describe('DeviceTable', () => {
  it('shows each device with its streaming status label and a link to its page', () => {
    const streaming = makeDevice({ device_name: 'Studio A', streaming_status: 1 });
    const offline = makeDevice({ device_name: 'Studio B', streaming_status: 4, online: false });
    const failing = makeDevice({ device_name: 'Studio C', streaming_status: 0 });
    renderWithProviders(<DeviceTable devices={[streaming, offline, failing]} />);

    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('Streaming')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Device Offline')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Error Streaming')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Studio A' })).toHaveAttribute(
      'href',
      `/devices/${streaming.device_guid}`,
    );
    expect(screen.getByRole('columnheader', { name: 'Serial Number' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText(streaming.serial_number)).toBeInTheDocument();
  });

  it('reads Device Alerts, with the red alert icon, for a device with active alerts whatever it streams', () => {
    const failing = makeDevice({ device_name: 'Studio A', streaming_status: 0, alert_count: 3 });
    const streaming = makeDevice({ device_name: 'Studio B', streaming_status: 1, alert_count: 1 });
    renderWithProviders(<DeviceTable devices={[failing, streaming]} />);

    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('Device Alerts')).toBeInTheDocument();
    expect(within(rows[1]!).getByTitle('3 active alerts')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Device Alerts')).toBeInTheDocument();
    expect(within(rows[2]!).getByTitle('1 active alert')).toBeInTheDocument();
    expect(screen.queryByText('Error Streaming')).not.toBeInTheDocument();
    expect(screen.queryByText('Streaming')).not.toBeInTheDocument();
  });

  it("says 'No devices' when the list is empty", () => {
    renderWithProviders(<DeviceTable devices={[]} />);
    expect(screen.getByText('No devices')).toBeInTheDocument();
  });

  it('selects rows', async () => {
    const device = makeDevice({ device_name: 'Studio A' });
    const onToggle = vi.fn();
    const { user } = renderWithProviders(
      <DeviceTable devices={[device]} selected={new Set()} onToggle={onToggle} onToggleAll={vi.fn()} />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Studio A' }));
    expect(onToggle).toHaveBeenCalledWith(device);
  });
});
