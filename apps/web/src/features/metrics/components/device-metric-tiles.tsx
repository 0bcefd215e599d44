import { isEntitled } from '@ec/contract/entitlements/entitlement-gates';
import {
  bitrateMetricName,
  describeMetric,
  type MetricDescriptor,
  SYSTEM_METRICS,
} from '@ec/contract/metrics';
import { configOf, entriesOf } from '@ec/contract/shadow-documents/fields';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { placeholderKeys } from '../../../components/ui/placeholder-keys';
import { SectionCard } from '../../../components/ui/section-card';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useDevice } from '../../../lib/devices/get-device';
import { useDeviceEntitlements } from '../../../lib/entitlements/get-device-entitlements';
import { useShadow } from '../../../lib/shadows/get-shadow';
import { useTileMetrics } from '../api/use-tile-metrics';
import { MetricTile, TILE_HEIGHT } from './metric-tile';
import { MetricsError } from './metrics-error';

/** The readings with chart thresholds: CPU, memory, filesystem and temperature (spec 2 §9). */
const SYSTEM_TILE_METRICS = SYSTEM_METRICS.filter((metric) => metric.thresholds);

/**
 * Then a tile per output the device reports, so that when a stream stopped shows at a glance. Known
 * once the Outputs document is in (or failed: the system tiles alone).
 */
function useTileMetricList(deviceGuid: string): MetricDescriptor[] | undefined {
  const outputs = useShadow(deviceGuid, 'Outputs');
  if (outputs.isPending) return undefined;
  const bitrates = entriesOf(outputs.data?.reported?.state, 'outputs').flatMap((output) => {
    const metric = describeMetric(bitrateMetricName('output', String(output.id)));
    const name = configOf(output).name;
    if (!metric) return [];
    return typeof name === 'string' && name ? [{ ...metric, label: `${name} Bitrate` }] : [metric];
  });
  return [...SYSTEM_TILE_METRICS, ...bitrates];
}

const TILE_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
} as const;

/**
 * The Info tab's chart tiles (spec 2 §4.13): a device's system readings and its outputs' bitrates over
 * the last 12 hours. Shown
 * when the device is licensed for metrics (services.cloud.metrics.enabled); device admins bypass the
 * gate (spec 2 §5-6). Nothing shows for a device without the licence.
 */
export function DeviceMetricTiles({ deviceGuid }: { deviceGuid: string }) {
  const device = useDevice(deviceGuid);
  const entitlements = useDeviceEntitlements(deviceGuid);
  const admin = device.data?.rights.admin ?? false;
  const licensed = entitlements.data
    ? isEntitled(entitlements.data.properties, 'services.cloud.metrics.enabled')
    : false;
  const allowed = admin || licensed;
  const tileMetrics = useTileMetricList(deviceGuid);
  const metrics = useTileMetrics(deviceGuid, tileMetrics ?? [], allowed && tileMetrics !== undefined);
  const deciding = !allowed && (device.isPending || entitlements.isPending);
  if (!allowed && !deciding) return null;
  const loading = metrics.isPending && !metrics.isError;
  const shown = tileMetrics ?? SYSTEM_TILE_METRICS;

  return (
    <SectionCard title="Metrics" label="Metrics" titleVariant="h3">
      <MetricsError error={metrics.error} onRetry={metrics.refetch} />
      <Box sx={TILE_GRID} role={loading ? 'status' : undefined} aria-busy={loading || undefined}>
        {loading ? (
          <>
            <VisuallyHidden>Loading metrics</VisuallyHidden>
            {placeholderKeys(shown.length).map((key) => (
              <Skeleton key={key} variant="rounded" height={TILE_HEIGHT} aria-hidden="true" />
            ))}
          </>
        ) : (
          shown.map((metric) => (
            <MetricTile
              key={metric.metric_name}
              deviceGuid={deviceGuid}
              metric={metric}
              series={metrics.data?.metrics.find((one) => one.metric_name === metric.metric_name)}
              start={metrics.data?.start}
              end={metrics.data?.end}
              failed={metrics.isError}
            />
          ))
        )}
      </Box>
    </SectionCard>
  );
}
