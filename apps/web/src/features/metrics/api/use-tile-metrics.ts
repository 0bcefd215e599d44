import {
  CHART_TILE_WINDOW_MS,
  DEFAULT_METRIC_STATISTIC,
  type MetricDescriptor,
  nextHalfHour,
} from '@ec/contract/metrics';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';
import { useFocusedInterval } from '../hooks/use-focused-interval';
import { queryMetrics } from './query-metrics';

/** Five-minute buckets: 144 points over a tile's 12 hours, enough for a small chart's width. */
const TILE_BUCKET_SECONDS = 300;

/** Spec 2 §4.13 / §9: a tile refreshes at a randomised 60 to 120 s. */
const randomTileInterval = () => 60_000 + Math.round(Math.random() * 60_000);

/**
 * One device's chart tiles in one request: the last 12 hours ending on the next half-hour mark, each
 * tile's metric averaged per bucket; refreshed only while the window has the focus (or until a first load).
 */
export function useTileMetrics(deviceGuid: string, metrics: readonly MetricDescriptor[], enabled: boolean) {
  const { orgGuid } = useSession();
  const [interval] = useState(randomTileInterval);
  const refetchInterval = useFocusedInterval(interval);
  return useQuery({
    queryKey: [
      ...queryRoots.device(orgGuid, deviceGuid),
      'metric-tiles',
      metrics.map((metric) => metric.metric_name).join(','),
    ] as const,
    queryFn: async ({ signal }) => {
      const end = nextHalfHour(new Date());
      const start = new Date(end.getTime() - CHART_TILE_WINDOW_MS);
      const response = await queryMetrics(
        {
          deviceGuids: [deviceGuid],
          metrics: metrics.map((metric) => ({
            namespace: metric.namespace,
            metric_name: metric.metric_name,
            period: TILE_BUCKET_SECONDS,
            statistic: DEFAULT_METRIC_STATISTIC,
          })),
          start,
          end,
        },
        signal,
      );
      return { ...response, start, end };
    },
    enabled,
    refetchInterval,
  });
}
