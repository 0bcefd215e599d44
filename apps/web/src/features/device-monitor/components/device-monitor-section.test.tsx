import type { Alert } from '@ec/contract/alerts';
import { CAPABILITY_PROFILES } from '@ec/contract/entitlements/capability-catalogue';
import { OUTPUT_STATUSES } from '@ec/contract/shadow-documents/outputs';
import type { Shadow } from '@ec/contract/shadows';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAlert, signInToTestOrg } from '../../../testing/alert-fixtures';
import { makeDevice, makeDeviceState } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { DeviceMonitorSection } from './device-monitor-section';

const device = makeDevice({ product_name: 'edgecaster' });
const base = `/devices/${device.device_guid}`;

const shadow = (name: Shadow['shadow_name'], state: Record<string, unknown> | null): Shadow => ({
  shadow_name: name,
  reported: { state, current_version: 1, timestamp: '2026-01-01T00:00:00.000Z' },
  requested: null,
});

const SHADOWS: Record<string, Shadow> = {
  Inputs: shadow('Inputs', {
    inputs: [
      {
        id: 1,
        type: 'hardware',
        hw_channel: 0,
        video_input_format: 'FORMAT_UNDEFINED',
        config: { name: 'SDI 1' },
      },
    ],
  }),
  Encoders: shadow('Encoders', {
    encoders: [
      {
        id: 2,
        type: 'video',
        status: 'RUNNING',
        current_bitrate: 4800,
        config: { name: 'Main', scaling_resolution: '1280x720' },
      },
    ],
  }),
  Outputs: shadow('Outputs', {
    outputs: [
      {
        id: 3,
        type: 'srt',
        config: { name: 'To Studio', enable: true },
        status: OUTPUT_STATUSES.remoteUnreachable,
      },
    ],
  }),
};

function mock(state: unknown, shadows: Record<string, Shadow | null> = SHADOWS, alerts: Alert[] = []) {
  return mockApi({
    [`GET ${base}/state`]: { body: { state } },
    [`GET ${base}/shadows`]: (call) => {
      const found = shadows[call.search.get('shadow_names') ?? ''];
      return { body: { shadows: found ? [found] : [] } };
    },
    [`GET /device_alerts/${device.device_guid}`]: { body: { alerts } },
    'GET /entitlements/capabilities/edgecaster': { body: CAPABILITY_PROFILES.edgecaster },
  });
}

beforeEach(() => signInToTestOrg());
afterEach(() => vi.restoreAllMocks());

describe('DeviceMonitorSection (spec 2 §2.5)', () => {
  it('shows the inputs, encoders and outputs with the status the device reports', async () => {
    mock(makeDeviceState({ cpu_CPU3_throttling: true }));
    renderWithProviders(<DeviceMonitorSection device={device} />);
    const inputs = await screen.findByRole('table', { name: 'Inputs' });
    expect(await within(inputs).findByText('No Signal')).toBeInTheDocument();
    const encoders = screen.getByRole('table', { name: 'Encoders' });
    expect(await within(encoders).findByText('1280x720 @ 4800 kbps')).toBeInTheDocument();
    const outputs = screen.getByRole('table', { name: 'Outputs' });
    expect(await within(outputs).findAllByText('Can not connect to URL')).toHaveLength(2);
    expect(screen.getByText('Throttling: CPU3')).toBeInTheDocument();
  });

  it('says when the device has no state', async () => {
    mock(null);
    renderWithProviders(<DeviceMonitorSection device={device} />);
    expect(await screen.findByText('This device has no state')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Inputs' })).not.toBeInTheDocument();
  });

  it('says when a document is missing: incomplete state', async () => {
    mock(makeDeviceState(), { ...SHADOWS, Encoders: null });
    renderWithProviders(<DeviceMonitorSection device={device} />);
    expect(await screen.findByText(/incomplete state: Encoders not reported/)).toBeInTheDocument();
  });

  it('opens the capabilities dialog from the product label, or says they are unknown', async () => {
    mock(makeDeviceState());
    const { user } = renderWithProviders(<DeviceMonitorSection device={device} />);
    await user.click(screen.getByRole('button', { name: 'Edgecaster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edgecaster Capabilities' });
    expect(await within(dialog).findByText('Single-input video encoder')).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'ADB over IP' })).toBeInTheDocument();
  });

  it('says "Device capabilities unknown" when the profile cannot be read', async () => {
    mockApi({
      [`GET ${base}/state`]: { body: { state: makeDeviceState() } },
      'GET /entitlements/capabilities/edgecaster': { status: 500, body: { message: 'down' } },
    });
    const { user } = renderWithProviders(<DeviceMonitorSection device={device} />);
    await user.click(screen.getByRole('button', { name: 'Edgecaster' }));
    expect(await screen.findByText('Device capabilities unknown')).toBeInTheDocument();
  });

  it('opens the streaming status dialog', async () => {
    mock(makeDeviceState());
    const { user } = renderWithProviders(<DeviceMonitorSection device={device} />);
    await user.click(screen.getByRole('button', { name: 'Streaming status: Streaming' }));
    const dialog = await screen.findByRole('dialog', { name: 'Streaming Status' });
    expect(within(dialog).getByText('Device Uptime')).toBeInTheDocument();
    expect(within(dialog).getByText('No active alerts')).toBeInTheDocument();
  });

  it("reads Device Alerts from the device's own active alerts and lists them in the dialog", async () => {
    const alert = makeAlert({ device_guid: device.device_guid, label: 'High Temperature' });
    mock(makeDeviceState(), SHADOWS, [alert]);
    const { user } = renderWithProviders(<DeviceMonitorSection device={device} />);
    await user.click(await screen.findByRole('button', { name: 'Streaming status: Device Alerts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Streaming Status' });
    expect(within(dialog).getByRole('link', { name: 'High Temperature' })).toHaveAttribute(
      'href',
      `/devices/${device.device_guid}/config/Alerts`,
    );
  });
});
