import { METRIC_NAMESPACES, type MetricNamespace } from '@ec/contract/metrics';
import type { PeriodChoice } from '@ec/contract/periods';
import { writePeriodChoice } from '../../../components/ui/period-search-params';

/** One metric of a query without its bucket and statistic: what the explorer's selector picks. */
export interface MetricRef {
  namespace: MetricNamespace;
  metric_name: string;
}

export const EXPLORER_SECTIONS = ['graph', 'data'] as const;
export type ExplorerSection = (typeof EXPLORER_SECTIONS)[number];

/** What the explorer's address holds besides its period (spec 2 §2.11). */
export interface ExplorerView {
  deviceGuids: string[];
  metrics: MetricRef[];
  section: ExplorerSection;
}

export const DEVICE_GUIDS_PARAM = 'device_guids';
export const METRICS_PARAM = 'metrics';
export const SECTION_PARAM = 'section';

const isNamespace = (value: string): value is MetricNamespace =>
  (METRIC_NAMESPACES as readonly string[]).includes(value);

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

/** `system/cpu_percent_used`: metric names never hold a slash or a comma, so a list stays readable. */
export const metricParam = (metric: MetricRef) => `${metric.namespace}/${metric.metric_name}`;

function readMetric(text: string): MetricRef | null {
  const [namespace = '', metricName, ...rest] = text.split('/');
  return isNamespace(namespace) && metricName && rest.length === 0
    ? { namespace, metric_name: metricName }
    : null;
}

const unique = <T>(items: T[], key: (item: T) => string) => [
  ...new Map(items.map((item) => [key(item), item])).values(),
];

/** The view an address names; unknown namespaces and sections are dropped, duplicates kept once. */
export function readExplorerView(search: URLSearchParams): ExplorerView {
  const section = search.get(SECTION_PARAM);
  return {
    deviceGuids: unique(list(search.get(DEVICE_GUIDS_PARAM)), (guid) => guid),
    metrics: unique(
      list(search.get(METRICS_PARAM)).flatMap((text) => readMetric(text) ?? []),
      metricParam,
    ),
    section: section === 'data' ? 'data' : 'graph',
  };
}

/** The address's parameters with `view` written in; an empty list leaves its parameter out. */
export function writeExplorerView(search: URLSearchParams, view: Partial<ExplorerView>): URLSearchParams {
  const next = new URLSearchParams(search);
  const put = (name: string, values: string[] | undefined) => {
    if (values === undefined) return;
    if (values.length) next.set(name, values.join(','));
    else next.delete(name);
  };
  put(DEVICE_GUIDS_PARAM, view.deviceGuids);
  put(METRICS_PARAM, view.metrics?.map(metricParam));
  if (view.section) next.set(SECTION_PARAM, view.section);
  return next;
}

/** The explorer's address for a view (a chart tile's 'Modify Query'). */
export function explorerSearch(view: Partial<ExplorerView>, period?: PeriodChoice): string {
  const search = writeExplorerView(new URLSearchParams(), view);
  return (period ? writePeriodChoice(search, period) : search).toString();
}
