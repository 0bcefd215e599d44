import type { DeviceProduct } from './products.ts';
import { isAtLeast } from './versions.ts';

/**
 * The version gates of spec 3 §9: the oldest daemon and cloud agent that carry a feature. A gate
 * asks only for the parts it names; a daemon minimum may differ by product.
 */
export interface VersionGate {
  daemon?: string | Readonly<Record<DeviceProduct, string>>;
  cloud?: string;
}

export const VERSION_GATES = {
  /** Creating and removing inputs and encoders; the stricter reading for edgecaster_max (v10.0.0). */
  dynamicAddRemove: { daemon: { edgecaster: 'v9.0.0', edgecaster_max: 'v10.0.0' }, cloud: 'v1.1.0' },
  dataEncoders: { daemon: 'v10.1.0' },
  opus: { daemon: 'v10.1.0' },
  whip: { daemon: 'v10.1.0' },
  persistentInput: { daemon: 'v10.4.0' },
  dynamicOverlay: { daemon: 'v10.5.0' },
  limitTo30FpsWarning: { daemon: 'v9.0.5' },
  cloudBackpressure: { cloud: 'v1.11.0' },
  captionProcessing: { daemon: 'v10.2.1' },
  strictCbr: { daemon: 'v10.2.1' },
  additionalResolutions: { daemon: 'v10.3.0' },
  retry: { daemon: 'v11.2.0' },
  httpPushRetry: { daemon: 'v10.4.0' },
  additionalHttpSettings: { daemon: 'v9.5.0' },
  mediaPackage: { daemon: 'v11.1.0' },
  zixiBackPressure: { cloud: 'v1.11.0' },
  inputPreview: { cloud: 'v1.3.0' },
  standardContainers: { cloud: 'v1.18.1' },
  advancedContainers: { cloud: 'V1.0.0b34' },
  dockerLogs: { cloud: 'v1.23.0' },
  logSessions: { cloud: 'v1.25.0' },
} as const satisfies Record<string, VersionGate>;

export type VersionGateName = keyof typeof VERSION_GATES;

/** What a gate reads of a device; a Device of the device list fits as it is. */
export interface DeviceSoftware {
  product_name: DeviceProduct;
  daemon_version: string | null;
  cloud_version: string | null;
}

/** Whether the device's software carries the feature; an unknown or unreadable version does not. */
export function supportsFeature(device: DeviceSoftware, gate: VersionGateName): boolean {
  const { daemon, cloud }: VersionGate = VERSION_GATES[gate];
  const daemonMinimum = typeof daemon === 'string' ? daemon : daemon?.[device.product_name];
  if (daemonMinimum && !isAtLeast(device.daemon_version, daemonMinimum)) return false;
  return !cloud || isAtLeast(device.cloud_version, cloud);
}
