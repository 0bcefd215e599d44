import { metadataValue } from '@ec/contract/device-metadata';
import type { Device } from '@ec/contract/devices';
import { z } from 'zod';

/** Device list column components (spec 1 §3, spec 2 §2.3). The device name always comes first. */
const DEVICE_COLUMN_COMPONENTS = [
  'metadata',
  'streaming_status',
  'device_ip',
  'external_ip',
  'firmware_version',
  'serial_number',
  'mac_address',
  'last_state_update',
] as const;

/** The metadata keys a `metadata` column can show. */
const METADATA_COLUMN_KEYS = ['deployment_status', 'location', 'note'] as const;

export type MetadataColumnKey = (typeof METADATA_COLUMN_KEYS)[number];

/** One column of the `deviceListLayout` preference: a component, and a key for metadata columns. */
const deviceLayoutColumnSchema = z.discriminatedUnion('component', [
  z.object({ component: z.literal('metadata'), key: z.enum(METADATA_COLUMN_KEYS) }),
  z.object({ component: z.enum(DEVICE_COLUMN_COMPONENTS.filter((c) => c !== 'metadata')) }),
]);

export type DeviceLayoutColumn = z.infer<typeof deviceLayoutColumnSchema>;

const deviceLayoutSchema = z.array(deviceLayoutColumnSchema);

export const DEFAULT_DEVICE_LAYOUT: readonly DeviceLayoutColumn[] = [
  { component: 'streaming_status' },
  { component: 'device_ip' },
  { component: 'firmware_version' },
  { component: 'serial_number' },
  { component: 'mac_address' },
];

/** Every column a layout can hold, in the order the editor offers them. */
export const ALL_DEVICE_COLUMNS: readonly DeviceLayoutColumn[] = DEVICE_COLUMN_COMPONENTS.flatMap(
  (component): DeviceLayoutColumn[] =>
    component === 'metadata' ? METADATA_COLUMN_KEYS.map((key) => ({ component, key })) : [{ component }],
);

const HEADERS: Record<Exclude<DeviceLayoutColumn['component'], 'metadata'>, string> = {
  streaming_status: 'Status',
  device_ip: 'IP Address',
  external_ip: 'External IP',
  firmware_version: 'Firmware',
  serial_number: 'Serial Number',
  mac_address: 'MAC Address',
  last_state_update: 'Last Update',
};

const METADATA_HEADERS: Record<MetadataColumnKey, string> = {
  deployment_status: 'Deployment Status',
  location: 'Location',
  note: 'Note',
};

export const columnHeader = (column: DeviceLayoutColumn) =>
  column.component === 'metadata' ? METADATA_HEADERS[column.key] : HEADERS[column.component];

/** A stable identity for a column: its component, and its key for metadata columns. */
export const columnId = (column: DeviceLayoutColumn) =>
  column.component === 'metadata' ? `metadata:${column.key}` : column.component;

/**
 * The stored layout, or the default when none is stored or what is stored no longer parses (an older
 * shape, a hand edit): a broken preference must never break the device list. An empty layout is kept:
 * the list then shows device names only.
 */
export function parseDeviceLayout(stored: unknown): readonly DeviceLayoutColumn[] {
  const parsed = deviceLayoutSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_DEVICE_LAYOUT;
}

/** Where a column at this position hides when reactivity is on, for the layout editor. */
export function columnHiddenBelow(index: number): 'md' | 'xl' | null {
  if (index >= 5) return 'xl';
  if (index >= 3) return 'md';
  return null;
}

/**
 * Reactive hiding (spec 1 §3): with reactivity on, layout columns from the 4th on hide on smaller
 * screens and from the 6th on below extra-large. Off ('Ignore Reactive Layout'), every column shows.
 */
export function columnDisplay(index: number, reactive: boolean) {
  const hiddenBelow = reactive ? columnHiddenBelow(index) : null;
  return hiddenBelow ? { xs: 'none', [hiddenBelow]: 'table-cell' } : undefined;
}

export const deviceAlias = (device: Pick<Device, 'metadata'>) =>
  metadataValue(device.metadata, 'device_alias');
