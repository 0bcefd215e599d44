import type { DeviceProduct } from '../products.ts';
import { isAtLeast } from '../versions.ts';
import type { OutputType } from './output-types.ts';

/** What a gate reads of a device: its product and the versions its record holds (null while unknown). */
export interface DeviceSoftware {
  product: DeviceProduct;
  daemonVersion: string | null;
  cloudVersion: string | null;
}

/** The oldest daemon and cloud agent a feature runs on. */
export interface VersionGate {
  daemon?: string;
  cloudAgent?: string;
}

/** The output features of spec 3 §9 that need a newer daemon or cloud agent. */
export const OUTPUT_VERSION_GATES = {
  /** Creating and deleting outputs; edgecaster_max does it whatever its daemon. */
  dynamicAddRemove: { daemon: 'v9.0.0', cloudAgent: 'v1.1.0' },
  whip: { daemon: 'v10.1.0' },
  /** The additional HTTP settings: ULL target latency (4000 ms by default there). */
  httpSettings: { daemon: 'v9.5.0' },
  httpPushRetry: { daemon: 'v10.4.0' },
  mediaPackage: { daemon: 'v11.1.0' },
  zixiBackPressure: { cloudAgent: 'v1.11.0' },
} as const satisfies Record<string, VersionGate>;
export type OutputFeature = keyof typeof OUTPUT_VERSION_GATES;

/** Output types that exist only from a daemon version on; the others run on every supported one. */
const TYPE_GATES: Partial<Record<OutputType, VersionGate>> = { whip: OUTPUT_VERSION_GATES.whip };

export const meetsVersionGate = (gate: VersionGate, device: DeviceSoftware) =>
  (!gate.daemon || isAtLeast(device.daemonVersion, gate.daemon)) &&
  (!gate.cloudAgent || isAtLeast(device.cloudVersion, gate.cloudAgent));

/** Whether a device runs an output feature; an unknown version runs none. */
export function supportsOutputFeature(feature: OutputFeature, device: DeviceSoftware): boolean {
  const gate: VersionGate = OUTPUT_VERSION_GATES[feature];
  if (feature === 'dynamicAddRemove' && device.product === 'edgecaster_max')
    return meetsVersionGate({ cloudAgent: gate.cloudAgent }, device);
  return meetsVersionGate(gate, device);
}

/** Whether a device can run an output of this type (WHIP needs daemon v10.1.0, spec 3 §2.4). */
export function isOutputTypeSupported(type: OutputType, device: DeviceSoftware): boolean {
  const gate = TYPE_GATES[type];
  return !gate || meetsVersionGate(gate, device);
}

const { daemon, cloudAgent } = OUTPUT_VERSION_GATES.dynamicAddRemove;
/** The lock notice of the Create and Delete dialogs when the device cannot add or remove outputs. */
export const DYNAMIC_OUTPUTS_LOCKED_MESSAGE = `Creating and deleting outputs needs daemon ${daemon} and cloud agent ${cloudAgent} or later on the device.`;
