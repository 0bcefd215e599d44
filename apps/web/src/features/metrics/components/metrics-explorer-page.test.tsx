import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayTimeZone } from '../../../lib/display-time-zone';
import { signInToTestOrg } from '../../../testing/alert-fixtures';
import { makeDevice } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { stubObjectUrls } from '../../../testing/object-urls';
import { renderWithProviders } from '../../../testing/render';
import { makeSeries, metricsAnswer } from '../testing/metric-fixtures';
import { MetricsExplorerPage } from './metrics-explorer-page';

// jsdom draws no canvas: the chart stands in as its data's size, its accessible name stays real.
vi.mock('./metric-chart-canvas', () => ({
  MetricChartCanvas: (props: { series: unknown[] }) => <div>{props.series.length} series drawn</div>,
}));

const NOW = new Date('2026-11-24T12:00:00.000Z');
const studioA = makeDevice({ device_guid: '11111111-1111-4111-8111-111111111111', device_name: 'Studio A' });
const CPU = 'system/cpu_percent_used';
const namespaces = {
  namespaces: [
    {
      namespace: 'system',
      label: 'System',
      metrics: [{ metric_name: 'cpu_percent_used', label: 'CPU Utilization', unit: 'percent' }],
    },
  ],
};

let calls: MockCall[];
let failQuery = false;
const queries = () => calls.filter((call) => call.method === 'POST' && call.path === '/devices/metrics');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  signInToTestOrg();
  displayTimeZone.set('UTC');
  failQuery = false;
  calls = mockApi({
    'GET /devices': { body: { devices: [studioA], pagination_token: null } },
    'GET /devices/metrics': { body: namespaces },
    'POST /devices/metrics': () =>
      failQuery
        ? { status: 500, body: { message: 'Database unavailable', error_code: 'INTERNAL' } }
        : { body: metricsAnswer([makeSeries()]) },
  });
});
afterEach(() => {
  displayTimeZone.set(undefined);
  vi.useRealTimers();
});

const viewUrl = (extra = '') => `/metrics?device_guids=${studioA.device_guid}&metrics=${CPU}${extra}`;

describe('MetricsExplorerPage', () => {
  it('asks for nothing and says so without a device or a metric', async () => {
    renderWithProviders(<MetricsExplorerPage />, { url: `/metrics?metrics=${CPU}` });
    expect(await screen.findByText('No devices specified for query')).toBeInTheDocument();
    expect(queries()).toEqual([]);
  });

  it('queries the view in the address and draws it', async () => {
    renderWithProviders(<MetricsExplorerPage />, { url: viewUrl('&period_key=6hrs') });
    expect(
      await screen.findByRole('img', { name: 'Metrics: latest Studio A CPU Utilization 40.25%' }),
    ).toBeInTheDocument();
    expect(queries()[0]?.body).toEqual({
      device_guids: [studioA.device_guid],
      metrics: [{ namespace: 'system', metric_name: 'cpu_percent_used', period: 300, statistic: 'Average' }],
      start_time: '2026-11-24T06:00:00.000Z',
      end_time: '2026-11-24T12:00:00.000Z',
      scan_by: 'TimestampAscending',
      pagination_size: 10000,
    });
    expect(await screen.findByRole('button', { name: 'CPU Utilization' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Studio A' })).toBeInTheDocument();
  });

  it('names a device of the view that is past the 1000 devices a list holds', async () => {
    calls = mockApi({
      // The organization's list holds its first devices by name only: the device is found by its guid.
      'GET /devices': ({ search }) => ({
        body: {
          devices: search.get('device_guids') === studioA.device_guid ? [studioA] : [],
          pagination_token: null,
        },
      }),
      'GET /devices/metrics': { body: namespaces },
      'POST /devices/metrics': { body: metricsAnswer([makeSeries()]) },
    });
    renderWithProviders(<MetricsExplorerPage />, { url: viewUrl('&section=data') });
    const table = await screen.findByRole('table', { name: 'Metric values' });
    expect(await within(table).findAllByText('Studio A')).toHaveLength(2);
    // The picker shows it picked too.
    expect(await screen.findByRole('button', { name: 'Studio A' })).toBeInTheDocument();
  });

  it('shows the values in the Data tab in the profile zone, and keeps the tab in the address', async () => {
    const { user, router } = renderWithProviders(<MetricsExplorerPage />, { url: viewUrl() });
    await user.click(await screen.findByRole('tab', { name: 'Data' }));
    const table = await screen.findByRole('table', { name: 'Metric values' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DeviceMetricTimeValue',
      'Studio ACPU Utilization2026/11/24 10:00:00 am UTC12.5%',
      'Studio ACPU Utilization2026/11/24 10:30:00 am UTC40.25%',
    ]);
    expect(new URLSearchParams(router.state.location.search).get('section')).toBe('data');
  });

  it('exports the data as a CSV file named after the query', async () => {
    const { createObjectURL } = stubObjectUrls();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderWithProviders(<MetricsExplorerPage />, { url: viewUrl('&period_key=1hr') });
    await screen.findByRole('img', { name: /latest/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(clicked).toEqual(['metrics_cpu_percent_used_20261124T1100-20261124T1200.csv']);
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect((await blob.text()).split('\r\n')).toEqual([
      'Device,Metric,Unit,Time,Value',
      'Studio A,CPU Utilization,percent,2026-11-24T10:00:00.000Z,12.5',
      'Studio A,CPU Utilization,percent,2026-11-24T10:30:00.000Z,40.25',
      '',
    ]);
  });

  it("says 'Error fetching metrics' with the reason, and Retry asks again", async () => {
    failQuery = true;
    const { user } = renderWithProviders(<MetricsExplorerPage />, { url: viewUrl() });
    expect(await screen.findByText('Error fetching metrics: Database unavailable')).toBeInTheDocument();
    failQuery = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: /latest/ })).toBeInTheDocument();
    await waitFor(() => expect(queries()).toHaveLength(2));
  });
});
