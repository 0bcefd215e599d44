import type { MetricSeries } from '@ec/contract/metrics';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { chartSummary } from '../logic/chart-data';

// uPlot and its stylesheet load with the first chart, not with the console's first screen.
const MetricChartCanvas = lazy(() =>
  import('./metric-chart-canvas').then((m) => ({ default: m.MetricChartCanvas })),
);

export interface MetricChartProps {
  /** What the chart shows, for its accessible name ('CPU Utilization'). */
  title: string;
  series: readonly MetricSeries[];
  /** The time axis spans the query's window, not only the buckets that have values. */
  start: Date;
  end: Date;
  height: number;
  /** One colour for every series (a tile's state colour); otherwise each series gets its own. */
  colour?: string;
}

/**
 * Devices' metrics over time on a canvas (uPlot: smooth at 10,000 points). Assistive technology reads
 * it as an image named by its latest values; the Data tab holds the same numbers as a table.
 */
export function MetricChart(props: MetricChartProps) {
  return (
    <Box role="img" aria-label={chartSummary(props.title, props.series)} sx={{ width: '100%', minWidth: 0 }}>
      <Suspense fallback={<Skeleton variant="rounded" height={props.height} aria-hidden="true" />}>
        <MetricChartCanvas {...props} />
      </Suspense>
    </Box>
  );
}
