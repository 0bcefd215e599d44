import { RequestError } from '../../../components/ui/request-error';
import { parseErrorText } from '../../../lib/api-error';

/** Spec 2 §8: what a chart or the explorer says when its query fails. */
export const METRICS_ERROR = 'Error fetching metrics';

/** 'Error fetching metrics' with Retry; `detailed` adds the server's reason (a refused query says why). */
export function MetricsError(props: { error: unknown; onRetry: () => unknown; detailed?: boolean }) {
  if (!props.error) return null;
  const text = props.detailed ? `${METRICS_ERROR}: ${parseErrorText(props.error)}` : METRICS_ERROR;
  return <RequestError error={text} onRetry={props.onRetry} />;
}
