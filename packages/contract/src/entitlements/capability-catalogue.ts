import type { DeviceProduct, Product } from '../products.ts';
import { OUTPUT_TYPE_LABELS, OUTPUT_TYPES, type OutputType } from '../shadow-documents/output-types.ts';
import {
  type ArrayFeature,
  BOOLEAN_FEATURES,
  type BooleanFeature,
  type Capability,
  type CapabilityProfile,
  capabilityValueSchema,
  type DeviceCapabilityProfile,
  dataEncoderLimitFeature,
  entitlementPropertiesSchema,
  type FeatureName,
  type Hardware,
  LICENSED_AUDIO_CODECS,
  LICENSED_DATA_TYPES,
  type LicensedDataType,
  METRICS_SEND_RATE_FEATURE,
  type NumberFeature,
  outputLimitFeature,
  type RangeFeature,
} from './capabilities.ts';

/**
 * The capability catalogue of both products (spec 3 §3.9). The specification fixes the names, the
 * types and a few values (audio channels 6 of 8, video bitrate 100 to 50000 kbps, keyframes 1 to 1000
 * frames); the other bounds and defaults are ours (docs/decisions.md). defaultSelected is what a device
 * holds when neither its base profile nor a license sets the feature, and what the base profiles are
 * seeded with (base-profiles.ts).
 */

type PerProduct<T> = Record<DeviceProduct, T>;
/** [min, max, defaultSelected] */
type Bounds = readonly [number, number, number];

const BOOLEANS: Record<BooleanFeature, { label: string; defaultSelected: boolean }> = {
  'services.cloud.device_config_tab.enabled': { label: 'Device Configuration Tab', defaultSelected: true },
  'services.cloud.output_control.enabled': { label: 'Output Control', defaultSelected: true },
  'services.cloud.user_management_tab.enabled': { label: 'Device User Management', defaultSelected: true },
  'services.cloud.device_events.enabled': { label: 'Device Events', defaultSelected: true },
  'services.cloud.metrics.enabled': { label: 'Device Metrics', defaultSelected: true },
  'services.cloud.commands_interface.enabled': { label: 'Device Commands', defaultSelected: true },
  'services.cloud.bulk_actions.enabled': { label: 'Bulk Actions', defaultSelected: false },
  'services.cloud.fleet_monitor.enabled': { label: 'Fleet Monitor', defaultSelected: false },
  'services.cloud.fleet_multiview.enabled': { label: 'Fleet Multiview', defaultSelected: false },
  'services.cloud.input_preview.enabled': { label: 'Input Preview', defaultSelected: false },
  'services.cloud.reboot_device.enabled': { label: 'Reboot Device', defaultSelected: true },
  'services.cloud.reset_settings.enabled': { label: 'Reset Settings', defaultSelected: true },
  'services.cloud.download_logs.enabled': { label: 'Download Logs', defaultSelected: true },
  'services.cloud.local_ui_password.enabled': { label: 'Local UI Password', defaultSelected: true },
  'services.adb.enabled': { label: 'ADB over IP', defaultSelected: false },
  'services.docker.enabled': { label: 'Containers', defaultSelected: false },
  'services.docker.privileged': { label: 'Privileged Containers', defaultSelected: false },
};

/** Zixi and WHIP are licensed extras; one thumbnail output per input feeds the input preview. */
const OUTPUT_LIMITS: Record<OutputType, PerProduct<Bounds>> = {
  unicast: { edgecaster: [0, 8, 2], edgecaster_max: [0, 16, 4] },
  multicast: { edgecaster: [0, 8, 2], edgecaster_max: [0, 16, 4] },
  rtmp: { edgecaster: [0, 8, 2], edgecaster_max: [0, 16, 4] },
  rtsp: { edgecaster: [0, 4, 1], edgecaster_max: [0, 8, 2] },
  http_push: { edgecaster: [0, 4, 1], edgecaster_max: [0, 8, 2] },
  http_pull: { edgecaster: [0, 4, 1], edgecaster_max: [0, 8, 2] },
  srt: { edgecaster: [0, 8, 2], edgecaster_max: [0, 16, 4] },
  zixi: { edgecaster: [0, 8, 0], edgecaster_max: [0, 16, 0] },
  file: { edgecaster: [0, 2, 1], edgecaster_max: [0, 4, 2] },
  whip: { edgecaster: [0, 4, 0], edgecaster_max: [0, 8, 0] },
  thumbnail: { edgecaster: [0, 1, 1], edgecaster_max: [0, 2, 2] },
};

