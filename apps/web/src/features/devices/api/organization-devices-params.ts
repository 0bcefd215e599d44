import { DEVICE_PAGE_SIZE } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import type { DeviceListParams } from '../../../lib/devices/get-devices';

/**
 * What the organization's list asks GET /devices for: its filters and its page (the first: null). A
 * module of its own: the list's prefetch reads it before the list's code is in (decision 277).
 */
export const organizationDevicesParams = (
  serial: string,
  products: DeviceProduct[],
  token: string | null,
): DeviceListParams => ({
  serial_number: serial || undefined,
  product_names: products.length ? products : undefined,
  pagination_size: DEVICE_PAGE_SIZE,
  pagination_token: token,
});
