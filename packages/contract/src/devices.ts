import { z } from 'zod';
import { deviceRightsSchema } from './access.ts';
import {
  deviceGuidsQuery,
  guidSchema,
  inputText,
  okResponseSchema,
  paginationQuerySchema,
  paginationTokenSchema,
  TEXT_LIMITS,
} from './common.ts';
import { metadataEntrySchema } from './device-metadata.ts';
import { defineOperation } from './operations.ts';
import { DEVICE_PRODUCTS } from './products.ts';
import { STREAMING_STATUSES } from './streaming-status.ts';

export const DEVICE_PAGE_SIZE = 25;
export const PROVISIONED_PAGE_SIZE = 50;
export const DEVICE_LIST_MAX_ROWS = 1000;
/**
 * Devices one list request may name (`device_guids`): the console looks up the devices other lists name
 * (an alert's, a fleet status's) in requests of this many, whatever the organization's size.
 */
export const DEVICE_LOOKUP_MAX = 100;
/** The dashboard's device lists (spec 2 §2.2): its online devices, its streaming ones (spec 2 §4.1). */
export const DEVICE_STATUS_FILTERS = ['online', 'streaming'] as const;
export type DeviceStatusFilter = (typeof DEVICE_STATUS_FILTERS)[number];

/** Serial numbers look like 1234-1234 (the adopt form's hint). */
export const serialNumberSchema = inputText(TEXT_LIMITS.short).trim().min(1, 'Serial number is required');

export const storageDeviceSchema = z.object({
  devno: z.string(),
  type: z.enum(['MMC', 'SD Card', 'USB', 'OTHER']),
  uuid: z.string(),
  name: z.string(),
  size: z.object({ used: z.number(), total: z.number() }),
});

export const updateStateSchema = z.object({
  module: z.string(),
  status: z.string(),
  action: z.string().optional(),
  state: z.string().optional(),
  progress_percent: z.number().optional(),
});

/** What a device reports about itself on the link (spec 2 §3 device state). */
export const deviceStateSchema = z.object({
  online: z.boolean(),
  device_ip: z.string().nullable(),
  external_ip: z.string().nullable(),
  ip_scheme: z.enum(['dhcp', 'static']).nullable(),
  serial_number: z.string(),
  mac_address_current: z.string().nullable(),
  last_boot: z.iso.datetime().nullable(),
  last_state_update: z.iso.datetime().nullable(),
  ready_for_commands: z.boolean(),
  daemon_version: z.string().nullable(),
  system_version: z.string().nullable(),
  firmware_version: z.string().nullable(),
  cloud_version: z.string().nullable(),
  adb_port: z.number().nullable(),
  ui_password_set: z.boolean(),
  storage_devices: z.array(storageDeviceSchema),
  update_state: z.array(updateStateSchema),
  gpu_throttling: z.boolean().optional(),
  cpu_CPU1_throttling: z.boolean().optional(),
  cpu_CPU2_throttling: z.boolean().optional(),
  cpu_CPU3_throttling: z.boolean().optional(),
  cpu_CPU4_throttling: z.boolean().optional(),
});
export type DeviceState = z.infer<typeof deviceStateSchema>;

export const deviceSchema = z.object({
  device_guid: z.string(),
  serial_number: z.string(),
  device_name: z.string(),
  product_name: z.enum(DEVICE_PRODUCTS),
  mac_address: z.string(),
  manufacture_date: z.iso.date().optional(),
  provision_date: z.iso.datetime(),
  org_guid: z.string().nullable(),
  online: z.boolean(),
  device_ip: z.string().nullable(),
  external_ip: z.string().nullable(),
  firmware_version: z.string().nullable(),
  system_version: z.string().nullable(),
  daemon_version: z.string().nullable(),
  cloud_version: z.string().nullable(),
  /** Spec 2 §3: the cloud_version is a development build (device-updates.ts `cloudVersionFlags`). */
  dev: z.boolean(),
  /** Spec 2 §3: a newer cloud agent exists and this one cannot update itself: upgrade it by hand. */
  manual_update_required: z.boolean(),
  /** Spec 2 §3: the partner the device was provisioned for (set at provisioning), null when none. */
  partner_id: z.string().nullable(),
  last_state_update: z.iso.datetime().nullable(),
  streaming_status: z.union(STREAMING_STATUSES.map((s) => z.literal(s))),
  metadata: z.array(metadataEntrySchema),
  /**
   * The device's active alerts (neither resolved nor silenced, from the alert store's month, decision
   * 165): above 0 its status label reads 'Device Alerts' and its label shows the red alert icon (spec 2
   * §4.2, §2.13).
   */
  alert_count: z.number().int().min(0),
  /** Spec 2 §3 updatesAvailable: the release the cloud agent and the firmware may update to (device-updates.ts). */
  updates_available: z.object({ cloud: z.string().nullable(), device: z.string().nullable() }).optional(),
  /**
   * The device's commands that are sent and not finished yet (GET /devices/{guid} only): with its
   * state they say whether it is updating (device-updates.ts `isDeviceUpdating`) in every browser.
   */
  commands_in_flight: z.array(z.string()).optional(),
});
export type Device = z.infer<typeof deviceSchema>;

const productNamesSchema = z
  .union([z.enum(DEVICE_PRODUCTS), z.array(z.enum(DEVICE_PRODUCTS))])
  .transform((value) => (Array.isArray(value) ? value : [value]));

