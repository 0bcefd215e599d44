import { ALERTS_TABLE_MAX_ROWS, type Alert, type AlertType } from '@ec/contract/alerts';
import { parseErrorText } from '../../../lib/api-error';

/** Both types' current alerts in one table: newest first, at most the table's 200 rows (spec 2 §9). */
export const currentAlertRows = (lists: readonly (readonly Alert[] | undefined)[]): Alert[] =>
  lists
    .flatMap((list) => list ?? [])
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
    .slice(0, ALERTS_TABLE_MAX_ROWS);

const FETCH_FAILURE_KIND: Record<AlertType, string> = { other: 'legacy', device: 'device' };

/** The spec's text for a list that could not be fetched (spec 2 §8). */
export const alertFetchFailure = (alertType: AlertType, error: unknown) =>
  `Unable to fetch current ${FETCH_FAILURE_KIND[alertType]} alerts due to "${parseErrorText(error)}"`;
