import type { QueryKey } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';
import { type EventsRequest, eventsRequestKey } from '../logic/events-request';

/**
 * A device's events sit under the device's own key, so the live channel's refresh of a device (its
 * connection, adoption, forgetting) refreshes its events too; an organization's under the organization.
 */
export const eventKeys = {
  device: (orgGuid: string | null, deviceGuid: string, request: EventsRequest): QueryKey => [
    ...queryRoots.device(orgGuid, deviceGuid),
    'events',
    eventsRequestKey(request),
  ],
  org: (orgGuid: string | null, request: EventsRequest): QueryKey => [
    ...queryRoots.org(orgGuid),
    'events',
    eventsRequestKey(request),
  ],
};
