import { deviceCommandResultMessageSchema } from '@ec/contract/device-commands';
import {
  connectionMessageSchema,
  deviceEventMessageSchema,
  MAX_DEVICE_EVENT_BYTES,
  MAX_DEVICE_EVENTS_PER_MINUTE,
  metricsMessageSchema,
  reportedMessageSchema,
  shadowResultMessageSchema,
  stateMessageSchema,
} from '@ec/contract/device-link';
import { dockerLogsMessageSchema, MAX_DOCKER_LOGS_BYTES } from '@ec/contract/docker-logs';
import { inputPreviewMessageSchema, MAX_INPUT_PREVIEW_BYTES } from '@ec/contract/input-preview';
import { SHADOW_NAMES, type ShadowName } from '@ec/contract/shadows';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { valueRefusal } from '../db/sql-helpers.ts';
import type { DeviceMessage } from '../device-link/device-link.ts';
import type { DeviceCommandsService } from './device-commands/device-commands.service.ts';
import type { DeviceService } from './devices/device.service.ts';
import { perDeviceCounter } from './per-device-counter.ts';
import type { ShadowService } from './shadows/shadow.service.ts';

/** Where metrics samples go: the metrics feature, handed in by the app (the core knows no feature). */
export interface MetricsSink {
  record(deviceGuid: string, message: z.output<typeof metricsMessageSchema>): Promise<void>;
}

const REPORTED_TOPIC = /^shadows\/([A-Za-z]+)\/reported$/;

/** A device's refused messages are logged at most once per this interval. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;

/** A message the device should not have sent: refused alone, and the device told of in the log. */
class RefusedMessage extends Error {}

/**
 * Reads every message devices publish (the device link has already split its topic) and hands it to
 * the device core's services. A message is refused alone when it does not parse, breaks a limit or
 * holds a value the database cannot store; the device's refusals are logged at warn once per
 * interval, with how many went unlogged before. Any other failure is logged as an error. The
 * services' writes are idempotent, so a repeated message changes nothing.
 */
export function createIngest(deps: {
  devices: DeviceService;
  shadows: ShadowService;
  deviceCommands: DeviceCommandsService;
  metrics: MetricsSink;
  log: FastifyBaseLogger;
}) {
  const { devices, shadows, deviceCommands, metrics } = deps;
  const refusals = perDeviceCounter(REFUSAL_LOG_INTERVAL_MS);
  const events = perDeviceCounter(60_000);

  function refuse(deviceGuid: string, subtopic: string, reason: string) {
    const { count, before } = refusals.add(deviceGuid);
    if (count === 1)
      deps.log.warn(
        { deviceGuid, subtopic, reason, unloggedBefore: Math.max(0, before - 1) },
        'device message refused',
      );
  }

  const parse = <T extends z.ZodType>(schema: T, payload: Buffer): z.output<T> => {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      throw new RefusedMessage('not JSON');
    }
    const result = schema.safeParse(json);
    if (result.success) return result.data;
    const [issue] = result.error.issues;
    throw new RefusedMessage(`${issue?.path.join('.') || 'message'}: ${issue?.message}`);
  };

  /** By subtopic: what each message means to the device core. */
  const handlers: Record<string, (deviceGuid: string, payload: Buffer) => Promise<void> | undefined> = {
    async connection(deviceGuid, payload) {
      await devices.recordConnection(deviceGuid, parse(connectionMessageSchema, payload).online);
    },
    async state(deviceGuid, payload) {
      await devices.recordState(deviceGuid, parse(stateMessageSchema, payload));
    },
    async 'shadows/result'(deviceGuid, payload) {
      const message = parse(shadowResultMessageSchema, payload);
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
      await deviceCommands.recordDeviceCommandResult(
        deviceGuid,
        parse(deviceCommandResultMessageSchema, payload),
      );
    },
    async events(deviceGuid, payload) {
      if (payload.length > MAX_DEVICE_EVENT_BYTES)
        throw new RefusedMessage(`larger than ${MAX_DEVICE_EVENT_BYTES} bytes`);
      if (events.add(deviceGuid).count > MAX_DEVICE_EVENTS_PER_MINUTE)
        throw new RefusedMessage(`more than ${MAX_DEVICE_EVENTS_PER_MINUTE} events this minute`);
      const message = parse(deviceEventMessageSchema, payload);
      await devices.recordDeviceEvent(deviceGuid, {
        eventType: message.event_type,
        eventData: message.event_data,
        timestamp: new Date(message.timestamp),
      });
    },
    async metrics(deviceGuid, payload) {
      await metrics.record(deviceGuid, parse(metricsMessageSchema, payload));
    },
    /** Passed on to the device's followers, never stored; an oversized one is refused unread. */
    async preview(deviceGuid, payload) {
      if (payload.length > MAX_INPUT_PREVIEW_BYTES)
        throw new RefusedMessage(`larger than ${MAX_INPUT_PREVIEW_BYTES} bytes`);
      await devices.relayInputPreview(deviceGuid, parse(inputPreviewMessageSchema, payload));
    },
    /** Passed on to the browser following the log session, never stored. */
    async docker_logs(deviceGuid, payload) {
      if (payload.length > MAX_DOCKER_LOGS_BYTES)
        throw new RefusedMessage(`larger than ${MAX_DOCKER_LOGS_BYTES} bytes`);
      await devices.relayDockerLogs(deviceGuid, parse(dockerLogsMessageSchema, payload));
    },
  };

  async function onReported(deviceGuid: string, shadowName: ShadowName, payload: Buffer) {
    const message = parse(reportedMessageSchema, payload);
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
      if (error instanceof RefusedMessage) return refuse(deviceGuid, subtopic, error.message);
      const refusal = valueRefusal(error);
      if (refusal) return refuse(deviceGuid, subtopic, `the database refused a value: ${refusal.message}`);
      deps.log.error({ err: error, deviceGuid, subtopic }, 'device message failed');
    }
  };
}