const DATA_LABELS: Record<LicensedDataType, string> = {
  klv_sync: 'KLV Sync',
  scte35: 'SCTE-35',
  smpte2038: 'SMPTE 2038',
};

const NUMBERS: Record<NumberFeature, { label: string } & PerProduct<Bounds>> = {
  /** One input per hardware channel: channel 0, and channel 1 on edgecaster_max (spec 3 §5). */
  'daemon.input.limit': { label: 'Inputs', edgecaster: [0, 1, 1], edgecaster_max: [0, 2, 2] },
  'daemon.input.audio.max_channels': {
    label: 'Input Audio Channels',
    edgecaster: [2, 16, 8],
    edgecaster_max: [2, 16, 8],
  },
  'daemon.encoders.video.limit': {
    label: 'Video Encoders',
    edgecaster: [0, 4, 1],
    edgecaster_max: [0, 8, 2],
  },
  'daemon.encoders.audio.limit': {
    label: 'Audio Encoders',
    edgecaster: [0, 4, 1],
    edgecaster_max: [0, 8, 2],
  },
  'daemon.encoders.audio.max_channels': {
    label: 'Audio Channels per Encoder',
    edgecaster: [1, 16, 6],
    edgecaster_max: [1, 16, 6],
  },
  ...perType(LICENSED_DATA_TYPES, dataEncoderLimitFeature, (type) => ({
    label: `${DATA_LABELS[type]} Data Encoders`,
    edgecaster: [0, 2, 1],
    edgecaster_max: [0, 4, 2],
  })),
  ...perType(OUTPUT_TYPES, outputLimitFeature, (type) => ({
    label: `${OUTPUT_TYPE_LABELS[type]} Outputs`,
    ...OUTPUT_LIMITS[type],
  })),
  /** Seconds between metric reports; the simulator reports every 60 s. */
  [METRICS_SEND_RATE_FEATURE]: {
    label: 'Metrics Send Rate (seconds)',
    edgecaster: [10, 300, 60],
    edgecaster_max: [10, 300, 60],
  },
};

/** [capability min, capability max, default min, default max] */
type RangeBounds = readonly [number, number, number, number];

const RANGES: Record<RangeFeature, { label: string } & PerProduct<RangeBounds>> = {
  /** 100 to 50000 kbps by default, licenses may change the limits (spec 3 §5). */
  'daemon.encoders.video.bitrate': {
    label: 'Video Bitrate (kbps)',
    edgecaster: [100, 100000, 100, 50000],
    edgecaster_max: [100, 100000, 100, 50000],
  },
  /** 1 to 1000 frames, a license may override (spec 3 §5); 1000 frames is 16.6 s at 60 fps. */
  'daemon.encoders.video.keyframe_interval_frames': {
    label: 'Keyframe Interval (frames)',
    edgecaster: [1, 1000, 1, 1000],
    edgecaster_max: [1, 1000, 1, 1000],
  },
};

const ARRAYS: Record<
  ArrayFeature,
  { label: string; possible?: readonly string[]; defaultSelected: string[] }
> = {
  /** Container guids of the directory's licensable containers: an open list (spec 3 §6). */
  'services.docker.containers': { label: 'Licensed Containers', defaultSelected: [] },
  'daemon.encoders.audio.codecs': {
    label: 'Audio Codecs',
    possible: LICENSED_AUDIO_CODECS,
    defaultSelected: ['MPEG4_AAC_ADTS'],
  },
};

const HARDWARE: PerProduct<Hardware> = {
  edgecaster: { description: 'Single-input video encoder', hw_channels: [0], max_resolution: '3840x2160' },
  edgecaster_max: {
    description: 'Dual-input video encoder',
    hw_channels: [0, 1],
    max_resolution: '3840x2160',
  },
};

function perType<T extends string, F extends string, V>(
  types: readonly T[],
  feature: (type: T) => F,
  value: (type: T) => V,
): Record<F, V> {
  return Object.fromEntries(types.map((type) => [feature(type), value(type)])) as Record<F, V>;
}

const booleanCapabilities = (features: readonly BooleanFeature[]): Capability[] =>
  features.map((feature) => ({
    feature,
    label: BOOLEANS[feature].label,
    type: 'boolean',
    defaultSelected: BOOLEANS[feature].defaultSelected,
  }));

