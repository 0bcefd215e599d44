import { randomBytes } from 'node:crypto';
import type { DeviceCommandMessage } from '@ec/contract/device-commands';
import {
  deviceTopics,
  type EntitlementsMessage,
  MAX_PACKET_BYTES,
  parseDeviceTopic,
  type ShadowCommandMessage,
  TOPIC_ROOT,
} from '@ec/contract/device-link';
import type { LiveEvent } from '@ec/contract/live';
import type { FastifyBaseLogger } from 'fastify';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { Config } from '../config/env.ts';
import { asDeviceWork, asPeopleWork, inBackground } from '../db/background-work.ts';
import { DeviceLinkUnavailableError } from '../shared/device-errors.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker.ts';
import { ingestScheduler } from './ingest-scheduler.ts';
import { liveBatcher, liveMessage, parseLiveMessage } from './live-batches.ts';
import { connectMqtt, withoutCredentials } from './mqtt-client.ts';
import { startEmbeddedBrokerThread } from './start-embedded-broker-thread.ts';

/** Browser-facing notifications travel through the broker so every server process can push them. */
const LIVE_TOPIC_ROOT = 'ec/console/orgs';
const liveTopic = (orgGuid: string) => `${LIVE_TOPIC_ROOT}/${orgGuid}/live`;

const DEVICE_INGEST_TOPICS = [
  'connection',
  'state',
  'shadows/+/reported',
  'shadows/result',
  'commands/result',
  'metrics',
  'events',
  'preview',
  'docker_logs',
];
/**
 * Handled ahead of the rest, and ahead of background work in the database (decisions 245, 288): whether
 * a device is online, which every person looking at the fleet sees, and the answers to commands, each
 * of which a person waits for, with the device's messages sent before them (decision 262). The rest
 * (reported documents, metrics, events) is background work.
 */
const URGENT_TOPICS = new Set(['connection', 'shadows/result', 'commands/result']);
/**
 * The answers among them: stored as people's work, since a person waits for each; a connection change
 * is devices' work, after people's statements and before the background's (decision 288).
 */
const ANSWER_TOPICS = new Set(['shadows/result', 'commands/result']);
/**
 * Messages handled at once. Their writes are gathered into one statement per kind while the previous
 * one runs (shared/batch-loader.ts), so more at once means fewer, larger statements, not a longer
 * queue; enough for a storm's batches to fill up (500 a statement) with every step of a message.
 */
const INGEST_CONCURRENCY = 512;
/**
 * Slots of urgent messages' own (ingest-scheduler.ts): a command's answer never waits for a storm's
 * documents to free one. Enough for a reconnecting fleet's connections to fill their batches.
 */
const URGENT_INGEST_CONCURRENCY = 256;
/** A publish the broker has not acknowledged by then counts as a link failure; nobody waits longer. */
export const PUBLISH_TIME_LIMIT_MS = 5000;

/** One message a device published: its guid and the rest of its topic, read once here. */
export interface DeviceMessage {
  deviceGuid: string;
  /** The topic after `ec/devices/{guid}/`: 'connection', 'shadows/System/reported', ... */
  subtopic: string;
  payload: Buffer;
}