export const listDevicesQuerySchema = paginationQuerySchema.extend({
  org_guid: guidSchema.optional(),
  user_guid: guidSchema.optional(),
  serial_number: inputText(TEXT_LIMITS.short).trim().optional(),
  /** The search page's name search (spec 2 §2.7): the System shadow's device_name, kept on the record. */
  device_name: inputText(TEXT_LIMITS.short)
    .trim()
    .optional()
    .describe('Only devices whose name contains this text, case-insensitively'),
  product_names: productNamesSchema.optional(),
  device_status: z
    .enum(DEVICE_STATUS_FILTERS)
    .optional()
    .describe("Only the devices online, or streaming (streaming status 1): the dashboard's lists"),
  device_guids: deviceGuidsQuery(DEVICE_LOOKUP_MAX)
    .optional()
    .describe('Only these devices (comma-separated guids, at most 100): the devices other lists name'),
});
export const listDevicesResponseSchema = z.object({
  devices: z.array(deviceSchema),
  pagination_token: paginationTokenSchema,
});
/**
 * GET /provisioning/devices: every provisioned device, adopted or not (platform DeviceManagement, spec 2
 * §2.8). A call of its own, since the console sends its organization header on every request (spec 1
 * §7) and GET /devices lists that organization's devices.
 */
export const listProvisionedDevicesQuerySchema = listDevicesQuerySchema.omit({
  org_guid: true,
  user_guid: true,
});

export const deviceParamsSchema = z.object({ device_guid: guidSchema });
/** One device, with what the caller may do with it: the device page's tabs and forms follow these rights. */
export const getDeviceResponseSchema = z.object({ device: deviceSchema, rights: deviceRightsSchema });
export type GetDeviceResponse = z.infer<typeof getDeviceResponseSchema>;
export const getDeviceStateResponseSchema = z.object({ state: deviceStateSchema.nullable() });

export const adoptDeviceQuerySchema = z.object({
  serial_number: serialNumberSchema,
  device_guid: guidSchema.optional(),
});
export const adoptDeviceResponseSchema = z.object({ device_guid: z.string() });

export const forgetDeviceBodySchema = z.object({
  reason: inputText(TEXT_LIMITS.long).trim().min(1, 'Reason is required'),
});

export const devicesStatusSchema = z.object({
  total_devices: z.number(),
  total_online: z.number(),
  total_streaming: z.number(),
  total_alerts: z.number(),
  devices_online: z.array(z.string()),
  devices_streaming: z.array(z.string()),
});
export type DevicesStatus = z.infer<typeof devicesStatusSchema>;
export const devicesStatusResponseSchema = z.object({ status: devicesStatusSchema });
/** GET /devices/status counts one organization's devices: the header's, or org_guid's. */
export const devicesStatusQuerySchema = listDevicesQuerySchema.pick({ org_guid: true });

/** Factory provisioning (platform DeviceManagement): makes devices and their link credentials. */
export const provisionDevicesBodySchema = z.object({
  count: z.number().int().min(1).max(10000),
  product_name: z.enum(DEVICE_PRODUCTS).optional(),
  /** The partner (reseller, integrator) the devices are made for, kept on each device (spec 2 §3). */
  partner_id: inputText(TEXT_LIMITS.short).trim().min(1, 'partner_id must not be blank').optional(),
});
export const provisionedDeviceSchema = z.object({
  device_guid: z.string(),
  serial_number: z.string(),
  product_name: z.enum(DEVICE_PRODUCTS),
  mac_address: z.string(),
  partner_id: z.string().nullable(),
  mqtt_username: z.string(),
  mqtt_password: z.string(),
});
export type ProvisionedDevice = z.infer<typeof provisionedDeviceSchema>;
export const provisionDevicesResponseSchema = z.object({
  devices: z.array(provisionedDeviceSchema),
  mqtt_url: z.string(),
});

const tags = ['devices'];
const provisioningTags = ['provisioning'];

/** /devices and /provisioning/devices (spec 2 §7): the device list, one device, adoption and provisioning. */
export const deviceOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/devices',
    summary: "The organization's devices by name (x-org-guid or org_guid)",
    tags,
    query: listDevicesQuerySchema,
    status: 200,
    response: listDevicesResponseSchema,
  }),
  listProvisioned: defineOperation({
    method: 'GET',
    path: '/provisioning/devices',
    summary:
      'Every provisioned device by name, adopted or not, whatever organization is selected (DeviceManagement)',
    tags: provisioningTags,
    query: listProvisionedDevicesQuerySchema,
    status: 200,
    response: listDevicesResponseSchema,
  }),
  status: defineOperation({
    method: 'GET',
    path: '/devices/status',
    summary: 'Online and streaming counts of the organization',
    tags,
    query: devicesStatusQuerySchema,
    status: 200,
    response: devicesStatusResponseSchema,
  }),
  adopt: defineOperation({
    method: 'POST',
    path: '/devices/adopt',
    summary: 'Adopt a provisioned device into the organization by its serial number',
    tags,
    query: adoptDeviceQuerySchema,
    status: 200,
    response: adoptDeviceResponseSchema,
  }),
  forget: defineOperation({
    method: 'DELETE',
    path: '/devices/:device_guid',
    summary: 'Forget a device: it leaves the organization',
    tags,
    params: deviceParamsSchema,
    body: forgetDeviceBodySchema,
    status: 200,
    response: okResponseSchema,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid',
    summary: 'One device',
    tags,
    params: deviceParamsSchema,
    status: 200,
    response: getDeviceResponseSchema,
  }),
  state: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/state',
    summary: 'The state the device last reported',
    tags,
    params: deviceParamsSchema,
    status: 200,
    response: getDeviceStateResponseSchema,
  }),
  provision: defineOperation({
    method: 'POST',
    path: '/provisioning/devices',
    summary: 'Register new devices and issue their link credentials (DeviceManagement)',
    tags: provisioningTags,
    body: provisionDevicesBodySchema,
    status: 201,
    response: provisionDevicesResponseSchema,
  }),
};
