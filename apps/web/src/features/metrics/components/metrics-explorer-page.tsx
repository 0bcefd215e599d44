import { NO_DEVICES_MESSAGE } from '@ec/contract/metrics';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { DeviceFilter } from '../../../components/device-list/device-filter';
import { PeriodSelect } from '../../../components/ui/period-select';
import { usePeriodParam } from '../../../components/ui/use-period-param';
import { useDevicesByGuid } from '../../../lib/devices/get-devices-by-guid';
import { useExplorerMetrics } from '../api/use-explorer-metrics';
import { useExplorerView } from '../hooks/use-explorer-view';
import { downloadText } from '../logic/download-text';
import type { ExplorerSection } from '../logic/explorer-params';
import { metricRows } from '../logic/metric-rows';
import { metricsCsv, metricsCsvFileName } from '../logic/metrics-csv';
import { MetricChart } from './metric-chart';
import { MetricSelector } from './metric-selector';
import { MetricsDataTable } from './metrics-data-table';
import { MetricsError } from './metrics-error';

const CHART_HEIGHT = 360;

/**
 * /metrics (spec 2 §2.11): the devices, metrics and period in the address, shown as a graph or as a
 * table of up to 10000 values with CSV export; refreshed every 20 s while the window has the focus.
 */
export function MetricsExplorerPage() {
  const [period, setPeriod] = usePeriodParam();
  const [view, changeView] = useExplorerView();
  // The devices of the view, wherever they are in the organization's names.
  const { devices } = useDevicesByGuid(view.deviceGuids);
  const metrics = useExplorerMetrics({ ...view, period });
  const tabsId = useId();

  const deviceNames = useMemo(
    () =>
      new Map(
        [...devices.values()].map((device) => [
          device.device_guid,
          device.device_name || device.serial_number,
        ]),
      ),
    [devices],
  );
  const series = metrics.data?.metrics;
  const rows = useMemo(
    () => metricRows(series ?? [], (guid) => deviceNames.get(guid)),
    [series, deviceNames],
  );
  const chosen = view.deviceGuids.length > 0 && view.metrics.length > 0;

  const exportCsv = () => {
    if (!metrics.data) return;
    const name = metricsCsvFileName(
      view.metrics.map((metric) => metric.metric_name),
      metrics.data.start,
      metrics.data.end,
    );
    downloadText(name, metricsCsv(rows), 'text/csv');
  };

  const panel = () => {
    if (!chosen) return <Alert severity="info">{NO_DEVICES_MESSAGE}</Alert>;
    if (metrics.isError && !metrics.data)
      return <MetricsError error={metrics.error} onRetry={metrics.refetch} detailed />;
    if (!metrics.data) {
      return (
        <Box role="status" aria-busy="true" aria-label="Loading metrics">
          <Skeleton variant="rounded" height={view.section === 'graph' ? CHART_HEIGHT : 240} />
        </Box>
      );
    }
    return view.section === 'graph' ? (
      <MetricChart
        title="Metrics"
        series={metrics.data.metrics}
        start={metrics.data.start}
        end={metrics.data.end}
        height={CHART_HEIGHT}
      />
    ) : (
      <MetricsDataTable rows={rows} />
    );
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h1">Metrics Explorer</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}
        >
          <PeriodSelect value={period} onChange={setPeriod} />
          <DeviceFilter
            value={view.deviceGuids}
            onChange={(deviceGuids) => changeView({ deviceGuids })}
            emptyText="Choose devices"
          />
          <MetricSelector
            value={view.metrics}
            onChange={(chosenMetrics) => changeView({ metrics: chosenMetrics })}
          />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Tabs
            value={view.section}
            onChange={(_event, section: ExplorerSection) => changeView({ section })}
            aria-label="Metrics views"
          >
            <Tab value="graph" label="Graph" id={`${tabsId}-graph`} aria-controls={`${tabsId}-panel`} />
            <Tab value="data" label="Data" id={`${tabsId}-data`} aria-controls={`${tabsId}-panel`} />
          </Tabs>
          <Button
            startIcon={<DownloadIcon />}
            onClick={exportCsv}
            disabled={!metrics.data || rows.length === 0}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            Export CSV
          </Button>
        </Stack>
        {/* A fixed slot, so the refresh every 20 s does not move the chart. */}
        <Box sx={{ height: 4, mb: 1 }}>
          {metrics.isFetching && metrics.data && <LinearProgress aria-label="Refreshing metrics" />}
        </Box>
        {metrics.isError && metrics.data && (
          <MetricsError error={metrics.error} onRetry={metrics.refetch} detailed />
        )}
        {metrics.data?.pagination_token && (
          <Alert severity="info" sx={{ mb: 1 }}>
            Showing the first {rows.length} values: choose fewer devices or metrics, or a shorter period, to
            see all.
          </Alert>
        )}
        <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${view.section}`}>
          {panel()}
        </div>
      </Paper>
    </Stack>
  );
}
