import { configOf, entriesOf } from './shadow-documents/fields.ts';
import { shadowRegistry } from './shadow-registry.ts';
import type { ShadowName } from './shadows.ts';

/**
 * What a shadow template keeps of a device's document, and what applying one sends to another device
 * (spec 3 §3.13, §7). A template is a configuration to copy between devices of an organization, so it
 * never holds what belongs to one device only:
 * - secrets, the keys a device keeps without showing them back (the registry's ignored keys: password,
 *   passphrase, sftp_key, service_data, encryption_key), at any depth;
 * - the device's identity: System's device_name and its network (ip_scheme, static_network), and a
 *   file output's chosen drive (device_selection_policy_data);
 * - what only the device writes (statuses, formats, an alert's state and guid), by keeping only what a
 *   set may send.
 * Applying a template replaces the device's list (or System's config) with the template's, and gives
 * back what the template lacks from the device's own document: an entry of the same id and type (else
 * of the same type and name) keeps its id, secrets and identity fields; System keeps its name and
 * network. References between documents (an encoder's input, an output's encoders) are sent as the
 * template has them: templates suit devices set up alike.
 */

/** The shadows the configuration tabs edit, and so the ones templates are made of. */
export const TEMPLATE_SHADOWS = ['Inputs', 'Encoders', 'Outputs', 'System', 'Alerts'] as const;
export type TemplateShadowName = (typeof TEMPLATE_SHADOWS)[number];
export const isTemplateShadow = (name: ShadowName): name is TemplateShadowName =>
  (TEMPLATE_SHADOWS as readonly string[]).includes(name);

/** The alert fields a template keeps: what the rule is, not its state on one device. */
const ALERT_TEMPLATE_FIELDS = ['type', 'name', 'label', 'category', 'config'] as const;

type Doc = Record<string, unknown>;

const isRecord = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const recordOf = (value: unknown): Doc => (isRecord(value) ? value : {});

/** `value` without `keys`, at any depth. */
function withoutKeys(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, keys));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !keys.includes(key))
      .map(([key, item]) => [key, withoutKeys(item, keys)]),
  );
}

/** `value` with the `keys` it lacks taken from `own` at the same place, at any depth of objects. */
function withOwnKeys(value: Doc, own: Doc, keys: readonly string[]): Doc {
  const result: Doc = { ...value };
  for (const key of keys) if (!(key in result) && key in own) result[key] = own[key];
  for (const [key, item] of Object.entries(result))
    if (isRecord(item) && isRecord(own[key])) result[key] = withOwnKeys(item, own[key], keys);
  return result;
}

const secretsOf = (name: TemplateShadowName) => shadowRegistry[name].ignoredKeys;

const isDeviceAlert = (alert: Doc) => alert.category === undefined || alert.category === 'device';

/** An alert as a template keeps it: the rule, always of the device's own category. */
const alertRule = (alert: Doc): Doc => ({
  ...Object.fromEntries(ALERT_TEMPLATE_FIELDS.filter((field) => field in alert).map((f) => [f, alert[f]])),
  category: 'device',
});

/** `config` with the device's own value of each identity field, and none the device does not have. */
function withOwnIdentity(config: Doc, own: Doc, identity: readonly string[]): Doc {
  const result = { ...config };
  for (const field of identity) {
    if (field in own) result[field] = own[field];
    else delete result[field];
  }
  return result;
}

/** What a set sends of a list entry: id, type, the list's own `fields` (an input's channel), config. */
const setEntry = (entry: Doc, fields: readonly string[]): Doc => ({
  id: entry.id,
  type: entry.type,
  ...Object.fromEntries(fields.filter((field) => field in entry).map((field) => [field, entry[field]])),
  config: configOf(entry),
});

/** How templates are made of one shadow and applied to it. */
interface TemplateRules {
  /** Fields of one device that a template never carries, inside System's config or an entry's config. */
  deviceFields: readonly string[];
  /** The template's state from a device's reported document, without `strip` (secrets, device fields). */
  stateOf(reported: unknown, strip: readonly string[]): Doc;
  /** The set that applies `template` to a device reporting `reported`. */
  setState(
    template: unknown,
    reported: unknown,
    secrets: readonly string[],
    identity: readonly string[],
  ): Doc;
}

