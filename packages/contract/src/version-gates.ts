import type { DeviceProduct } from './products.ts';
import type { OutputType } from './shadow-documents/output-types.ts';
import { isAtLeast } from './versions.ts';

/**
 * The version gates of spec 3 §9: the oldest daemon and cloud agent that carry a feature. A gate
 * asks only for the parts it names; a daemon minimum may differ by product.
 */
export interface VersionGate {
  daemon?: string | Readonly<Record<DeviceProduct, string>>;
  cloud?: string;
}

/** Every version gate of spec 3 §9, for every tab; the Outputs tab reads the same table. */
export const VERSION_GATES = {
  /**
   * Creating and removing inputs, encoders and outputs. The stricter of the spec's two readings:
   * edgecaster_max needs daemon v10.0.0 too, not only the cloud agent (decision 111).
   */
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
  /** The additional HTTP settings: the ULL target latency of HTTP pull and push (4000 ms there). */
  httpSettings: { daemon: 'v9.5.0' },
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

/** The oldest daemon a gate asks of this product, if it asks one. */
function daemonMinimum(gate: VersionGateName, product: DeviceProduct): string | undefined {
  const { daemon }: VersionGate = VERSION_GATES[gate];
  return typeof daemon === 'string' ? daemon : daemon?.[product];
}

/** Whether the device's software carries the feature; an unknown or unreadable version does not. */
export function supportsFeature(device: DeviceSoftware, gate: VersionGateName): boolean {
  const { cloud }: VersionGate = VERSION_GATES[gate];
  const daemon = daemonMinimum(gate, device.product_name);
  if (daemon && !isAtLeast(device.daemon_version, daemon)) return false;
  return !cloud || isAtLeast(device.cloud_version, cloud);
}

/** The gates the Outputs tab reads (spec 3 §2.4, §3.4). */
export type OutputFeature = Extract<
  VersionGateName,
  'dynamicAddRemove' | 'whip' | 'httpSettings' | 'httpPushRetry' | 'mediaPackage' | 'zixiBackPressure'
>;

/**
 * The device's software as the Outputs tab holds it. Read through the same table as DeviceSoftware;
 * it goes once the Outputs tab passes the device record as the other tabs do.
 */
export interface OutputDeviceSoftware {
  product: DeviceProduct;
  daemonVersion: string | null;
  cloudVersion: string | null;
}

const asDeviceSoftware = (software: OutputDeviceSoftware): DeviceSoftware => ({
  product_name: software.product,
  daemon_version: software.daemonVersion,
  cloud_version: software.cloudVersion,
});

/** Whether a device runs an output feature; an unknown version runs none. */
export const supportsOutputFeature = (feature: OutputFeature, software: OutputDeviceSoftware) =>
  supportsFeature(asDeviceSoftware(software), feature);

/** Output types that exist only from a version on; the others run on every supported daemon. */
const OUTPUT_TYPE_GATES: Partial<Record<OutputType, OutputFeature>> = { whip: 'whip' };

/** Whether a device can run an output of this type (WHIP needs daemon v10.1.0, spec 3 §2.4). */
export function isOutputTypeSupported(type: OutputType, software: OutputDeviceSoftware): boolean {
  const gate = OUTPUT_TYPE_GATES[type];
  return !gate || supportsOutputFeature(gate, software);
}

const dynamic = VERSION_GATES.dynamicAddRemove;
/** The lock notice where a device cannot add or remove entries of a list (spec 3 §9). */
export const dynamicAddRemoveLockedMessage = (entries: 'inputs' | 'encoders' | 'outputs') =>
  `Creating and deleting ${entries} needs daemon ${dynamic.daemon.edgecaster} (${dynamic.daemon.edgecaster_max} on edgecaster_max) and cloud agent ${dynamic.cloud} or later on the device.`;
export const DYNAMIC_OUTPUTS_LOCKED_MESSAGE = dynamicAddRemoveLockedMessage('outputs');
