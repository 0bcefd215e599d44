import { DEFAULT_METRIC_STATISTIC, METRICS_REFRESH_MS } from '@ec/contract/metrics';
import { type PeriodChoice, resolvePeriod } from '@ec/contract/periods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { periodChoiceKey } from '../../../components/ui/period-search-params';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';
import { useFocusedInterval } from '../hooks/use-focused-interval';
import { type MetricRef, metricParam } from '../logic/explorer-params';
import { queryMetrics } from './query-metrics';

/**
 * The explorer's query (spec 2 §2.11): the devices and metrics picked over the period chosen, in that
 * period's buckets with the Average. A relative period is resolved at each fetch, so every refresh
 * (20 s while focused) moves the window to now. Nothing is asked without a device and a metric.
 */
export function useExplorerMetrics(view: {
  deviceGuids: readonly string[];
  metrics: readonly MetricRef[];
  period: PeriodChoice;
}) {
  const { orgGuid } = useSession();
  const refetchInterval = useFocusedInterval(METRICS_REFRESH_MS);
  const { deviceGuids, metrics, period } = view;
  return useQuery({
    queryKey: [
      ...queryRoots.org(orgGuid),
      'metrics',
      deviceGuids.join(','),
      metrics.map(metricParam).join(','),
      periodChoiceKey(period),
    ] as const,
    queryFn: async ({ signal }) => {
      const span = resolvePeriod(period);
      const response = await queryMetrics(
        {
          deviceGuids,
          metrics: metrics.map((metric) => ({
            ...metric,
            period: span.period,
            statistic: DEFAULT_METRIC_STATISTIC,
          })),
          start: span.start,
          end: span.end,
        },
        signal,
      );
      return { ...response, start: span.start, end: span.end };
    },
    enabled: deviceGuids.length > 0 && metrics.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}