/** A list of entries with ids (Inputs, Encoders, Outputs); `fields` are sent beside id, type and config. */
const listRules = (listKey: string, deviceFields: readonly string[], fields: readonly string[] = []) =>
  ({
    deviceFields,
    stateOf: (reported, strip) => ({
      [listKey]: entriesOf(reported, listKey).map((entry) => {
        const kept = setEntry(entry, fields);
        return { ...kept, config: withoutKeys(kept.config, strip) };
      }),
    }),
    setState: (template, reported, secrets, identity) => {
      const entries = entriesOf(template, listKey).map((given) => setEntry(given, fields));
      const matches = matchEntries(entries, entriesOf(reported, listKey));
      return {
        [listKey]: entries.map((entry, index) => {
          const mine = matches[index];
          if (!mine) return { ...entry, id: false, config: withOwnIdentity(configOf(entry), {}, identity) };
          const config = withOwnKeys(configOf(entry), configOf(mine), secrets);
          return { ...entry, id: mine.id, config: withOwnIdentity(config, configOf(mine), identity) };
        }),
      };
    },
  }) satisfies TemplateRules;

const TEMPLATE_RULES: Record<TemplateShadowName, TemplateRules> = {
  Inputs: listRules('inputs', [], ['hw_channel']),
  Encoders: listRules('encoders', []),
  Outputs: listRules('outputs', ['device_selection_policy_data']),
  System: {
    deviceFields: ['device_name', 'ip_scheme', 'static_network'],
    stateOf: (reported, strip) => ({ config: withoutKeys(recordOf(recordOf(reported).config), strip) }),
    setState: (template, reported, secrets, identity) => {
      const own = recordOf(recordOf(reported).config);
      const given = recordOf(recordOf(template).config);
      const config = withOwnKeys(
        { ...own, ...given, xml: { ...recordOf(own.xml), ...recordOf(given.xml) } },
        own,
        secrets,
      );
      return { config: withOwnIdentity(config, own, identity) };
    },
  },
  Alerts: {
    deviceFields: [],
    stateOf: (reported) => ({ alerts: entriesOf(reported, 'alerts').filter(isDeviceAlert).map(alertRule) }),
    setState: (template, reported) => {
      const alerts = entriesOf(reported, 'alerts');
      const ownKey = (alert: Doc) => `${String(alert.type)}\u0000${String(alert.name)}`;
      const own = new Map(alerts.filter(isDeviceAlert).map((alert) => [ownKey(alert), alert]));
      const given = entriesOf(template, 'alerts').map((alert) => {
        const mine = own.get(ownKey(alert));
        own.delete(ownKey(alert));
        const guid = mine?.alert_guid;
        return { ...alertRule(alert), ...(typeof guid === 'string' ? { alert_guid: guid } : {}) };
      });
      return { alerts: [...alerts.filter((alert) => !isDeviceAlert(alert)), ...given] };
    },
  },
};

/**
 * The state a template saves from a device's reported document: what a set of the shadow sends, without
 * secrets and the device's identity. Inputs keep their hardware channel; entries keep their ids, which
 * other documents refer to (an encoder's input, an output's encoders).
 */
export function templateStateOf(name: TemplateShadowName, reported: unknown): Doc {
  const rules = TEMPLATE_RULES[name];
  return rules.stateOf(reported, [...secretsOf(name), ...rules.deviceFields]);
}

/**
 * The state of the set that applies `template` to a device whose reported document is `reported`: the
 * template's entries replace the device's, each keeping the id, secrets and identity fields of the
 * device's entry it matches (same id and type, else same type and name; a new entry, id false,
 * otherwise); System takes the
 * template's settings and keeps its name and network; Alerts replace the device's own alerts (matched by
 * type and name, which keep their guid) and leave fleet and organization alerts as they are.
 */
export function templateSetState(name: TemplateShadowName, template: unknown, reported: unknown): Doc {
  const rules = TEMPLATE_RULES[name];
  return rules.setState(template, reported, secretsOf(name), rules.deviceFields);
}

const nameOf = (entry: Doc) => {
  const name = configOf(entry).name;
  return typeof name === 'string' && name !== '' ? name : undefined;
};

/**
 * The device's entry each template entry becomes, one each: first the entry of the same id and type,
 * then one of the same type and name (so a template applied twice changes nothing the second time,
 * though the device gave its entries other ids); none for an entry the device is to create.
 */
function matchEntries(entries: readonly Doc[], reported: readonly Doc[]): (Doc | undefined)[] {
  const free = new Set(reported);
  const take = (mine: Doc | undefined) => {
    if (mine) free.delete(mine);
    return mine;
  };
  const byId = entries.map((entry) =>
    take([...free].find((mine) => mine.id === entry.id && mine.type === entry.type)),
  );
  return entries.map(
    (entry, index) =>
      byId[index] ??
      take(
        [...free].find(
          (mine) => mine.type === entry.type && nameOf(entry) !== undefined && nameOf(mine) === nameOf(entry),
        ),
      ),
  );
}
