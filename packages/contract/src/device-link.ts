import { z } from 'zod';
import { containsNul, NUL_MESSAGE } from './common.ts';
import { deviceStateSchema } from './devices.ts';
import { shadowNameSchema } from './shadows.ts';

/**
 * The MQTT device link (docs/device-protocol.md). A device logs in with username = its device_guid and
 * its own password, and may only publish and subscribe below `ec/devices/{its guid}/`.
 */
export const TOPIC_ROOT = 'ec/devices';

/**
 * The largest MQTT packet either side accepts, 1 MiB: a whole shadow document is a few kilobytes, and
 * one oversized publish must not grow the server's memory. The embedded broker closes a connection
 * that announces a bigger packet; on an external broker the server declares it as its maximum packet
 * size (MQTT 5) and the broker's own configuration limits what devices may publish.
 */
export const MAX_PACKET_BYTES = 1024 * 1024;

export const deviceTopics = (deviceGuid: string) => {
  const base = `${TOPIC_ROOT}/${deviceGuid}`;
  return {
    base,
    /** device → cloud, retained: {online}; the broker publishes {online:false} as the last will. */
    connection: `${base}/connection`,
    /** device → cloud: the full device state. */
    state: `${base}/state`,
    /** device → cloud: the reported side of one shadow, after boot, a set or a get. */
    reported: (shadow: string) => `${base}/shadows/${shadow}/reported`,
    /** cloud → device: a get or set command for one shadow. */
    shadowCommand: `${base}/shadows/command`,
    /** device → cloud: the outcome of a shadow command. */
    shadowResult: `${base}/shadows/result`,
    /** cloud → device, retained: the device's effective entitlements, sent on every connection. */
    entitlements: `${base}/entitlements`,
    /** cloud → device: a device command (device-commands.ts). */
    deviceCommand: `${base}/commands`,
    /** device → cloud: a device command accepted, then finished. */
    deviceCommandResult: `${base}/commands/result`,
    /** device → cloud: periodic metrics. */
    metrics: `${base}/metrics`,
    /** device → cloud: device events. */
    events: `${base}/events`,
    /** device → cloud: one input's live preview (input-preview.ts), while a preview was asked for. */
    inputPreview: `${base}/preview`,
    /** device → cloud: a container's log lines for a log session (docker-logs.ts), after send_docker_logs. */
    dockerLogs: `${base}/docker_logs`,
  };
};

/** Topics a device may publish to, and subscribe to, relative to its base. */
export const DEVICE_PUBLISH_SUFFIXES = [
  /^connection$/,
  /^state$/,
  /^shadows\/[A-Za-z]+\/reported$/,
  /^shadows\/result$/,
  /^commands\/result$/,
  /^metrics$/,
  /^events$/,
  /^preview$/,
  /^docker_logs$/,
];
export const DEVICE_SUBSCRIBE_SUFFIXES = [/^shadows\/command$/, /^commands$/, /^entitlements$/];

/** Splits `ec/devices/{guid}/{rest}` into its parts; null for any other topic. */
export function parseDeviceTopic(topic: string): { deviceGuid: string; rest: string } | null {
  const match = /^ec\/devices\/([^/]+)\/(.+)$/.exec(topic);
  return match ? { deviceGuid: match[1]!, rest: match[2]! } : null;
}

/**
 * A device → cloud message the server stores: PostgreSQL cannot store U+0000 in text or JSON, so a
 * message that carries one anywhere (a value or a key) does not parse and is refused alone.
 */
const storedMessage = <T extends z.ZodType>(schema: T) =>
  schema.refine((message) => !containsNul(message), NUL_MESSAGE);

/**
 * The largest shadow version the server stores (PostgreSQL's integer): a device that reports more is
 * refused, not stored.
 */
export const MAX_SHADOW_VERSION = 2 ** 31 - 1;
const versionSchema = z.number().int().min(0).max(MAX_SHADOW_VERSION);

export const connectionMessageSchema = z.object({
  online: z.boolean(),
  timestamp: z.iso.datetime().optional(),
});
export type ConnectionMessage = z.infer<typeof connectionMessageSchema>;

export const stateMessageSchema = storedMessage(deviceStateSchema.omit({ online: true }));
export type StateMessage = z.infer<typeof stateMessageSchema>;

export const reportedMessageSchema = storedMessage(
  z.object({
    state: z.record(z.string(), z.unknown()),
    version: versionSchema,
    timestamp: z.iso.datetime(),
  }),
);
export type ReportedMessage = z.infer<typeof reportedMessageSchema>;

export const shadowCommandMessageSchema = z.discriminatedUnion('command_type', [
  z.object({ command_guid: z.string(), command_type: z.literal('get'), shadow_name: shadowNameSchema }),
  z.object({
    command_guid: z.string(),
    command_type: z.literal('set'),
    shadow_name: shadowNameSchema,
    target_version: z.number().int().min(0),
    state: z.record(z.string(), z.unknown()),
  }),
]);
export type ShadowCommandMessage = z.infer<typeof shadowCommandMessageSchema>;

export const shadowResultMessageSchema = storedMessage(
  z.object({
    command_guid: z.string(),
    shadow_name: shadowNameSchema,
    result: z.enum(['succeeded', 'failed']),
    message: z.string().nullable(),
    error_code: z.string().nullable(),
    state: z.record(z.string(), z.unknown()).nullable(),
    current_version: versionSchema.nullable(),
  }),
);
export type ShadowResultMessage = z.infer<typeof shadowResultMessageSchema>;

export const metricsMessageSchema = storedMessage(
  z.object({
    timestamp: z.iso.datetime(),
    metrics: z.record(z.string(), z.number()),
  }),
);

/**
 * What a device may send on its events topic: an event is a line of its log, not a document. A larger
 * message, or one past the minute's count, is refused (and the device logged once per minute).
 * Each server process counts the messages it reads.
 */
export const MAX_DEVICE_EVENT_BYTES = 16 * 1024;
export const MAX_DEVICE_EVENTS_PER_MINUTE = 60;

export const deviceEventMessageSchema = storedMessage(
  z.object({
    timestamp: z.iso.datetime(),
    event_type: z.string(),
    event_data: z.record(z.string(), z.unknown()),
  }),
);

/** cloud → device: what the device is licensed for (the properties of GET /entitlements/devices/{guid}). */
export const entitlementsMessageSchema = z.object({
  generated: z.iso.datetime(),
  properties: z.record(z.string(), z.unknown()),
});
export type EntitlementsMessage = z.infer<typeof entitlementsMessageSchema>;
