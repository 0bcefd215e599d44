import { deviceCommandResultMessageSchema } from '@ec/contract/device-commands';
import {
  connectionMessageSchema,
  deviceEventMessageSchema,
  metricsMessageSchema,
  parseDeviceTopic,
  reportedMessageSchema,
  shadowResultMessageSchema,
  stateMessageSchema,
} from '@ec/contract/device-link';
import { inputPreviewMessageSchema, MAX_INPUT_PREVIEW_BYTES } from '@ec/contract/input-preview';
import { SHADOW_NAMES, type ShadowName } from '@ec/contract/shadows';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { DeviceService } from './device-service.ts';

/** Where metrics samples go: the metrics feature, handed in by the app (the core knows no feature). */
export interface MetricsSink {
  record(deviceGuid: string, message: z.output<typeof metricsMessageSchema>): Promise<void>;
}

/**
 * Reads every message devices publish and hands it to the device service; a message that does not
 * parse is dropped. The service's writes are idempotent, so a repeated message changes nothing.
 */
export function createIngest(deps: { devices: DeviceService; metrics: MetricsSink; log: FastifyBaseLogger }) {
  const { devices, metrics } = deps;

  const parse = <T extends z.ZodType>(schema: T, payload: Buffer): z.output<T> | undefined => {
    try {
      const result = schema.safeParse(JSON.parse(payload.toString('utf8')));
      return result.success ? result.data : undefined;
    } catch {
      return undefined;
    }
  };

  async function onConnection(deviceGuid: string, payload: Buffer) {
    const message = parse(connectionMessageSchema, payload);
    if (message) await devices.recordConnection(deviceGuid, message.online);
  }

  async function onState(deviceGuid: string, payload: Buffer) {
    const message = parse(stateMessageSchema, payload);
    if (message) await devices.recordState(deviceGuid, message);
  }

  async function onReported(deviceGuid: string, shadowName: ShadowName, payload: Buffer) {
    const message = parse(reportedMessageSchema, payload);
    if (!message) return;
    await devices.recordReported({
      deviceGuid,
      shadowName,
      state: message.state,
      version: message.version,
      authoritative: true,
    });
  }

  async function onResult(deviceGuid: string, payload: Buffer) {
    const message = parse(shadowResultMessageSchema, payload);
    if (!message) return;
    await devices.finishShadowCommand(deviceGuid, {
      commandGuid: message.command_guid,
      result: message.result,
      shadowName: message.shadow_name,
      message: message.message,
      errorCode: message.error_code,
      state: message.state,
      currentVersion: message.current_version,
    });
  }

  async function onDeviceCommandResult(deviceGuid: string, payload: Buffer) {
    const message = parse(deviceCommandResultMessageSchema, payload);
    if (message) await devices.recordDeviceCommandResult(deviceGuid, message);
  }

  async function onEvent(deviceGuid: string, payload: Buffer) {
    const message = parse(deviceEventMessageSchema, payload);
    if (!message) return;
    await devices.recordDeviceEvent(deviceGuid, {
      eventType: message.event_type,
      eventData: message.event_data,
      timestamp: new Date(message.timestamp),
    });
  }

  async function onMetrics(deviceGuid: string, payload: Buffer) {
    const message = parse(metricsMessageSchema, payload);
    if (message) await metrics.record(deviceGuid, message);
  }

  /** Passed on to the device's followers, never stored; an oversized one is dropped unread. */
  function onInputPreview(deviceGuid: string, payload: Buffer) {
    if (payload.length > MAX_INPUT_PREVIEW_BYTES) return;
    const message = parse(inputPreviewMessageSchema, payload);
    if (message) return devices.relayInputPreview(deviceGuid, message);
  }

  return async function ingest(topic: string, payload: Buffer) {
    const parsed = parseDeviceTopic(topic);
    if (!parsed || !/^[0-9a-f-]{36}$/.test(parsed.deviceGuid)) return;
    const { deviceGuid, rest } = parsed;
    try {
      if (rest === 'connection') return await onConnection(deviceGuid, payload);
      if (rest === 'state') return await onState(deviceGuid, payload);
      if (rest === 'shadows/result') return await onResult(deviceGuid, payload);
      if (rest === 'commands/result') return await onDeviceCommandResult(deviceGuid, payload);
      if (rest === 'events') return await onEvent(deviceGuid, payload);
      if (rest === 'metrics') return await onMetrics(deviceGuid, payload);
      if (rest === 'preview') return await onInputPreview(deviceGuid, payload);
      const reported = /^shadows\/([A-Za-z]+)\/reported$/.exec(rest);
      const shadowName = reported?.[1] as ShadowName | undefined;
      if (shadowName && SHADOW_NAMES.includes(shadowName))
        return await onReported(deviceGuid, shadowName, payload);
    } catch (error) {
      deps.log.error({ err: error, topic }, 'device message failed');
    }
  };
}
