import {
  METRICS_DATA_TABLE_MAX_ROWS,
  type MetricQueryResponse,
  type MetricSelection,
  metricOperations,
} from '@ec/contract/metrics';
import { callOperation } from '../../../lib/api-client';

/** What one chart asks for: devices, metrics with their bucket and statistic, and a span. */
export interface MetricsRequest {
  deviceGuids: readonly string[];
  metrics: readonly MetricSelection[];
  start: Date;
  end: Date;
}

/**
 * POST /devices/metrics, one page of as many values as the data table shows (spec 2 §9): a longer
 * answer's first 10000 values are what a chart and the table can show anyway; `pagination_token` says
 * more were left out.
 */
export function queryMetrics(request: MetricsRequest, signal?: AbortSignal): Promise<MetricQueryResponse> {
  return callOperation(metricOperations.query, {
    body: {
      device_guids: [...request.deviceGuids],
      metrics: [...request.metrics],
      start_time: request.start.toISOString(),
      end_time: request.end.toISOString(),
      scan_by: 'TimestampAscending',
      pagination_size: METRICS_DATA_TABLE_MAX_ROWS,
    },
    signal,
  });
}
