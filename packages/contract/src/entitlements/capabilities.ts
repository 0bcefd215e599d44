import { z } from 'zod';
import { inputText, TEXT_LIMITS } from '../common.ts';
import { type DeviceProduct, PRODUCTS } from '../products.ts';
import { OUTPUT_TYPES, type OutputType } from '../shadow-documents/output-types.ts';

/**
 * Capabilities (spec 3 §3.9): the features a product can be entitled to, named by dotted keys, each
 * with a type, bounds and a default. The names below are every feature the specification gates on
 * (spec 2 §5 and §4.7, spec 3 §2, §5, §6 and §9); the catalogue of values is capability-catalogue.ts.
 */
export const CAPABILITY_TYPES = ['number', 'array', 'range', 'boolean'] as const;
export type CapabilityType = (typeof CAPABILITY_TYPES)[number];

/** The data encoder types of spec 3 §3.3; a new one is blocked at its limit "with the data type label". */
export const LICENSED_DATA_TYPES = ['klv_sync', 'scte35', 'smpte2038'] as const;
export type LicensedDataType = (typeof LICENSED_DATA_TYPES)[number];

export const outputLimitFeature = <T extends OutputType>(type: T) => `daemon.output.${type}.limit` as const;
export const dataEncoderLimitFeature = <T extends LicensedDataType>(type: T) =>
  `daemon.encoders.data.${type}.limit` as const;

export const BOOLEAN_FEATURES = [
  'services.cloud.device_config_tab.enabled',
  'services.cloud.output_control.enabled',
  'services.cloud.user_management_tab.enabled',
  'services.cloud.device_events.enabled',
  'services.cloud.metrics.enabled',
  'services.cloud.commands_interface.enabled',
  'services.cloud.bulk_actions.enabled',
  'services.cloud.fleet_monitor.enabled',
  'services.cloud.fleet_multiview.enabled',
  'services.cloud.input_preview.enabled',
  'services.cloud.reboot_device.enabled',
  'services.cloud.reset_settings.enabled',
  'services.cloud.download_logs.enabled',
  'services.cloud.local_ui_password.enabled',
  'services.adb.enabled',
  'services.docker.enabled',
  'services.docker.privileged',
] as const;

/** Seconds between two metric reports of the device: the one number where lower is better. */
export const METRICS_SEND_RATE_FEATURE = 'services.cloud.metrics.send_rate';

export const NUMBER_FEATURES = [
  'daemon.input.limit',
  'daemon.input.audio.max_channels',
  'daemon.encoders.video.limit',
  'daemon.encoders.audio.limit',
  'daemon.encoders.audio.max_channels',
  ...LICENSED_DATA_TYPES.map(dataEncoderLimitFeature),
  ...OUTPUT_TYPES.map(outputLimitFeature),
  METRICS_SEND_RATE_FEATURE,
] as const;

export const RANGE_FEATURES = [
  'daemon.encoders.video.bitrate',
  'daemon.encoders.video.keyframe_interval_frames',
] as const;

export const ARRAY_FEATURES = ['services.docker.containers', 'daemon.encoders.audio.codecs'] as const;

/** The audio codecs daemon.encoders.audio.codecs may list (spec 3 §9). */
export const LICENSED_AUDIO_CODECS = ['MPEG4_AAC_ADTS', 'OPUS'] as const;

export type BooleanFeature = (typeof BOOLEAN_FEATURES)[number];
export type NumberFeature = (typeof NUMBER_FEATURES)[number];
export type RangeFeature = (typeof RANGE_FEATURES)[number];
export type ArrayFeature = (typeof ARRAY_FEATURES)[number];
export type FeatureName = BooleanFeature | NumberFeature | RangeFeature | ArrayFeature;

export const FEATURE_NAMES: readonly FeatureName[] = [
  ...BOOLEAN_FEATURES,
  ...NUMBER_FEATURES,
  ...RANGE_FEATURES,
  ...ARRAY_FEATURES,
];

/** Dotted lower-case keys: services.docker.enabled, daemon.output.srt.limit. */
export const featureNameSchema = z
  .string()
  .regex(/^[a-z0-9_]+(\.[a-z0-9_]+)+$/, 'Feature names are dotted lower-case keys');

export const rangeValueSchema = z
  .object({ min: z.number(), max: z.number() })
  .refine((range) => range.min <= range.max, { message: 'Minimum must not exceed maximum', path: ['min'] });
export type RangeValue = z.infer<typeof rangeValueSchema>;

