import { z } from 'zod';
import { DEVICE_COMMAND_STATES } from './device-commands.ts';

/**
 * The live channel: a WebSocket at /v1/live. The browser's first message authenticates and picks the
 * organization; the server then pushes the organization's device changes as they happen.
 */
export const LIVE_PATH = '/v1/live';

export const liveHelloSchema = z.object({
  type: z.literal('hello'),
  access_token: z.string().min(1),
  org_guid: z.uuid(),
});
export type LiveHello = z.infer<typeof liveHelloSchema>;

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
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
