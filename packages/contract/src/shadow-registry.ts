import type { z } from 'zod';
import { alertsSetIssues, alertsSetSchema, alertsShadowStateSchema } from './shadow-documents/alerts.ts';
import {
  containersSetIssues,
  containersSetSchema,
  containersShadowStateSchema,
} from './shadow-documents/containers.ts';
import {
  encoderStatusText,
  encodersSetIssues,
  encodersSetSchema,
  encodersShadowStateSchema,
  type StatusTone,
} from './shadow-documents/encoders.ts';
import {
  entriesOf,
  issue,
  type ShadowIssue,
  type ShadowSetContext,
  zodIssues,
} from './shadow-documents/fields.ts';
import { inputsSetIssues, inputsSetSchema, inputsShadowStateSchema } from './shadow-documents/inputs.ts';
import {
  outputsSetIssues,
  outputsSetSchema,
  outputsSetWarnings,
  outputsShadowStateSchema,
} from './shadow-documents/outputs.ts';
import {
  changesXmlManagedSettings,
  systemShadowStateSchema,
  XML_ACTIVE_MESSAGE,
  xmlEnabled,
} from './shadow-documents/system.ts';
import type { ShadowName } from './shadows.ts';
import {
  computeStreamingStatus,
  isOutputStreaming,
  type OutputForStatus,
  outputStatusLabel,
  type StreamingStatus,
} from './streaming-status.ts';

export type { StatusTone } from './shadow-documents/encoders.ts';
export type { ShadowIssue, ShadowSetContext } from './shadow-documents/fields.ts';

/**
 * The shadow registry: for each of the six documents a device keeps (spec 3 §3.2-3.7), what it
 * holds, what a set may send (spec 3 §4.1), the keys ignored when comparing (§4.2), the rules a set
 * must pass (§5) and the values derived from it. Server, simulator and browser look shadows up here
 * instead of testing their names.
 */

/** Keys ignored when comparing requested and reported documents (spec 3 §4.2): devices keep them. */
export const SHADOW_COMPARE_IGNORED_KEYS = [
  'password',
  'passphrase',
  'sftp_key',
  'service_data',
  'encryption_key',
] as const;

/** What the device's own record (the device list) keeps from a document. */
export interface DeviceRecordValues {
  deviceName?: string;
  outputsStatus?: StreamingStatus;
}

type Doc = Record<string, unknown>;

export interface ShadowDefinition {
  /** The document the device reports. */
  state: z.ZodType;
  /** What a set command may send. */
  set: z.ZodType;
  ignoredKeys: readonly string[];
  /** The key of the document's list; null for System's one config. */
  listKey: string | null;
  /**
   * The document after a set, as a device keeps it: what only the device writes (System's status,
   * each entry's status, a container's install details) is kept from the reported document.
   */
  applySet(set: Doc, reported: Doc): Doc;
  /** The device list's values read from this document, for the documents that have any. */
  deviceRecord: ((state: Doc) => DeviceRecordValues) | null;
  /** The status column of one entry (spec 2 §4.3), for the lists that show one. */
  entryStatus: ((entry: Doc) => { text: string; tone: StatusTone }) | null;
  /** A missing reported document is asked from the device, except Alerts' (spec 3 §4.1). */
  requestWhenMissing: boolean;
  /**
   * Whether a set changes what an active XML configuration manages (spec 3 §6: Outputs and System's
   * settings), given the System document the device reported; null for the shadows it leaves alone.
   */
  managedByXml: ((set: unknown, reportedSystem: unknown) => boolean) | null;
  /** The rules of spec 3 §5 beyond the document's own schema. */
  rules(state: unknown, context: ShadowSetContext): ShadowIssue[];
  /** What the console warns about and still lets through. */
  warnings(state: unknown): ShadowIssue[];
}

const noIssues = (): ShadowIssue[] => [];

/** A list replaced by the set; each existing entry keeps the fields only the device writes. */
function replaceList(listKey: string, deviceFields: readonly string[]) {
  return (set: Doc, reported: Doc): Doc => {
    const before = new Map(entriesOf(reported, listKey).map((entry) => [entry.id, entry]));
    return {
      ...reported,
      ...set,
      [listKey]: entriesOf(set, listKey).map((entry) => {
        const previous = before.get(entry.id);
        const kept = previous
          ? Object.fromEntries(deviceFields.filter((f) => f in previous).map((f) => [f, previous[f]]))
          : {};
        return { ...kept, ...entry };
      }),
    };
  };
}

const outputStatus = (entry: Doc) => {
  const output = entry as OutputForStatus;
  const { label, warning } = outputStatusLabel(output);
  const tone: StatusTone = warning ? 'warning' : isOutputStreaming(output) ? 'success' : 'default';
  return { text: label, tone };
};

