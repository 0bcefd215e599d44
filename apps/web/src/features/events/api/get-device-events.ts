import { eventOperations } from '@ec/contract/events';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { type EventsRequest, eventsQuery } from '../logic/events-request';
import { eventKeys } from './event-keys';

/** GET /devices/{device_guid}/events: one page of the device's events, newest first. */
export const getDeviceEvents = (deviceGuid: string, request: EventsRequest, signal?: AbortSignal) =>
  callOperation(eventOperations.listForDevice, {
    params: { device_guid: deviceGuid },
    query: eventsQuery(request),
    signal,
  });

export const deviceEventsQueryOptions = (
  orgGuid: string | null,
  deviceGuid: string,
  request: EventsRequest,
) =>
  queryOptions({
    queryKey: eventKeys.device(orgGuid, deviceGuid, request),
    queryFn: ({ signal }) => getDeviceEvents(deviceGuid, request, signal),
    placeholderData: keepPreviousData,
  });
