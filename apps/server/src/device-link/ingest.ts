import {
  connectionMessageSchema,
  deviceEventMessageSchema,
  parseDeviceTopic,
  reportedMessageSchema,
  shadowResultMessageSchema,
  stateMessageSchema,
} from '@ec/contract/device-link';
import type { LiveEvent } from '@ec/contract/live';
import { SHADOW_NAMES, type ShadowName } from '@ec/contract/shadows';
import { computeStreamingStatus, type OutputForStatus } from '@ec/contract/streaming-status';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { devicesRepository } from '../features/devices/devices.repository.ts';
import { eventsRepository } from '../features/events/events.repository.ts';
import { type ReportedDocument, shadowsRepository } from '../features/shadows/shadows.repository.ts';
import { deviceBatchLoader } from './device-batch-loader.ts';

export type PublishLive = (orgGuid: string, event: LiveEvent) => void;

/** Values the device list keeps from shadows so it can sort and colour without reading documents. */
function derivedFromShadow(shadowName: ShadowName, state: Record<string, unknown>) {
  if (shadowName === 'System') {
    const config = state.config as { device_name?: unknown } | undefined;
    return typeof config?.device_name === 'string' ? { deviceName: config.device_name } : {};
  }
  if (shadowName === 'Outputs') {
    const outputs = Array.isArray(state.outputs) ? (state.outputs as OutputForStatus[]) : [];
    return { outputsStatus: computeStreamingStatus({ online: true, hasState: true, outputs }) };
  }
  return {};
}

/**
 * Handles every message devices publish: stores it, records events and tells the organization's
 * browsers through `publishLive`. Writes are idempotent, so a repeated message changes nothing.
 */
export function createIngest(deps: { db: Db; log: FastifyBaseLogger; publishLive: PublishLive }) {
  const devices = devicesRepository(deps.db);
  const shadows = shadowsRepository(deps.db);
  const events = eventsRepository(deps.db);

  const connections = deviceBatchLoader<{ deviceGuid: string; online: boolean }>(async (changes) => {
    const stored = await devices.setOnlineMany(changes);
    await events.recordMany(
      changes
        .filter((change) => stored.has(change.deviceGuid))
        .map(({ deviceGuid, online }) => ({
          deviceGuid,
          orgGuid: stored.get(deviceGuid) ?? null,
          eventType: 'state',
          eventData: {
            message: online ? 'Device online' : 'Device offline',
            to_state: online ? 'online' : 'offline',
          },
        })),
    );
    return stored;
  });
  const states = deviceBatchLoader<{ deviceGuid: string; state: Record<string, unknown> }>((batch) =>
    devices.setStateMany(batch),
  );
  const reports = deviceBatchLoader<ReportedDocument>((batch) => shadows.saveReportedMany(batch));

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
    if (!message) return;
    const device = await connections.load({ deviceGuid, online: message.online });
    if (device?.orgGuid)
      deps.publishLive(device.orgGuid, {
        type: 'device.connection',
        device_guid: deviceGuid,
        online: message.online,
      });
  }

  async function onState(deviceGuid: string, payload: Buffer) {
    const message = parse(stateMessageSchema, payload);
    if (!message) return;
    const device = await states.load({ deviceGuid, state: message });
    if (device?.orgGuid) deps.publishLive(device.orgGuid, { type: 'device.state', device_guid: deviceGuid });
  }

  async function onReported(deviceGuid: string, shadowName: ShadowName, payload: Buffer) {
    const message = parse(reportedMessageSchema, payload);
    if (!message) return;
    const stored = await reports.load({
      deviceGuid,
      shadowName,
      state: message.state,
      version: message.version,
      derived: derivedFromShadow(shadowName, message.state),
      authoritative: true,
    });
    const orgGuid = stored?.orgGuid;
    if (orgGuid) {
      deps.publishLive(orgGuid, {
        type: 'shadow.reported',
        device_guid: deviceGuid,
        shadow_name: shadowName,
        version: message.version,
      });
    }
  }

  async function onResult(deviceGuid: string, payload: Buffer) {
    const message = parse(shadowResultMessageSchema, payload);
    if (!message) return;
    if (message.state && message.current_version !== null) {
      await reports.load({
        deviceGuid,
        shadowName: message.shadow_name,
        state: message.state,
        version: message.current_version,
        derived: derivedFromShadow(message.shadow_name, message.state),
        authoritative: false,
      });
    }
    const command = await shadows.finishCommand(deviceGuid, message.command_guid, {
      commandState: message.result,
      response: {
        message: message.message,
        error_code: message.error_code,
        state: message.state,
        current_version: message.current_version,
      },
    });
    if (!command) return;
    const orgGuid = await devices.orgOf(deviceGuid);
    if (!orgGuid) return;
    await events.record({
      deviceGuid,
      orgGuid,
      eventType: 'shadow',
      eventData: {
        message: `${command.shadowName} ${command.commandType} ${message.result}`,
        to_shadow: message.current_version,
      },
    });
    deps.publishLive(orgGuid, {
      type: 'shadow.command',
      device_guid: deviceGuid,
      command_guid: command.commandGuid,
      shadow_name: command.shadowName,
      command_state: message.result,
    });
  }

  async function onEvent(deviceGuid: string, payload: Buffer) {
    const message = parse(deviceEventMessageSchema, payload);
    if (!message) return;
    const orgGuid = await devices.orgOf(deviceGuid);
    if (orgGuid === undefined) return;
    await events.record({
      deviceGuid,
      orgGuid,
      eventType: message.event_type,
      eventData: message.event_data,
      timestamp: new Date(message.timestamp),
    });
  }

  return async function ingest(topic: string, payload: Buffer) {
    const parsed = parseDeviceTopic(topic);
    if (!parsed || !/^[0-9a-f-]{36}$/.test(parsed.deviceGuid)) return;
    const { deviceGuid, rest } = parsed;
    try {
      if (rest === 'connection') return await onConnection(deviceGuid, payload);
      if (rest === 'state') return await onState(deviceGuid, payload);
      if (rest === 'shadows/result') return await onResult(deviceGuid, payload);
      if (rest === 'events') return await onEvent(deviceGuid, payload);
      const reported = /^shadows\/([A-Za-z]+)\/reported$/.exec(rest);
      const shadowName = reported?.[1] as ShadowName | undefined;
      if (shadowName && SHADOW_NAMES.includes(shadowName))
        return await onReported(deviceGuid, shadowName, payload);
    } catch (error) {
      deps.log.error({ err: error, topic }, 'device message failed');
    }
  };
}
