import type { MetricSeries } from '@ec/contract/metrics';
import { alpha } from '@mui/material/styles';
import { chartSummary } from '../logic/chart-data';
import { SPARKLINE_WIDTH, sparklinePaths } from '../logic/sparkline-path';

/**
 * A tile's small chart (spec 2 §4.13): the metric's line over the query's window with the area under
 * it, in the tile's colour, as SVG. No axes, legend or cursor, as the tile's uPlot chart had none; the
 * larger chart behind the tile is uPlot's (decision 242). Read as an image named by its latest value.
 */
export function MetricSparkline(props: {
  title: string;
  series: MetricSeries | undefined;
  start: Date;
  end: Date;
  height: number;
  colour: string;
}) {
  const series = props.series ? [props.series] : [];
  const paths = props.series && sparklinePaths(props.series, props.start, props.end, props.height);
  return (
    <svg
      role="img"
      aria-label={chartSummary(props.title, series)}
      viewBox={`0 0 ${SPARKLINE_WIDTH} ${props.height}`}
      preserveAspectRatio="none"
      width="100%"
      height={props.height}
      style={{ display: 'block' }}
    >
      {paths && (
        <>
          <path d={paths.area} fill={alpha(props.colour, 0.15)} />
          <path
            d={paths.line}
            fill="none"
            stroke={props.colour}
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            strokeLinejoin="round"
          />
        </>
      )}
    </svg>
  );
}
