import type { ListEventsQuery } from '@ec/contract/events';
import { type PeriodChoice, resolvePeriod } from '@ec/contract/periods';
import { periodChoiceKey } from '../../../components/ui/period-search-params';

/** What an events table asks for: a page of a size, within a period, of some devices. */
export interface EventsRequest {
  pageSize: number;
  token: string | null;
  /** Without one the server's default window applies: the last 24 hours. */
  period?: PeriodChoice;
  /** An organization's events of these devices only; all of them when empty. */
  deviceGuids?: readonly string[];
}

/**
 * The query of a request at `now`. A period that ends now sends only its start, so the server's clock
 * ends it: a browser clock a little behind would otherwise hide the newest events.
 */
export function eventsQuery(request: EventsRequest, now: Date = new Date()): ListEventsQuery {
  const query: ListEventsQuery = { pagination_size: request.pageSize };
  if (request.token) query.pagination_token = request.token;
  if (request.deviceGuids?.length) query.device_guids = request.deviceGuids.join(',');
  if (request.period) {
    const period = resolvePeriod(request.period, now);
    query.start_time = period.start.toISOString();
    if (request.period.key === 'custom') query.end_time = period.end.toISOString();
  }
  return query;
}

/**
 * The part of a query key a request sets, in plain values: a relative period by its key, so asking
 * again (Refresh, a live change) reads up to the new now.
 */
export const eventsRequestKey = (request: EventsRequest) => ({
  pageSize: request.pageSize,
  token: request.token,
  period: request.period ? periodChoiceKey(request.period) : null,
  deviceGuids: request.deviceGuids?.length ? [...request.deviceGuids] : null,
});
