import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInToTestOrg } from '../../../testing/alert-fixtures';
import { makeDevice, makeDeviceEntitlements } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { makeSeries, metricsAnswer } from '../testing/metric-fixtures';
import { DeviceMetricTiles } from './device-metric-tiles';

vi.mock('./metric-chart-canvas', () => ({ MetricChartCanvas: () => <div>chart</div> }));

const NOW = new Date('2026-11-24T12:10:00.000Z');
const device = makeDevice({ device_guid: '11111111-1111-4111-8111-111111111111' });
const DEVICE = device.device_guid;
const NO_RIGHTS = { control: false, edit: false, admin: false };

/** What the device reports of its outputs: one named, one not. */
const OUTPUTS = {
  shadow_name: 'Outputs',
  reported: {
    state: {
      outputs: [
        { id: 3, type: 'srt', config: { name: 'To Studio' } },
        { id: 4, type: 'rtmp', config: {} },
      ],
    },
    current_version: 2,
    timestamp: NOW.toISOString(),
  },
  requested: null,
};

function serve(options: { licensed: boolean; admin?: boolean; fail?: boolean; outputs?: boolean }) {
  const entitlements = makeDeviceEntitlements(DEVICE);
  entitlements.properties['services.cloud.metrics.enabled'] = options.licensed;
  return mockApi({
    [`GET /devices/${DEVICE}`]: { body: { device, rights: { ...NO_RIGHTS, admin: options.admin ?? false } } },
    [`GET /entitlements/devices/${DEVICE}`]: { body: entitlements },
    [`GET /devices/${DEVICE}/shadows`]: { body: { shadows: options.outputs ? [OUTPUTS] : [] } },
    'POST /devices/metrics': options.fail
      ? { status: 500, body: { message: 'Down', error_code: 'INTERNAL' } }
      : {
          body: metricsAnswer([
            makeSeries({ device_guid: DEVICE, values: [95, 50] }),
            makeSeries({
              device_guid: DEVICE,
              metric_name: 'memory_system_percent_used',
              values: [10, 75.5],
            }),
            makeSeries({
              device_guid: DEVICE,
              namespace: 'outputs',
              metric_name: 'output_3_bitrate_kbps',
              unit: 'kbps',
              values: [4800, 0],
            }),
            makeSeries({
              device_guid: DEVICE,
              metric_name: 'thermal_system_temp_current',
              unit: 'celsius',
              values: [91],
            }),
          ]),
        },
  });
}

const queries = (calls: MockCall[]) => calls.filter((call) => call.method === 'POST');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  signInToTestOrg();
});

describe('DeviceMetricTiles', () => {
  it('charts the last 12 hours to the next half hour, each tile judged by its last value', async () => {
    const calls = serve({ licensed: true });
    renderWithProviders(<DeviceMetricTiles deviceGuid={DEVICE} />);
    expect(
      await screen.findByRole('button', { name: 'CPU Utilization: 50%. Open a larger chart' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Memory Utilization: 75.5%, above warning. Open a larger chart' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'System Temperature: 91 °C, above critical. Open a larger chart' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Filesystem Utilization: No data. Open a larger chart' }),
    ).toBeInTheDocument();
    const body = queries(calls)[0]?.body as { start_time: string; end_time: string; metrics: unknown[] };
    expect(body.start_time).toBe('2026-11-24T00:30:00.000Z');
    expect(body.end_time).toBe('2026-11-24T12:30:00.000Z');
    expect(body.metrics).toHaveLength(4);
  });

  it('adds a tile for the bitrate of each output the device reports, named as the output is', async () => {
    const calls = serve({ licensed: true, outputs: true });
    renderWithProviders(<DeviceMetricTiles deviceGuid={DEVICE} />);
    expect(
      await screen.findByRole('button', { name: 'To Studio Bitrate: 0 kbps. Open a larger chart' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Output 4 Bitrate: No data. Open a larger chart' }),
    ).toBeInTheDocument();
    const [body] = queries(calls).map((call) => call.body as { metrics: { metric_name: string }[] });
    expect(body?.metrics.map((metric) => metric.metric_name).slice(4)).toEqual([
      'output_3_bitrate_kbps',
      'output_4_bitrate_kbps',
    ]);
  });

  it("opens a larger chart whose 'Modify Query' leads to the explorer", async () => {
    serve({ licensed: true });
    const { user } = renderWithProviders(<DeviceMetricTiles deviceGuid={DEVICE} />);
    await user.click(await screen.findByRole('button', { name: /^CPU Utilization/ }));
    const dialog = await screen.findByRole('dialog', { name: 'CPU Utilization' });
    expect(within(dialog).getByRole('link', { name: 'Modify Query' })).toHaveAttribute(
      'href',
      `/metrics?device_guids=${DEVICE}&metrics=system%2Fcpu_percent_used`,
    );
  });

  it("turns every tile red with 'Error fetching metrics' when the query fails", async () => {
    serve({ licensed: true, fail: true });
    renderWithProviders(<DeviceMetricTiles deviceGuid={DEVICE} />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Error fetching metrics');
    expect(
      screen.getByRole('button', { name: 'CPU Utilization: Error fetching metrics. Open a larger chart' }),
    ).toBeInTheDocument();
  });

  it('shows nothing for a device not licensed for metrics, unless the user is a device admin', async () => {
    const calls = serve({ licensed: false });
    const { unmount } = renderWithProviders(<DeviceMetricTiles deviceGuid={DEVICE} />);
    await vi.waitFor(() => expect(calls.some((call) => call.path.startsWith('/entitlements'))).toBe(true));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Metrics' })).toBeNull());
    expect(queries(calls)).toEqual([]);
    unmount();

    serve({ licensed: false, admin: true });
    renderWithProviders(<DeviceMetricTiles deviceGuid={DEVICE} />);
    expect(await screen.findByRole('button', { name: /^CPU Utilization: 50%/ })).toBeInTheDocument();
  });
});
