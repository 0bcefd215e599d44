import { isEntitled } from '@ec/contract/entitlements/entitlement-gates';
import { type DeviceSoftware, supportsFeature } from '@ec/contract/version-gates';

export type ContainersView = 'standard' | 'advanced';

/** What the Containers tab shows instead of its lists (spec 3 §2.7, §8), or null when it shows them. */
export type ContainersBlock = 'Not Licensed' | 'Device Offline' | 'Not Supported' | 'Unsupported Version';

/**
 * Spec 3 §2.7, §6, §8: no Docker licence first, then an offline device, then the cloud agent: the
 * Standard view needs v1.18.1 ('Unsupported Version' below), the Advanced view V1.0.0b34, always
 * there on edgecaster_max ('Not Supported' below).
 */
export function containersBlock(input: {
  device: DeviceSoftware & { online: boolean };
  entitlements: Readonly<Record<string, unknown>>;
  view: ContainersView;
}): ContainersBlock | null {
  const { device } = input;
  if (!isEntitled(input.entitlements, 'services.docker.enabled')) return 'Not Licensed';
  if (!device.online) return 'Device Offline';
  if (input.view === 'standard')
    return supportsFeature(device, 'standardContainers') ? null : 'Unsupported Version';
  if (device.product_name === 'edgecaster_max') return null;
  return supportsFeature(device, 'advancedContainers') ? null : 'Not Supported';
}

/** Spec 3 §2.7: an available container's install button reads Not Licensed without its licence. */
export function installLabel(
  entry: { container_guid: string; licensable: boolean },
  entitlements: Readonly<Record<string, unknown>>,
) {
  const licensed = (entitlements['services.docker.containers'] as unknown[] | undefined)?.includes(
    entry.container_guid,
  );
  return entry.licensable && !licensed ? 'Not Licensed' : 'Install';
}