/** The value a profile, a license or the effective entitlements hold for a feature, per type. */
export const entitlementValueSchemas = {
  boolean: z.boolean(),
  number: z.number(),
  // Stored as jsonb, which holds no U+0000.
  array: z.array(inputText(TEXT_LIMITS.short)),
  range: rangeValueSchema,
} as const satisfies Record<CapabilityType, z.ZodType>;

export const entitlementValueSchema = z.union([
  entitlementValueSchemas.boolean,
  entitlementValueSchemas.number,
  entitlementValueSchemas.array,
  entitlementValueSchemas.range,
]);
export type EntitlementValue = z.infer<typeof entitlementValueSchema>;

/** A map of feature to value: the properties of a profile (spec 3 §3.10) and the effective answer. */
export const entitlementPropertiesSchema = z.record(featureNameSchema, entitlementValueSchema);
export type EntitlementProperties = z.infer<typeof entitlementPropertiesSchema>;

const capabilityBase = {
  feature: featureNameSchema,
  /** The friendly name shown instead of the dotted key (spec 3 §4.7). */
  label: z.string(),
};

/** One capability definition (spec 3 §3.9); min, max and possible only where the type has them. */
export const capabilitySchema = z.discriminatedUnion('type', [
  z.object({ ...capabilityBase, type: z.literal('boolean'), defaultSelected: z.boolean() }),
  z.object({
    ...capabilityBase,
    type: z.literal('number'),
    min: z.number(),
    max: z.number(),
    defaultSelected: z.number(),
  }),
  z.object({
    ...capabilityBase,
    type: z.literal('range'),
    min: z.number(),
    max: z.number(),
    defaultSelected: rangeValueSchema,
  }),
  z.object({
    ...capabilityBase,
    type: z.literal('array'),
    /** Absent when the list is open, as for container guids (services.docker.containers). */
    possible: z.array(z.string()).optional(),
    defaultSelected: z.array(z.string()),
  }),
]);
export type Capability = z.infer<typeof capabilitySchema>;

/** What the product's hardware offers, shown by the product label's hardware capabilities dialog. */
export const hardwareSchema = z.object({
  description: z.string(),
  hw_channels: z.array(z.number().int()),
  max_resolution: z.string(),
});

export type Hardware = z.infer<typeof hardwareSchema>;

/**
 * GET /entitlements/capabilities/{product}: the capability profile of one product (spec 3 §3.9). The
 * cloud UI platform has no hardware.
 */
export const capabilityProfileSchema = z.object({
  product_name: z.enum(PRODUCTS),
  hardware: hardwareSchema.optional(),
  capabilities: z.array(capabilitySchema),
});
export type CapabilityProfile = z.infer<typeof capabilityProfileSchema>;
/** The capability profile of a device product, which always names its hardware. */
export type DeviceCapabilityProfile = CapabilityProfile & { product_name: DeviceProduct; hardware: Hardware };
export const getCapabilitiesResponseSchema = capabilityProfileSchema;
export const capabilitiesParamsSchema = z.object({ product: z.enum(PRODUCTS) });

export const VALUE_REQUIRED = 'Value Required';
export const VALUE_NOT_ALLOWED = 'Value Not Allowed';
export const ARRAY_MIN_MESSAGE = 'Array Must Include at least 1 Element';
export const betweenMessage = (min: number, max: number) => `Value Must be Between ${min} and ${max}`;

/** The profile editor's rule for one feature's value (spec 3 §5, Entitlements and licenses). */
export function capabilityValueSchema(capability: Capability): z.ZodType<EntitlementValue> {
  const required = { error: VALUE_REQUIRED };
  switch (capability.type) {
    case 'boolean':
      return z.boolean(required);
    case 'number': {
      const message = betweenMessage(capability.min, capability.max);
      return z.number(required).min(capability.min, message).max(capability.max, message);
    }
    case 'range': {
      const message = betweenMessage(capability.min, capability.max);
      return z
        .object({
          min: z.number(required).min(capability.min, message),
          max: z.number(required).max(capability.max, message),
        })
        .refine((range) => range.min <= range.max, {
          message: 'Minimum must not exceed maximum',
          path: ['min'],
        });
    }
    case 'array': {
      const { possible } = capability;
      const item = possible
        ? z.string().refine((value) => possible.includes(value), VALUE_NOT_ALLOWED)
        : z.string().min(1, VALUE_REQUIRED);
      return z.array(item, required).min(1, ARRAY_MIN_MESSAGE);
    }
  }
}
