import {
  METRIC_NAMESPACE_LABELS,
  METRICS_QUERY_METRICS_MAX,
  type MetricNamespace,
  type MetricUnit,
} from '@ec/contract/metrics';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { RequestError } from '../../../components/ui/request-error';
import { useMetricNamespaces } from '../api/get-metric-namespaces';
import { type MetricRef, metricParam } from '../logic/explorer-params';
import { metricLabel } from '../logic/metric-rows';

interface MetricOption extends MetricRef {
  label: string;
  unit?: MetricUnit;
}

/**
 * Picks metrics from those the organization's devices report (GET /devices/metrics), grouped by
 * namespace. A metric named by the address but not reported (yet) stays picked under its own label.
 */
export function MetricSelector(props: {
  value: readonly MetricRef[];
  onChange: (metrics: MetricRef[]) => void;
}) {
  const namespaces = useMetricNamespaces();
  const options: MetricOption[] = (namespaces.data?.namespaces ?? []).flatMap((group) =>
    group.metrics.map((metric) => ({ namespace: group.namespace, ...metric })),
  );
  const byParam = new Map(options.map((option) => [metricParam(option), option]));
  const selected = props.value.map(
    (metric) => byParam.get(metricParam(metric)) ?? { ...metric, label: metricLabel(metric.metric_name) },
  );
  const full = props.value.length >= METRICS_QUERY_METRICS_MAX;
  return (
    <Box sx={{ flex: { sm: '1 1 260px' }, minWidth: { sm: 260 }, maxWidth: { sm: 560 } }}>
      <Autocomplete
        multiple
        size="small"
        options={options}
        value={selected}
        loading={namespaces.isLoading}
        limitTags={3}
        groupBy={(option) => METRIC_NAMESPACE_LABELS[option.namespace as MetricNamespace]}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(option, value) => metricParam(option) === metricParam(value)}
        getOptionDisabled={(option) =>
          full && !selected.some((metric) => metricParam(metric) === metricParam(option))
        }
        onChange={(_event, next) =>
          props.onChange(next.map(({ namespace, metric_name }) => ({ namespace, metric_name })))
        }
        noOptionsText={
          namespaces.isSuccess && options.length === 0 ? 'No metrics reported yet' : 'No options'
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Metrics"
            placeholder={selected.length ? undefined : 'Choose metrics'}
            helperText={full ? `At most ${METRICS_QUERY_METRICS_MAX} metrics at once` : undefined}
          />
        )}
      />
      {namespaces.error && <RequestError error={namespaces.error} onRetry={namespaces.refetch} />}
    </Box>
  );
}
