import type { DeviceStatusFilter } from '@ec/contract/devices';
import type { DeviceListParams } from '../../../lib/devices/get-devices';

/** Rows a page: what the dashboard's lists showed before they were paged on the server. */
export const STATUS_LIST_PAGE_SIZE = 10;

/**
 * What a status list asks GET /devices for: its status and its page (the first: null). A module of its
 * own: the dashboard's prefetch reads it before the dashboard's code is in (decision 277).
 */
export const devicesByStatusParams = (
  status: DeviceStatusFilter,
  token: string | null,
): DeviceListParams => ({
  device_status: status,
  pagination_size: STATUS_LIST_PAGE_SIZE,
  pagination_token: token,
});