export interface DeviceLink {
  /** The broker address handed to devices at provisioning. */
  deviceBrokerUrl: string;
  embedded: boolean;
  isConnected(): boolean;
  /** Device messages received and not yet stored by this process. */
  ingestBacklog(): number;
  /** Publishes a command; fails with DeviceLinkUnavailableError within PUBLISH_TIME_LIMIT_MS. */
  sendShadowCommand(deviceGuid: string, message: ShadowCommandMessage): Promise<void>;
  sendDeviceCommand(deviceGuid: string, message: DeviceCommandMessage): Promise<void>;
  sendEntitlements(deviceGuid: string, message: EntitlementsMessage): Promise<void>;
  /** Tells every server process's browsers, in one message with the organization's other events of this turn. */
  publishLive(orgGuid: string, event: LiveEvent): void;
  /** Calls `listener` now if connected, and after every reconnection to the broker. */
  onConnect(listener: () => void): () => void;
  /** Subscribes to what devices publish; each message goes to `ingest`, in order per device. */
  startIngest(ingest: (message: DeviceMessage) => Promise<void>): Promise<void>;
  onLive(listener: (orgGuid: string, event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * Connects the server to the device link: starts the embedded broker when no MQTT_URL is set, then
 * subscribes to what devices publish. On an external broker the ingest subscription is shared
 * ($share) so that several server processes split the device traffic instead of each storing it.
 */
export async function startDeviceLink(deps: {
  config: Config;
  log: FastifyBaseLogger;
  /** Whether a device's password is its own (asked by the embedded broker; the device core knows). */
  verifyDevice(deviceGuid: string, password: string): Promise<boolean>;
  /** Whether to subscribe to the live channel (default true; an ingest thread has no browsers). */
  hearLive?: boolean;
}): Promise<DeviceLink> {
  const { config, log } = deps;
  let broker: EmbeddedBroker | undefined;
  let serverUrl: string;
  let deviceBrokerUrl: string;
  const clientOptions: { username?: string; password?: string } = {};

  if (config.MQTT_URL) {
    serverUrl = config.MQTT_URL;
    deviceBrokerUrl = config.MQTT_PUBLIC_URL ?? withoutCredentials(config.MQTT_URL);
  } else {
    const server = { username: 'ec-console-server', password: randomBytes(24).toString('base64url') };
    const start = config.MQTT_BROKER_THREAD ? startEmbeddedBrokerThread : startEmbeddedBroker;
    broker = await start({
      host: config.HOST === '0.0.0.0' ? '0.0.0.0' : '127.0.0.1',
      port: config.MQTT_PORT,
      log,
      auth: {
        server,
        // After people's statements, before the storm's reports (decision 288).
        verifyDevice: async (deviceGuid, password) =>
          /^[0-9a-f-]{36}$/.test(deviceGuid) &&
          (await asDeviceWork(() => deps.verifyDevice(deviceGuid, password))),
      },
    });
    serverUrl = broker.url;
    deviceBrokerUrl = config.MQTT_PUBLIC_URL ?? broker.url;
    Object.assign(clientOptions, server);
  }

  // An external broker learns the server's maximum packet size (MQTT 5) and never delivers a bigger
  // message to it; one that speaks MQTT 3.1.1 only must limit packets in its own configuration. The
  // embedded broker (3.1.1) refuses those at its door.
  const connectServerClient = async (url: string, options: IClientOptions) => {
    if (broker) return connectMqtt(url, options);
    try {
      return await connectMqtt(url, {
        ...options,
        protocolVersion: 5,
        properties: { maximumPacketSize: MAX_PACKET_BYTES },
      });
    } catch (error) {
      if (!/unacceptable protocol version/i.test((error as Error).message)) throw error;
      log.warn(
        'device link: the broker does not speak MQTT 5; connecting with 3.1.1, without a packet size limit',
      );
      return connectMqtt(url, options);
    }
  };
  const client: MqttClient = await connectServerClient(serverUrl, {
    ...clientOptions,
    clientId: `ec-console-${randomBytes(6).toString('hex')}`,
    clean: true,
  });
  const liveListeners = new Set<(orgGuid: string, event: LiveEvent) => void>();
  /** A listener that throws is logged and costs the others nothing. */
  const tellListeners = (orgGuid: string, events: readonly LiveEvent[]) => {
    for (const event of events)
      for (const listener of liveListeners)
        try {
          listener(orgGuid, event);
        } catch (error) {
          log.error({ err: error, orgGuid, event: event.type }, 'a live listener failed');
        }
  };
  // This process's own events reach its listeners at once rather than after a trip through the broker
  // (behind a storm's device messages: 15-200 ms of a set's answer on Mosquitto, up to seconds on the
  // embedded broker), and the broker, asked by MQTT 5's No Local not to send them back, carries them to
  // the other processes only. On the embedded broker (MQTT 3.1.1, no No Local) this process is the only
  // console: its server client's password is its own and ingest threads need an external broker, so
  // its events do not cross the broker at all.
  const noLocal = client.options.protocolVersion === 5;
  const alone = broker !== undefined;
  const liveBatches = liveBatcher((orgGuid, events) => {
    if (noLocal || alone) tellListeners(orgGuid, events);
    if (!alone) client.publish(liveTopic(orgGuid), liveMessage(events), { qos: 0 });
  });
  let ingest: ((message: DeviceMessage) => Promise<void>) | undefined;
  /** Per device, the answers to commands in the ingest's queue not started yet. */
  const answersWaiting = new Map<string, number>();
  const queue = ingestScheduler({
    concurrency: INGEST_CONCURRENCY,
    urgentConcurrency: URGENT_INGEST_CONCURRENCY,
  });

  const shared = !broker && config.MQTT_SHARED_SUBSCRIPTIONS;
  const sharePrefix = shared ? `$share/${config.MQTT_SHARE_GROUP}/` : '';
  const ingestTopics = DEVICE_INGEST_TOPICS.map((suffix) => `${sharePrefix}${TOPIC_ROOT}/+/${suffix}`);
  if (deps.hearLive !== false && !alone)
    await client.subscribeAsync(`${LIVE_TOPIC_ROOT}/+/live`, noLocal ? { qos: 1, nl: true } : { qos: 1 });

  client.on('message', (topic, payload) => {
    if (topic.startsWith(`${LIVE_TOPIC_ROOT}/`)) {
      const orgGuid = topic.split('/')[3];
      try {
        const { events, malformed } = parseLiveMessage(payload.toString('utf8'));
        if (malformed > 0) log.warn({ topic, malformed }, 'ignoring malformed live notifications');
        if (orgGuid) tellListeners(orgGuid, events);
      } catch (error) {
        log.warn({ err: error, topic }, 'ignoring malformed live notification');
      }
      return;
    }
    const handle = ingest;
    const device = parseDeviceTopic(topic);
    if (!handle || !device) return;
    const message = { deviceGuid: device.deviceGuid, subtopic: device.rest, payload };
    const { deviceGuid } = device;
    const answer = ANSWER_TOPICS.has(device.rest);
    if (answer) answersWaiting.set(deviceGuid, (answersWaiting.get(deviceGuid) ?? 0) + 1);
    queue.enqueue(
      deviceGuid,
      (urgent) => {
        if (answer) {
          const left = answersWaiting.get(deviceGuid)! - 1;
          if (left > 0) answersWaiting.set(deviceGuid, left);
          else answersWaiting.delete(deviceGuid);
        }
        // The device's messages before an answer are stored first, as the answer is: for the person.
        const priority = !urgent
          ? inBackground
          : answer || answersWaiting.has(deviceGuid)
            ? asPeopleWork
            : asDeviceWork;
        return priority(() => handle(message));
      },
      URGENT_TOPICS.has(device.rest),
    );
  });

  /** Publishes to a device with QoS 1, within PUBLISH_TIME_LIMIT_MS. */
  const publishToDevice = async (topic: string, message: unknown, retain = false) => {
    if (!client.connected) throw new DeviceLinkUnavailableError('not connected to the broker');
    let timer: NodeJS.Timeout | undefined;
    const timeLimit = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DeviceLinkUnavailableError('the broker did not acknowledge in time')),
        PUBLISH_TIME_LIMIT_MS,
      );
    });
    const publish = client
      .publishAsync(topic, JSON.stringify(message), { qos: 1, retain })
      .catch((error: Error) => {
        throw new DeviceLinkUnavailableError(error.message);
      });
    try {
      await Promise.race([publish, timeLimit]);
    } finally {
      clearTimeout(timer);
    }
  };

  const sendShadowCommand = (deviceGuid: string, message: ShadowCommandMessage) =>
    publishToDevice(deviceTopics(deviceGuid).shadowCommand, message);

  return {
    deviceBrokerUrl,
    embedded: broker !== undefined,
    isConnected: () => client.connected,
    ingestBacklog: () => queue.pending(),
    sendShadowCommand,
    sendDeviceCommand: (deviceGuid, message) =>
      publishToDevice(deviceTopics(deviceGuid).deviceCommand, message),
    sendEntitlements: (deviceGuid, message) =>
      publishToDevice(deviceTopics(deviceGuid).entitlements, message, true),
    publishLive: liveBatches.add,
    onConnect(listener) {
      if (client.connected) listener();
      client.on('connect', listener);
      return () => client.off('connect', listener);
    },
    async startIngest(handler) {
      ingest = handler;
      await client.subscribeAsync(ingestTopics, { qos: 1 });
    },
    onLive(listener) {
      liveListeners.add(listener);
      return () => liveListeners.delete(listener);
    },
    async close() {
      liveBatches.flush();
      await client.endAsync();
      await queue.drain();
      await broker?.close();
    },
  };
}
