import type { MetricDescriptor, MetricSeries } from '@ec/contract/metrics';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { formatMetricValue } from '../logic/metric-format';
import { type TileColour, tileColour } from '../logic/tile-colour';
import { MetricSparkline } from './metric-sparkline';
import { METRICS_ERROR } from './metrics-error';

// The larger chart's dialog loads when a tile is opened: the page's first view does not need it.
const MetricTileDialog = lazy(() =>
  import('./metric-tile-dialog').then((m) => ({ default: m.MetricTileDialog })),
);

/** A tile's whole height, for its skeleton. */
export const TILE_HEIGHT = 172;
const CHART_HEIGHT = 110;

/** The colour in words too, so it is not the only sign (WCAG 1.4.1). */
const STATE_TEXT: Record<TileColour, string> = {
  error: 'Above critical',
  warning: 'Above warning',
  info: '',
};

/**
 * A chart tile (spec 2 §4.13): a metric's last 12 hours, red when the query failed or the last value is
 * above critical, orange above warning, else blue. A click opens the larger chart.
 */
export function MetricTile(props: {
  deviceGuid: string;
  metric: MetricDescriptor;
  series: MetricSeries | undefined;
  start: Date | undefined;
  end: Date | undefined;
  failed: boolean;
}) {
  const { metric, series, failed } = props;
  const theme = useTheme();
  const [open, setOpen] = useState(false);
  const values = series?.values ?? [];
  const colour = tileColour({ failed, values, thresholds: metric.thresholds });
  const last = values.at(-1);
  const reading = failed
    ? METRICS_ERROR
    : last === undefined
      ? 'No data'
      : formatMetricValue(last, metric.unit);
  const state = failed ? '' : STATE_TEXT[colour];

  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`${metric.label}: ${reading}${state ? `, ${state.toLowerCase()}` : ''}. Open a larger chart`}
        sx={{
          display: 'block',
          textAlign: 'left',
          width: '100%',
          minHeight: TILE_HEIGHT,
          p: 1.5,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          borderTop: 4,
          borderTopColor: `${colour}.main`,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        {/* Spaces between the parts, as on screen: the button's name must contain the text it shows. */}
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="subtitle2" component="span">
            {metric.label}
          </Typography>{' '}
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {reading}
          </Typography>
        </Stack>{' '}
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', minHeight: '1.5em' }}>
          {state}
        </Typography>
        {props.start && props.end && (
          <MetricSparkline
            title={metric.label}
            series={series}
            start={props.start}
            end={props.end}
            height={CHART_HEIGHT}
            colour={theme.palette[colour].main}
          />
        )}
      </ButtonBase>
      {open && (
        <Suspense fallback={null}>
          <MetricTileDialog
            deviceGuid={props.deviceGuid}
            metric={metric}
            series={series}
            start={props.start}
            end={props.end}
            failed={failed}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
