import { z } from 'zod';
import { DEVICE_COMMAND_STATES } from './device-command-states.ts';
import { inputPreviewMessageSchema } from './input-preview.ts';

/**
 * The live channel: a WebSocket at /v1/live. The browser's first message authenticates, picks the
 * organization and says what the page shows; the server then pushes those changes as they happen.
 * A `subscribe` message replaces what the socket follows whenever the page changes.
 */
export const LIVE_PATH = '/v1/live';

/** The organization's device list: which devices exist, are online, report new documents. */
export const DEVICE_LIST_SUBSCRIPTION = 'devices';
/** Everything about one device, its command answers too. */
export const deviceSubscription = (deviceGuid: string) => `device:${deviceGuid}` as const;
export const MAX_LIVE_SUBSCRIPTIONS = 100;

export const liveSubscriptionSchema = z.union([
  z.literal(DEVICE_LIST_SUBSCRIPTION),
  z
    .string()
    .regex(/^device:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Unknown subscription'),
]);
export type LiveSubscription = z.infer<typeof liveSubscriptionSchema>;
const subscriptionsSchema = z.array(liveSubscriptionSchema).max(MAX_LIVE_SUBSCRIPTIONS);

export const liveHelloSchema = z.object({
  type: z.literal('hello'),
  access_token: z.string().min(1),
  org_guid: z.uuid(),
  /** Without it the socket follows the device list. */
  subscriptions: subscriptionsSchema.default([DEVICE_LIST_SUBSCRIPTION]),
});
export type LiveHello = z.input<typeof liveHelloSchema>;

export const liveSubscribeSchema = z.object({
  type: z.literal('subscribe'),
  subscriptions: subscriptionsSchema,
});

export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('device.connection'), device_guid: z.string(), online: z.boolean() }),
  z.object({ type: z.literal('device.state'), device_guid: z.string() }),
  z.object({ type: z.literal('device.adopted'), device_guid: z.string() }),
  z.object({ type: z.literal('device.forgotten'), device_guid: z.string() }),
  z.object({
    type: z.literal('shadow.reported'),
    device_guid: z.string(),
    shadow_name: z.string(),
    version: z.number(),
  }),
  z.object({
    type: z.literal('shadow.command'),
    device_guid: z.string(),
    command_guid: z.string(),
    shadow_name: z.string(),
    command_state: z.enum(['pending', 'succeeded', 'failed']),
  }),
  z.object({
    type: z.literal('device.command'),
    device_guid: z.string(),
    command_guid: z.string(),
    command: z.string(),
    state: z.enum(DEVICE_COMMAND_STATES),
  }),
  /** The device's users changed (device users, invitations accepted): the Users tab refetches. */
  z.object({ type: z.literal('device.users'), device_guid: z.string() }),
  /**
   * The device's effective entitlements changed (a licence, an allocation, a profile, its
   * organization): what it may do is read again (create dialogs, tabs, commands, its Licenses tab).
   */
  z.object({ type: z.literal('device.entitlements'), device_guid: z.string() }),
  /** One input's picture and audio levels (input-preview.ts): never stored, only for the device's followers. */
  inputPreviewMessageSchema.extend({ type: z.literal('device.preview'), device_guid: z.string() }),
  /** An alert was raised, resolved, silenced or closed: the bell, the alert lists and the dashboard refetch. */
  z.object({
    type: z.literal('alert'),
    alert_guid: z.string(),
    alert_type: z.enum(['device', 'other']),
    device_guid: z.string(),
  }),
  /**
   * A rollout moved on (rollouts.ts): its state and wave, and the devices whose part changed. It names
   * no device_guid at its top, so every browser of the organization hears it; the rollout page refetches.
   */
  z.object({
    type: z.literal('rollout'),
    rollout_guid: z.string(),
    rollout_state: z.string(),
    current_wave: z.number(),
    devices: z.array(z.object({ guid: z.string(), device_state: z.string() })),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** What a device list follows; command answers reach only those watching the device. */
export const DEVICE_LIST_EVENT_TYPES: readonly LiveEvent['type'][] = [
  'device.connection',
  'device.state',
  'device.adopted',
  'device.forgotten',
  'shadow.reported',
  'alert',
];
