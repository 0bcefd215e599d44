import {
  describeMetric,
  METRIC_NAMESPACE_LABELS,
  METRIC_NAMESPACES,
  type MetricDescriptor,
  type MetricNamespacesResponse,
  SYSTEM_METRICS,
} from '@ec/contract/metrics';

/** System metrics in the catalogue's order, the bitrates by name with their ids in number order. */
function byCatalogue(a: MetricDescriptor, b: MetricDescriptor) {
  const rank = (metric: MetricDescriptor) => {
    const index = SYSTEM_METRICS.findIndex((known) => known.metric_name === metric.metric_name);
    return index === -1 ? SYSTEM_METRICS.length : index;
  };
  return rank(a) - rank(b) || a.metric_name.localeCompare(b.metric_name, 'en', { numeric: true });
}

/** The reported names grouped by namespace and labelled from the catalogue; unknown names are left out. */
export function presentMetricNamespaces(
  rows: readonly { namespace: string; metric_name: string }[],
): MetricNamespacesResponse {
  const known = rows.flatMap((row) => {
    const metric = describeMetric(row.metric_name);
    return metric && metric.namespace === row.namespace ? [metric] : [];
  });
  return {
    namespaces: METRIC_NAMESPACES.map((namespace) => ({
      namespace,
      label: METRIC_NAMESPACE_LABELS[namespace],
      metrics: known
        .filter((metric) => metric.namespace === namespace)
        .sort(byCatalogue)
        .map(({ metric_name, label, unit }) => ({ metric_name, label, unit })),
    })).filter((namespace) => namespace.metrics.length > 0),
  };
}