export const shadowRegistry = {
  Inputs: {
    state: inputsShadowStateSchema,
    set: inputsSetSchema,
    ignoredKeys: SHADOW_COMPARE_IGNORED_KEYS,
    listKey: 'inputs',
    applySet: replaceList('inputs', ['hw_channel', 'video_input_format', 'audio_input_detected']),
    deviceRecord: null,
    entryStatus: null,
    requestWhenMissing: true,
    managedByXml: null,
    rules: inputsSetIssues,
    warnings: noIssues,
  },
  Encoders: {
    state: encodersShadowStateSchema,
    set: encodersSetSchema,
    ignoredKeys: SHADOW_COMPARE_IGNORED_KEYS,
    listKey: 'encoders',
    applySet: replaceList('encoders', ['status', 'current_bitrate', 'active']),
    deviceRecord: null,
    entryStatus: encoderStatusText,
    requestWhenMissing: true,
    managedByXml: null,
    rules: encodersSetIssues,
    warnings: noIssues,
  },
  Outputs: {
    state: outputsShadowStateSchema,
    set: outputsSetSchema,
    ignoredKeys: SHADOW_COMPARE_IGNORED_KEYS,
    listKey: 'outputs',
    applySet: replaceList('outputs', ['status']),
    deviceRecord: (state) => ({
      outputsStatus: computeStreamingStatus({
        online: true,
        hasState: true,
        outputs: entriesOf(state, 'outputs') as OutputForStatus[],
      }),
    }),
    entryStatus: outputStatus,
    requestWhenMissing: true,
    managedByXml: () => true,
    rules: outputsSetIssues,
    warnings: outputsSetWarnings,
  },
  System: {
    state: systemShadowStateSchema,
    set: systemShadowStateSchema.pick({ config: true }),
    ignoredKeys: SHADOW_COMPARE_IGNORED_KEYS,
    listKey: null,
    applySet: (set, reported) => ({ ...reported, config: set.config }),
    deviceRecord: (state) => {
      const config = state.config as { device_name?: unknown } | undefined;
      return typeof config?.device_name === 'string' ? { deviceName: config.device_name } : {};
    },
    entryStatus: null,
    requestWhenMissing: true,
    managedByXml: changesXmlManagedSettings,
    rules: noIssues,
    warnings: noIssues,
  },
  Alerts: {
    state: alertsShadowStateSchema,
    set: alertsSetSchema,
    ignoredKeys: SHADOW_COMPARE_IGNORED_KEYS,
    listKey: 'alerts',
    applySet: (set, reported) => {
      const before = new Map(entriesOf(reported, 'alerts').map((alert) => [alert.alert_guid, alert]));
      const kept = [
        'alert_state',
        'timestamp',
        'resolved',
        'silenced',
        'silenced_toggled_by',
        'silenced_timestamp',
      ];
      return {
        ...reported,
        alerts: entriesOf(set, 'alerts').map((alert) => {
          const previous = before.get(alert.alert_guid) ?? {};
          return {
            ...Object.fromEntries(kept.filter((f) => f in previous).map((f) => [f, previous[f]])),
            ...alert,
          };
        }),
      };
    },
    deviceRecord: null,
    entryStatus: null,
    requestWhenMissing: false,
    managedByXml: null,
    rules: alertsSetIssues,
    warnings: noIssues,
  },
  Containers: {
    state: containersShadowStateSchema,
    set: containersSetSchema,
    ignoredKeys: SHADOW_COMPARE_IGNORED_KEYS,
    listKey: 'containers',
    // A set configures installed containers; installing and removing go through their own calls.
    applySet: (set, reported) => {
      const configs = new Map(entriesOf(set, 'containers').map((entry) => [entry.id, entry.config]));
      return {
        ...reported,
        containers: entriesOf(reported, 'containers').map((container) =>
          configs.has(container.id) ? { ...container, config: configs.get(container.id) } : container,
        ),
      };
    },
    deviceRecord: null,
    entryStatus: null,
    requestWhenMissing: true,
    managedByXml: null,
    rules: containersSetIssues,
    warnings: noIssues,
  },
} as const satisfies Record<ShadowName, ShadowDefinition>;

/** The definition of a shadow named by a message that may carry any text (live events, topics). */
export const findShadowDefinition = (name: string): ShadowDefinition | undefined =>
  Object.hasOwn(shadowRegistry, name) ? shadowRegistry[name as ShadowName] : undefined;

export type ShadowState<Name extends ShadowName> = z.output<(typeof shadowRegistry)[Name]['state']>;

/** A reported document read through its shadow's schema. */
export function parseShadowState<Name extends ShadowName>(name: Name, state: unknown) {
  return (shadowRegistry[name].state as unknown as z.ZodType<ShadowState<Name>>).safeParse(state);
}

const sameIssue = (a: ShadowIssue, b: ShadowIssue) =>
  a.message === b.message && a.path.join('.') === b.path.join('.');

/**
 * Judges a set's document (spec 3 §5, §6): first the lock of an active XML configuration, then its
 * shape against the shadow's set schema, then the rules that need the device's product, effective
 * entitlements and other documents. Empty when the set may go.
 */
export function validateShadowSet(
  name: ShadowName,
  state: unknown,
  context: ShadowSetContext,
): ShadowIssue[] {
  const definition: ShadowDefinition = shadowRegistry[name];
  const system = context.documents?.System;
  const issues =
    definition.managedByXml && xmlEnabled(system) && definition.managedByXml(state, system)
      ? [issue([], XML_ACTIVE_MESSAGE)]
      : [];
  const parsed = definition.set.safeParse(state);
  if (!parsed.success) issues.push(...zodIssues(parsed.error));
  for (const found of definition.rules(state, context))
    if (!issues.some((known) => sameIssue(known, found))) issues.push(found);
  return issues;
}

/** What the console warns about in a set and still sends (spec 3 §5). */
export const shadowSetWarnings = (name: ShadowName, state: unknown): ShadowIssue[] =>
  (shadowRegistry[name] as ShadowDefinition).warnings(state);

/** The error code of a set refused for its document (HTTP 400, the first issue's text as message). */
export const INVALID_SHADOW_DOCUMENT = 'INVALID_SHADOW_DOCUMENT';