function buildCatalogue(product: DeviceProduct): Capability[] {
  const booleans = booleanCapabilities(BOOLEAN_FEATURES);
  const numbers = Object.entries(NUMBERS).map(([feature, entry]): Capability => {
    const [min, max, defaultSelected] = entry[product];
    return { feature, label: entry.label, type: 'number', min, max, defaultSelected };
  });
  const ranges = Object.entries(RANGES).map(([feature, entry]): Capability => {
    const [min, max, low, high] = entry[product];
    return { feature, label: entry.label, type: 'range', min, max, defaultSelected: { min: low, max: high } };
  });
  const arrays = Object.entries(ARRAYS).map(
    ([feature, { label, possible, defaultSelected }]): Capability => ({
      feature,
      label,
      type: 'array',
      ...(possible ? { possible: [...possible] } : {}),
      defaultSelected: [...defaultSelected],
    }),
  );
  return [...booleans, ...numbers, ...ranges, ...arrays];
}

/** The answer of GET /entitlements/capabilities/{product} for the device products. */
export const CAPABILITY_PROFILES: PerProduct<DeviceCapabilityProfile> = {
  edgecaster: {
    product_name: 'edgecaster',
    hardware: HARDWARE.edgecaster,
    capabilities: buildCatalogue('edgecaster'),
  },
  edgecaster_max: {
    product_name: 'edgecaster_max',
    hardware: HARDWARE.edgecaster_max,
    capabilities: buildCatalogue('edgecaster_max'),
  },
};

/**
 * The cloud UI platform (spec 3 §3.10): what a cloud_ui licence can grant is the console's own
 * features, the services.cloud.*.enabled switches (decision 200). It has no hardware.
 */
export const CLOUD_UI_CAPABILITY_PROFILE: CapabilityProfile = {
  product_name: 'cloud_ui',
  capabilities: booleanCapabilities(
    BOOLEAN_FEATURES.filter((feature) => feature.startsWith('services.cloud.')),
  ),
};

/** The capability profile of any product, the cloud UI platform too. */
export const capabilityProfileOf = (product: Product): CapabilityProfile =>
  product === 'cloud_ui' ? CLOUD_UI_CAPABILITY_PROFILE : CAPABILITY_PROFILES[product];

const featureMap = (product: Product): ReadonlyMap<string, Capability> =>
  new Map(capabilityProfileOf(product).capabilities.map((c) => [c.feature, c]));
const byFeature: Record<Product, ReadonlyMap<string, Capability>> = {
  edgecaster: featureMap('edgecaster'),
  edgecaster_max: featureMap('edgecaster_max'),
  cloud_ui: featureMap('cloud_ui'),
};

/** The capability of a feature on a product, or undefined for a feature the product does not know. */
export const findCapability = (product: Product, feature: string): Capability | undefined =>
  byFeature[product].get(feature);

/** The friendly label of a feature for messages (spec 3 §4.7); the key itself when unknown. */
export const featureLabel = (product: Product, feature: FeatureName | string) =>
  findCapability(product, feature)?.label ?? feature;

/**
 * The properties of a profile of a device product as the profile editor and the server accept them:
 * known features only, each value by its capability's rule (spec 3 §5). Issue paths carry the dotted
 * feature name; featureLabel turns it into the friendly label.
 */
export function profilePropertiesSchemaFor(product: Product) {
  return entitlementPropertiesSchema.superRefine((properties, ctx) => {
    for (const [feature, value] of Object.entries(properties)) {
      const capability = findCapability(product, feature);
      if (!capability) {
        ctx.addIssue({ code: 'custom', path: [feature], message: `Unknown feature ${feature}` });
        continue;
      }
      const result = capabilityValueSchema(capability).safeParse(value);
      for (const issue of result.error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', path: [feature, ...issue.path], message: issue.message });
      }
    }
  });
}

/** A dotted feature key inside a text: services.docker.enabled, daemon.output.srt.limit. */
const DOTTED_FEATURE = /\b[a-z0-9_]+(?:\.[a-z0-9_]+)+\b/g;

/**
 * A save error as the profile editor shows it: every dotted feature name the product knows replaced
 * by its friendly label (spec 3 §4.7).
 */
export const withFeatureLabels = (product: Product, text: string) =>
  text.replace(DOTTED_FEATURE, (feature) => findCapability(product, feature)?.label ?? feature);

/**
 * What is wrong with a profile's properties for its platform, one line per issue, each led by the
 * feature's friendly label ('Video Encoders: Value Must be Between 0 and 4'); empty when they are valid.
 */
export function profilePropertyProblems(product: Product, properties: unknown): string[] {
  const result = profilePropertiesSchemaFor(product).safeParse(properties);
  return (result.error?.issues ?? []).map((issue) => {
    const [feature] = issue.path;
    const capability = typeof feature === 'string' ? findCapability(product, feature) : undefined;
    return capability ? `${capability.label}: ${issue.message}` : issue.message;
  });
}
