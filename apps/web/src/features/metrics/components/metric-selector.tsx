import {
  METRIC_NAMESPACE_LABELS,
  METRICS_QUERY_METRICS_MAX,
  type MetricNamespace,
  type MetricUnit,
} from '@ec/contract/metrics';
import { LimitedMultiSelect } from '../../../components/form/limited-multi-select';
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
  return (
    <LimitedMultiSelect
      label="Metrics"
      options={options}
      value={selected}
      onChange={(next) =>
        props.onChange(next.map(({ namespace, metric_name }) => ({ namespace, metric_name })))
      }
      keyOf={metricParam}
      max={METRICS_QUERY_METRICS_MAX}
      fullText={`At most ${METRICS_QUERY_METRICS_MAX} metrics at once`}
      emptyText="Choose metrics"
      list={namespaces}
      groupBy={(option) => METRIC_NAMESPACE_LABELS[option.namespace as MetricNamespace]}
      getOptionLabel={(option) => option.label}
      noOptionsText={namespaces.isSuccess && options.length === 0 ? 'No metrics reported yet' : 'No options'}
    />
  );
}
