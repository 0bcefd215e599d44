import type { Capability, CapabilityProfile } from '@ec/contract/entitlements/capabilities';

/** The licence label dialog's messages (spec 2 §8, Licenses). */
export const LICENSE_MESSAGES = {
  noProperties: 'Entitlement has no properties set...',
  capabilityProfile: 'Unable to get capability profile',
  entitlementProfile: 'Unable to get entitlement profile',
  notFound: 'Entitlement Not Found',
  unknownContainer: 'Unknown Container',
  profileGuidMissing: 'Profile GUID Missing',
} as const;

const CONTAINERS_FEATURE = 'services.docker.containers';

export interface EntitlementRow {
  feature: string;
  label: string;
  value: string;
}

function valueText(value: unknown, feature: string, containerNames: ReadonlyMap<string, string>): string {
  if (typeof value === 'boolean') return value ? 'Enabled' : 'Disabled';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    if (feature === CONTAINERS_FEATURE)
      return value
        .map((guid) => containerNames.get(String(guid)) ?? `${LICENSE_MESSAGES.unknownContainer} (${guid})`)
        .join(', ');
    return value.join(', ');
  }
  if (value && typeof value === 'object' && 'min' in value && 'max' in value)
    return `${(value as { min: unknown }).min} to ${(value as { max: unknown }).max}`;
  return JSON.stringify(value);
}

/**
 * An entitlement's properties as the licence label dialog lists them: the capability's friendly name
 * (the dotted key when the capability profile is unknown), in the profile's order, then any feature the
 * profile does not know. Containers are named when known, otherwise 'Unknown Container'.
 */
export function entitlementRows(
  properties: Readonly<Record<string, unknown>>,
  profile: CapabilityProfile | null,
  containerNames: ReadonlyMap<string, string> = new Map(),
): EntitlementRow[] {
  const known = new Map<string, Capability>((profile?.capabilities ?? []).map((c) => [c.feature, c]));
  const order = [...known.keys()].filter((feature) => feature in properties);
  const rest = Object.keys(properties)
    .filter((feature) => !known.has(feature))
    .sort();
  return [...order, ...rest].map((feature) => ({
    feature,
    label: known.get(feature)?.label ?? feature,
    value: valueText(properties[feature], feature, containerNames),
  }));
}
