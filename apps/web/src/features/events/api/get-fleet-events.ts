import { eventOperations } from '@ec/contract/events';
import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { fleetKeys } from '../../../lib/fleets/fleet-keys';
import { type EventsRequest, eventsQuery, eventsRequestKey } from '../logic/events-request';

/** GET /fleets/{fleet_guid}/events: one page of the fleet's events, newest first (decision 179). */
export const getFleetEvents = (fleetGuid: string, request: EventsRequest, signal?: AbortSignal) =>
  callOperation(eventOperations.listForFleet, {
    params: { fleet_guid: fleetGuid },
    query: eventsQuery(request),
    signal,
  });

/** Under the fleet's key: a change of the fleet (its devices, users, invites) refreshes its events. */
export const fleetEventsQueryOptions = (orgGuid: string | null, fleetGuid: string, request: EventsRequest) =>
  queryOptions({
    queryKey: [...fleetKeys.events(orgGuid, fleetGuid), eventsRequestKey(request)] as QueryKey,
    queryFn: ({ signal }) => getFleetEvents(fleetGuid, request, signal),
    placeholderData: keepPreviousData,
  });
