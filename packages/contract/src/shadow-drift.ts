import { z } from 'zod';
import { changesWithSecretsHidden, entryId, hideSecretValues, isRecord } from './document-changes.ts';
import { entriesOf } from './shadow-documents/fields.ts';
import { shadowRegistry } from './shadow-registry.ts';
import { type TemplateShadowName, templateSetState } from './shadow-template-state.ts';
import { shadowTemplateSchema } from './shadow-templates.ts';

/** How one device's reported document stands against one template (issue 26, decision 197). */
export const DRIFT_STATUSES = ['in_sync', 'drifting', 'unknown'] as const;
export type DriftStatus = (typeof DRIFT_STATUSES)[number];

/**
 * One field where the device differs from the template. `path` is the document's, a list entry named
 * by its id (or `new.<index>` for an entry the template has and the device lacks); `template` and
 * `device` are the two values, absent for a secret (`secret`: only that they differ is said).
 */
export const driftDifferenceSchema = z.object({
  path: z.array(z.string()),
  template: z.unknown().optional(),
  device: z.unknown().optional(),
  secret: z.boolean().optional(),
  /** The list entry the field is in, as far as naming it goes (id, type, name, channel). */
  entry: z.record(z.string(), z.unknown()).optional(),
});
export type DriftDifference = z.infer<typeof driftDifferenceSchema>;

/** What names an entry (its id, type, name, label, channel, config's name): never a secret. */
const NAMING_KEYS = ['id', 'alert_guid', 'type', 'name', 'label', 'hw_channel'] as const;
function namingOf(entry: Record<string, unknown>): Record<string, unknown> {
  const named = Object.fromEntries(NAMING_KEYS.filter((key) => key in entry).map((key) => [key, entry[key]]));
  const config = isRecord(entry.config) ? entry.config : {};
  return 'name' in config ? { ...named, config: { name: config.name } } : named;
}

/** The entry of either document whose id (or alert guid) is `id`. */
const entryById = (after: unknown, reported: unknown, listKey: string, id: string | undefined) =>
  [...entriesOf(after, listKey), ...entriesOf(reported, listKey)].find((entry) => entryId(entry) === id);

/**
 * Whether `raw` (the reported document) matches the template `template` of shadow `name`: the document the device would
 * keep once the template is applied (templateSetState, then the registry's applySet) compared with the
 * one it reports. So exactly what applying the template would change counts: identity fields (System's
 * name and network, an output's drive) and secrets the template does not carry stay the device's own,
 * and fields only the device writes are not compared. Secrets are named, never given. No reported
 * document: unknown.
 */
export function templateDrift(
  name: TemplateShadowName,
  template: unknown,
  raw: unknown,
): { status: DriftStatus; differences: DriftDifference[] } {
  if (!isRecord(raw)) return { status: 'unknown', differences: [] };
  // An alert without a category is the device's own (the schema's default): not a difference.
  const reported =
    name === 'Alerts'
      ? {
          ...raw,
          alerts: entriesOf(raw, 'alerts').map((alert) => ({ category: 'device', ...alert })),
        }
      : raw;
  const definition = shadowRegistry[name];
  const after = definition.applySet(templateSetState(name, template, reported), reported);
  const { listKey } = definition;
  // An entry the device does not have yet has no id: it is listed once, after the compared ones.
  const known = listKey ? entriesOf(after, listKey).filter((entry) => entryId(entry) !== undefined) : [];
  const compared = listKey ? { ...after, [listKey]: known } : after;
  const differences: DriftDifference[] = changesWithSecretsHidden(
    reported,
    compared,
    definition.ignoredKeys,
  ).map((change): DriftDifference => {
    const difference: DriftDifference = change.secret
      ? { path: change.path, secret: true }
      : { path: change.path, template: change.after, device: change.before };
    const entry = listKey ? entryById(after, reported, listKey, change.path[1]) : undefined;
    return entry ? { ...difference, entry: namingOf(entry) } : difference;
  });
  if (listKey)
    entriesOf(after, listKey).forEach((entry, index) => {
      if (entryId(entry) === undefined)
        differences.push({
          path: [listKey, `new.${index}`],
          template: hideSecretValues(entry, definition.ignoredKeys),
          entry: namingOf(entry),
        });
    });
  return { status: differences.length ? 'drifting' : 'in_sync', differences };
}

/** One device against one template of the fleet. */
export const deviceDriftSchema = z.object({
  shadow_name: z.string(),
  template_guid: z.string(),
  status: z.enum(DRIFT_STATUSES),
  differences: z.array(driftDifferenceSchema),
});

/** GET /fleets/{fleet_guid}/drift: each device of the fleet against each of the fleet's templates. */
export const fleetDriftResponseSchema = z.object({
  /** The template that counts for each shadow: the fleet's newest saved one (decision 197). */
  templates: z.array(shadowTemplateSchema),
  devices: z.array(
    z.object({
      device_guid: z.string(),
      device_name: z.string(),
      serial_number: z.string(),
      /** in_sync when every template matches, drifting when one differs, else unknown. */
      status: z.enum(DRIFT_STATUSES),
      shadows: z.array(deviceDriftSchema),
    }),
  ),
});
export type FleetDrift = z.infer<typeof fleetDriftResponseSchema>;
