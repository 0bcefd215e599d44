import type { Device } from '@ec/contract/devices';
import { isAtLeast } from '@ec/contract/versions';
import type { MultiviewSortBy, SortOrder } from '../../../lib/preferences';

/** The cloud feature the multi-view needs on each device (spec 2 §5), and the cloud agent it needs. */
export const FLEET_MULTIVIEW_FEATURE = 'services.cloud.fleet_multiview.enabled';
export const MULTIVIEW_CLOUD_VERSION = 'v1.3.0';
export const NO_PREVIEWS = 'No previews available';

/** One tile of the multi-view: an input of a device. */
export interface MultiviewTile {
  key: string;
  deviceGuid: string;
  deviceName: string;
  inputId: number;
  inputName: string;
}

/** Devices that may show in the multi-view before their licence and inputs are read: online, agent v1.3.0 or later. */
export const multiviewCandidates = (devices: readonly Device[]) =>
  devices.filter((device) => device.online && isAtLeast(device.cloud_version, MULTIVIEW_CLOUD_VERSION));

/**
 * The tiles (spec 2 §2.6 Multi-view): each input with a format (not undefined) of each candidate device
 * licensed for the fleet multiview, sorted by device name or input name, the other one breaking ties.
 */
export function multiviewTiles(
  devices: readonly {
    device: Device;
    licensed: boolean;
    inputs: readonly { id: number; name: string; noSignal: boolean }[];
  }[],
  sortBy: MultiviewSortBy,
  order: SortOrder,
): MultiviewTile[] {
  const tiles = devices.flatMap(({ device, licensed, inputs }) =>
    licensed
      ? inputs
          .filter((input) => !input.noSignal)
          .map((input) => ({
            key: `${device.device_guid}:${input.id}`,
            deviceGuid: device.device_guid,
            deviceName: device.device_name || device.serial_number,
            inputId: input.id,
            inputName: input.name,
          }))
      : [],
  );
  const compare = (a: string, b: string) =>
    a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });
  const direction = order === 'asc' ? 1 : -1;
  return tiles.sort((a, b) => {
    const [first, second] =
      sortBy === 'device_name'
        ? [compare(a.deviceName, b.deviceName), compare(a.inputName, b.inputName)]
        : [compare(a.inputName, b.inputName), compare(a.deviceName, b.deviceName)];
    return direction * (first || second) || a.inputId - b.inputId;
  });
}
