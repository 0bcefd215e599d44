import type { MetricDescriptor, MetricSeries } from '@ec/contract/metrics';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { explorerSearch } from '../logic/explorer-params';
import { MetricChart } from './metric-chart';
import { METRICS_ERROR } from './metrics-error';

/** A chart tile's larger chart, with 'Modify Query' opening the explorer on the same device and metric. */
export function MetricTileDialog(props: {
  deviceGuid: string;
  metric: MetricDescriptor;
  series: MetricSeries | undefined;
  start: Date | undefined;
  end: Date | undefined;
  failed: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const { metric } = props;
  const search = explorerSearch({
    deviceGuids: [props.deviceGuid],
    metrics: [{ namespace: metric.namespace, metric_name: metric.metric_name }],
  });
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{metric.label}</DialogTitle>
      <DialogContent>
        {props.failed && !props.series ? (
          <Alert severity="error">{METRICS_ERROR}</Alert>
        ) : (
          props.start &&
          props.end && (
            <MetricChart
              title={metric.label}
              series={props.series ? [props.series] : []}
              start={props.start}
              end={props.end}
              height={320}
            />
          )
        )}
      </DialogContent>
      <DialogActions>
        <Button component={Link} to={`${paths.metrics.getHref()}?${search}`}>
          Modify Query
        </Button>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
