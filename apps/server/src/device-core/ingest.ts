import { deviceCommandResultMessageSchema } from '@ec/contract/device-commands';
import {
  connectionMessageSchema,
  deviceEventMessageSchema,
  metricsMessageSchema,
  reportedMessageSchema,
  shadowResultMessageSchema,
  stateMessageSchema,
} from '@ec/contract/device-link';
import { inputPreviewMessageSchema, MAX_INPUT_PREVIEW_BYTES } from '@ec/contract/input-preview';
import { SHADOW_NAMES, type ShadowName } from '@ec/contract/shadows';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { DeviceMessage } from '../device-link/device-link.ts';
import type { DeviceCommandsService } from './device-commands/device-commands.service.ts';
import type { DeviceService } from './devices/device.service.ts';
import type { ShadowService } from './shadows/shadow.service.ts';

/** Where metrics samples go: the metrics feature, handed in by the app (the core knows no feature). */
export interface MetricsSink {
  record(deviceGuid: string, message: z.output<typeof metricsMessageSchema>): Promise<void>;
}

const REPORTED_TOPIC = /^shadows\/([A-Za-z]+)\/reported$/;

/**
 * Reads every message devices publish (the device link has already split its topic) and hands it to
 * the device core's services; a message that does not parse is dropped, and one that fails is logged
 * alone. The services' writes are idempotent, so a repeated message changes nothing.
 */
export function createIngest(deps: {
  devices: DeviceService;
  shadows: ShadowService;
  deviceCommands: DeviceCommandsService;
  metrics: MetricsSink;
  log: FastifyBaseLogger;
}) {
  const { devices, shadows, deviceCommands, metrics } = deps;

  const parse = <T extends z.ZodType>(schema: T, payload: Buffer): z.output<T> | undefined => {
    try {
      const result = schema.safeParse(JSON.parse(payload.toString('utf8')));
      return result.success ? result.data : undefined;
    } catch {
      return undefined;
    }
  };

  /** By subtopic: what each message means to the device core. */
  const handlers: Record<string, (deviceGuid: string, payload: Buffer) => Promise<void> | undefined> = {
    async connection(deviceGuid, payload) {
      const message = parse(connectionMessageSchema, payload);
      if (message) await devices.recordConnection(deviceGuid, message.online);
    },
    async state(deviceGuid, payload) {
      const message = parse(stateMessageSchema, payload);
      if (message) await devices.recordState(deviceGuid, message);
    },
    async 'shadows/result'(deviceGuid, payload) {
      const message = parse(shadowResultMessageSchema, payload);
      if (!message) return;
      await shadows.finishShadowCommand(deviceGuid, {
        commandGuid: message.command_guid,
        result: message.result,
        shadowName: message.shadow_name,
        message: message.message,
        errorCode: message.error_code,
        state: message.state,
        currentVersion: message.current_version,
      });
    },
    async 'commands/result'(deviceGuid, payload) {
      const message = parse(deviceCommandResultMessageSchema, payload);
      if (message) await deviceCommands.recordDeviceCommandResult(deviceGuid, message);
    },
    async events(deviceGuid, payload) {
      const message = parse(deviceEventMessageSchema, payload);
      if (!message) return;
      await devices.recordDeviceEvent(deviceGuid, {
        eventType: message.event_type,
        eventData: message.event_data,
        timestamp: new Date(message.timestamp),
      });
    },
    async metrics(deviceGuid, payload) {
      const message = parse(metricsMessageSchema, payload);
      if (message) await metrics.record(deviceGuid, message);
    },
    /** Passed on to the device's followers, never stored; an oversized one is dropped unread. */
    async preview(deviceGuid, payload) {
      if (payload.length > MAX_INPUT_PREVIEW_BYTES) return;
      const message = parse(inputPreviewMessageSchema, payload);
      if (message) await devices.relayInputPreview(deviceGuid, message);
    },
  };

  async function onReported(deviceGuid: string, shadowName: ShadowName, payload: Buffer) {
    const message = parse(reportedMessageSchema, payload);
    if (!message) return;
    await shadows.recordReported({
      deviceGuid,
      shadowName,
      state: message.state,
      version: message.version,
      authoritative: true,
    });
  }

  return async function ingest({ deviceGuid, subtopic, payload }: DeviceMessage) {
    if (!/^[0-9a-f-]{36}$/.test(deviceGuid)) return;
    try {
      const handler = Object.hasOwn(handlers, subtopic) ? handlers[subtopic] : undefined;
      if (handler) return await handler(deviceGuid, payload);
      const shadowName = REPORTED_TOPIC.exec(subtopic)?.[1] as ShadowName | undefined;
      if (shadowName && SHADOW_NAMES.includes(shadowName)) await onReported(deviceGuid, shadowName, payload);
    } catch (error) {
      deps.log.error({ err: error, deviceGuid, subtopic }, 'device message failed');
    }
  };
}
