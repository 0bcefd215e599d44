import { OUTPUT_TYPES, type OutputType } from '../shadow-documents/output-types.ts';
import {
  type ArrayFeature,
  type BooleanFeature,
  type EntitlementValue,
  entitlementValueSchema,
  type NumberFeature,
  outputLimitFeature,
  type RangeFeature,
  type RangeValue,
  rangeValueSchema,
} from './capabilities.ts';

/**
 * Gates read from effective entitlements (the properties of GET /entitlements/devices/{device_guid}),
 * by the dotted feature names of the specification. A feature that is absent or holds a value of
 * another type grants nothing: false, 0, an empty list. Device admins bypass the cloud feature gates
 * (spec 2 §5, spec 3 §6); that check is the caller's, beside these.
 */
type Properties = Readonly<Record<string, unknown>>;

/** The value of any feature by its dotted name, when it holds a well-formed value. */
export function entitlementValue(properties: Properties, feature: string): EntitlementValue | undefined {
  const result = entitlementValueSchema.safeParse(properties[feature]);
  return result.success ? result.data : undefined;
}

/** A boolean gate, e.g. services.cloud.device_config_tab.enabled. */
export const isEntitled = (properties: Properties, feature: BooleanFeature): boolean =>
  properties[feature] === true;

/** A number feature, or undefined when absent (e.g. services.cloud.metrics.send_rate). */
export function entitlementNumber(properties: Properties, feature: NumberFeature): number | undefined {
  const value = properties[feature];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A licensed count, e.g. daemon.encoders.audio.limit; 0 when absent. */
export const entitlementLimit = (properties: Properties, feature: NumberFeature): number =>
  entitlementNumber(properties, feature) ?? 0;

/** daemon.output.{type}.limit; 0 for a type without a limit feature (generic, unknown types). */
export function outputLimit(properties: Properties, outputType: string): number {
  if (!(OUTPUT_TYPES as readonly string[]).includes(outputType)) return 0;
  return entitlementLimit(properties, outputLimitFeature(outputType as OutputType));
}

/** A list feature, e.g. services.docker.containers; empty when absent. */
export function entitlementList(properties: Properties, feature: ArrayFeature): string[] {
  const value = properties[feature];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A range feature, e.g. daemon.encoders.video.bitrate; undefined when absent. */
export function entitlementRange(properties: Properties, feature: RangeFeature): RangeValue | undefined {
  const result = rangeValueSchema.safeParse(properties[feature]);
  return result.success ? result.data : undefined;
}

/** A licensable container installs only when its guid is in services.docker.containers (spec 3 §6). */
export const isContainerLicensed = (properties: Properties, containerGuid: string) =>
  entitlementList(properties, 'services.docker.containers').includes(containerGuid);
