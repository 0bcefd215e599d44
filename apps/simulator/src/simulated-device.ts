import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import {
  DEVICE_LOGS_CONTENT_TYPE,
  type DeviceCommandMessage,
  deviceCommandMessageSchema,
} from '@ec/contract/device-commands';
import {
  deviceTopics,
  type EntitlementsMessage,
  entitlementsMessageSchema,
  type ShadowCommandMessage,
  type ShadowResultMessage,
  shadowCommandMessageSchema,
} from '@ec/contract/device-link';
import type { ProvisionedDevice } from '@ec/contract/devices';
import { BASE_PROFILES } from '@ec/contract/entitlements/base-profiles';
import { entitlementList, isEntitled } from '@ec/contract/entitlements/entitlement-gates';
import { mergeEntitlements } from '@ec/contract/entitlements/merge-entitlements';
import type { RestResponse } from '@ec/contract/rest-direct';
import { type ShadowSetContext, shadowRegistry, validateShadowSet } from '@ec/contract/shadow-registry';
import { CONFIG_MISMATCH, SHADOW_NAMES, type ShadowName } from '@ec/contract/shadows';
import mqtt, { type MqttClient } from 'mqtt';
import { DEVICE_API_V2_PORT, deviceApiV2 } from './device-api-v2.ts';
import { type CommandHost, runDeviceCommand } from './device-commands.ts';
import { type DeviceRuntime, initialRuntime } from './device-runtime.ts';
import { deviceState } from './device-state.ts';
import { type DerivedDocuments, outputsToStart, withDerivedStatus } from './device-status.ts';
import { DockerEngine, DockerLogSessions } from './docker-engine.ts';
import { initialShadows, type ShadowState } from './initial-shadows.ts';
import { InputPreviewStream, previewInputs } from './input-preview.ts';
import { inputSignal } from './input-signals.ts';
import { serveLocalApi } from './local-api-server.ts';
import { logBundle } from './log-bundle.ts';
import { createMetricsSampler } from './metrics.ts';
import { randomFrom, seedOf } from './seed.ts';
import { withGatedDefaults, withoutUnsupportedValues } from './unsupported-values.ts';

export interface SimulatedDeviceOptions {
  device: ProvisionedDevice;
  mqttUrl: string;
  /** How long the device takes to apply a configuration; 0 in benchmarks. */
  applyDelayMs?: number;
  /** Metrics every this many ms; 0 turns them off. */
  metricsIntervalMs?: number;
  /** Full state every this many ms; 0 turns it off. */
  stateIntervalMs?: number;
  /** The pause between two steps of a command's long work (a download's progress); 1 s by default. */
  commandStepMs?: number;
  /** How long a reboot keeps the device offline; 5 s by default. */
  rebootDelayMs?: number;
  /** How long an output takes to start streaming (it reports STARTING meanwhile); 1.5 s by default. */
  streamStartMs?: number;
  /** The software it runs when not the product's current one (versions.ts), e.g. an older daemon. */
  versions?: Partial<DeviceRuntime['versions']>;
  /**
   * Serves the local API v2 over HTTP on this address (port 2020 unless given) while it runs, and
   * reports the host as its device_ip: a browser beside it reaches it, as Manage Device needs.
   */
  localApi?: { host: string; port?: number };
}

interface Document {
  state: ShadowState;
  version: number;
  timestamp: string;
}

const json = (value: unknown) => JSON.stringify(value);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The documents whose statuses follow from the configurations (see device-status.ts). */
const DERIVED_SHADOWS = ['Inputs', 'Encoders', 'Outputs'] as const satisfies (keyof DerivedDocuments)[];
/** A set answered with this code was applied except for values the device's software cannot run. */
export const VALUE_NOT_APPLIED = 'VALUE_NOT_APPLIED';

/** New entries (id false) get the next free id, new alerts a guid, as an encoder gives them. */
function withCreatedIds(state: ShadowState, listKey: string | null): ShadowState {
  if (!listKey || !Array.isArray(state[listKey])) return state;
  const entries = state[listKey] as Record<string, unknown>[];
  let next = Math.max(0, ...entries.map((entry) => (typeof entry.id === 'number' ? entry.id : 0)));
  return {
    ...state,
    [listKey]: entries.map((entry) => {
      if (entry.id === false) return { ...entry, id: ++next };
      if ('alert_guid' in entry || listKey !== 'alerts') return entry;
      return { ...entry, alert_guid: randomUUID() };
    }),
  };
}

/**
 * A simulated encoder on the device link (docs/device-protocol.md): it announces itself, reports its
 * state and six shadow documents, applies get and set commands with version checks, and publishes
 * metrics. Its documents live in memory for as long as the process runs.
 */
export class SimulatedDevice {
  readonly device: ProvisionedDevice;
  private readonly options: SimulatedDeviceOptions;
  private readonly topics: ReturnType<typeof deviceTopics>;
  private documents: Map<ShadowName, Document>;
  private readonly network: { ip: string; externalIp: string };
  private readonly runtime: DeviceRuntime;
  private readonly random: () => number;
  private client: MqttClient | undefined;
  /** The announcement after the latest (re)connection; a disconnect while it runs ends it quietly. */
  private announcing: Promise<void> = Promise.resolve();
  private timers: NodeJS.Timeout[] = [];
  /** System readings held at a value (a rack running hot, a disk filling up) instead of drifting. */
  private readonly pinnedReadings = new Map<string, number>();
  /** Outputs whose stream is starting, each until its own timer ends. */
  private readonly starting = new Set<unknown>();
  /** The live preview asked for by send_input_preview; it ends with the connection. */
  private readonly preview = new InputPreviewStream({
    inputs: () => previewInputs(this.shadow('Inputs').state),
    publish: (message) => this.client?.publish(this.topics.inputPreview, json(message), { qos: 0 }),
  });
  /**
   * How it answers a set: applies it (as a real device), refuses it without applying it, or ignores it
   * and never answers (tests stopping a rollout, a device that hangs).
   */
  setAnswers: 'apply' | 'reject' | 'ignore' = 'apply';
  /** Its Docker: images and containers (reported in the Containers document). */
  readonly docker: DockerEngine;
  /** The container log sessions asked for by send_docker_logs; they end with the connection. */
  private readonly dockerLogs = new DockerLogSessions({
    engine: () => this.docker,
    publish: (message) => this.client?.publish(this.topics.dockerLogs, json(message), { qos: 0 }),
  });
  /** The local API served over HTTP while it runs (options.localApi). */
  private localApiServer: Server | undefined;
  /** What the cloud last said this device is licensed for. */
  entitlements: EntitlementsMessage | undefined;
  /** Metrics messages handed to the connection so far (QoS 0: a soak compares them with what was stored). */
  metricsSent = 0;

  constructor(options: SimulatedDeviceOptions) {
    this.options = options;
    this.device = options.device;
    this.topics = deviceTopics(options.device.device_guid);
    const seed = seedOf(options.device.serial_number);
    this.random = randomFrom(seed);
    this.network = {
      ip: options.localApi?.host ?? `192.168.${(seed >>> 8) % 250}.${(seed % 250) + 2}`,
      externalIp: `198.51.100.${(seed >>> 16) % 250}`,
    };
    this.runtime = initialRuntime(options.device, options.versions);
    this.docker = new DockerEngine(options.device.serial_number);
    this.documents = this.factoryDocuments();
  }

  /** The documents a new (or reset) encoder starts from, every version at 1, its outputs running. */
  private factoryDocuments(): Map<ShadowName, Document> {
    const now = new Date().toISOString();
    const initial = { ...initialShadows(this.device, this.network.ip), Containers: this.docker.document() };
    return new Map(SHADOW_NAMES.map((name) => [name, { state: initial[name], version: 1, timestamp: now }]));
  }

  /** The device's state as it publishes it. */
  get state() {
    return deviceState(this.device, this.network, this.runtime);
  }

  /**
   * Holds a system reading (e.g. thermal_system_temp_current) at a value in every metrics sample from
   * now on, as an encoder in a hot rack would report; null lets it drift again.
   */
  pinReading(metricName: string, value: number | null) {
    if (value === null) this.pinnedReadings.delete(metricName);
    else this.pinnedReadings.set(metricName, value);
  }

  /** The current document of one shadow. */
  shadow(name: ShadowName): Document {
    return this.documents.get(name)!;
  }

  get connected() {
    return this.client?.connected ?? false;
  }

  /** Connects and publishes everything a booting device announces; resolves once that is sent. */
  async start(): Promise<void> {
    const { localApi } = this.options;
    if (localApi && !this.localApiServer)
      this.localApiServer = await serveLocalApi(
        deviceApiV2((name) => this.shadow(name).state),
        { host: localApi.host, port: localApi.port ?? DEVICE_API_V2_PORT },
      );
    const client = mqtt.connect(this.options.mqttUrl, {
      clientId: this.device.device_guid,
      username: this.device.mqtt_username,
      password: this.device.mqtt_password,
      clean: false,
      reconnectPeriod: 2000,
      connectTimeout: 20_000,
      will: {
        topic: this.topics.connection,
        payload: Buffer.from(json({ online: false })),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('connect', () => {
      (client.stream as Partial<Socket>).setNoDelay?.(true);
      this.preview.stop();
      this.announcing = this.announce().catch(() => undefined);
    });
    // A device stopped in the middle of an answer simply does not answer.
    client.on('message', (topic, payload) => {
      if (topic === this.topics.entitlements) return this.onEntitlements(payload);
      const handle =
        topic === this.topics.deviceCommand ? this.onDeviceCommand(payload) : this.onCommand(payload);
      void handle.catch(() => undefined);
    });
    // The first failure (a refused login, no broker) rejects start and ends the client; later ones, while
    // mqtt.js reconnects a started device, are its own business and must not end the process that runs it.
    client.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', (error) => {
        client.end(true);
        reject(error);
      });
    });
    await client.subscribeAsync(
      [this.topics.shadowCommand, this.topics.deviceCommand, this.topics.entitlements],
      { qos: 1 },
    );
    await this.announcing;
    this.startTimers();
  }

  /** A clean shutdown: says it goes offline, then disconnects (the broker drops the last will). */
  async stop(): Promise<void> {
    this.stopTimers();
    this.closeLocalApi();
    const client = this.client;
    if (!client) return;
    await this.announcing;
    if (client.connected)
      await client.publishAsync(this.topics.connection, json({ online: false }), { qos: 1, retain: true });
    await client.endAsync();
  }

  /** Loses the connection abruptly, as a pulled cable would: the broker publishes the last will. */
  kill(): void {
    this.stopTimers();
    this.closeLocalApi();
    const client = this.client;
    if (!client) return;
    client.options.reconnectPeriod = 0;
    client.stream.destroy();
    client.end(true);
  }

  private closeLocalApi() {
    this.localApiServer?.close();
    this.localApiServer = undefined;
  }

  /**
   * What the device publishes, in this order and each with QoS 1, once connected: its online flag
   * (retained), its state and its six documents.
   */
  announcement(): Array<{ topic: string; payload: string; retain: boolean }> {
    this.refreshStatuses();
    return [
      {
        topic: this.topics.connection,
        payload: json({ online: true, timestamp: new Date().toISOString() }),
        retain: true,
      },
      { topic: this.topics.state, payload: json(this.state), retain: false },
      ...SHADOW_NAMES.map((name) => ({
        topic: this.topics.reported(name),
        payload: this.reportedPayload(name),
        retain: false,
      })),
    ];
  }

  private async announce() {
    const client = this.client!;
    for (const { topic, payload, retain } of this.announcement())
      await client.publishAsync(topic, payload, { qos: 1, retain });
  }

  private reportedPayload(name: ShadowName) {
    const document = this.shadow(name);
    return json({ state: document.state, version: document.version, timestamp: document.timestamp });
  }

  private publishReported(name: ShadowName) {
    return this.client!.publishAsync(this.topics.reported(name), this.reportedPayload(name), { qos: 1 });
  }

  private async onCommand(payload: Buffer) {
    let command: ShadowCommandMessage;
    try {
      command = shadowCommandMessageSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return; // not a command this device understands
    }
    if (command.command_type === 'get') {
      await this.client!.publishAsync(this.topics.shadowResult, json(this.current(command)), { qos: 1 });
      return;
    }
    if (this.setAnswers === 'ignore') return;
    if (this.setAnswers === 'reject') {
      const refusal = { message: 'Refused by the device (simulated)', error_code: 'SIMULATED_REJECTION' };
      await this.client!.publishAsync(this.topics.shadowResult, json(this.current(command, refusal)), {
        qos: 1,
      });
      return;
    }
    const { result, changed } = await this.apply(command);
    for (const name of changed) await this.publishReported(name);
    await this.client!.publishAsync(this.topics.shadowResult, json(result), { qos: 1 });
  }

  /**
   * Brings every status in line with the configurations (device-status.ts), starting the outputs that
   * begin to stream, and answers the documents that changed: their versions stay, as a status is not
   * a setting the console could have edited. `outputsBefore` is the Outputs document the outputs'
   * configurations are compared with (a reconfigured output restarts).
   */
  private refreshStatuses(outputsBefore = this.shadow('Outputs').state): (keyof DerivedDocuments)[] {
    const current = Object.fromEntries(
      DERIVED_SHADOWS.map((name) => [name, this.shadow(name).state]),
    ) as unknown as DerivedDocuments;
    const signal = (hwChannel: number) => inputSignal(this.device.serial_number, hwChannel);
    const settled = withDerivedStatus(current, signal);
    const startMs = this.options.streamStartMs ?? 1500;
    if (startMs > 0)
      for (const id of outputsToStart(outputsBefore, settled.Outputs)) this.startOutput(id, startMs);
    const next = withDerivedStatus(current, signal, this.starting);
    const changed = DERIVED_SHADOWS.filter((name) => !isDeepStrictEqual(next[name], current[name]));
    const timestamp = new Date().toISOString();
    for (const name of changed)
      this.documents.set(name, { ...this.shadow(name), state: next[name], timestamp });
    return changed;
  }

  /** An output reports STARTING for `startMs`, then its settled status. */
  private startOutput(id: unknown, startMs: number) {
    if (this.starting.has(id)) return;
    this.starting.add(id);
    const timer = setTimeout(() => {
      this.timers = this.timers.filter((other) => other !== timer);
      this.starting.delete(id);
      void this.publishStatusChanges().catch(() => undefined);
    }, startMs);
    this.timers.push(timer);
  }

  private async publishStatusChanges() {
    const changed = this.refreshStatuses();
    if (!this.client?.connected) return;
    for (const name of changed) await this.publishReported(name);
  }

  private onEntitlements(payload: Buffer) {
    try {
      this.entitlements = entitlementsMessageSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      // Not entitlements this device understands: it keeps the last ones.
    }
  }

  private async onDeviceCommand(payload: Buffer) {
    let message: DeviceCommandMessage;
    try {
      message = deviceCommandMessageSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return; // not a command this device understands
    }
    const client = this.client!;
    const answer = (state: string, text: string | null, response?: RestResponse) =>
      client.publishAsync(
        this.topics.deviceCommandResult,
        json({ command_guid: message.command_guid, state, message: text, response }),
        { qos: 1 },
      );
    await answer('accepted', null);
    const outcome = await runDeviceCommand(this.commandHost(message.command_guid), message);
    await answer(outcome.state, outcome.message, outcome.response);
    await outcome.afterwards?.();
  }

  /**
   * The Containers document follows its Docker: a status or a container created or removed is
   * republished at the document's version (not a setting the console could have edited).
   */
  private async publishDockerState() {
    const document = this.shadow('Containers');
    const state = { ...document.state, ...this.docker.document() };
    this.documents.set('Containers', { ...document, state, timestamp: new Date().toISOString() });
    if (this.client?.connected) await this.publishReported('Containers');
  }

  /** What the cloud last said this device is licensed for; the product's base profile until then. */
  private currentEntitlements() {
    return (
      this.entitlements?.properties ??
      mergeEntitlements(BASE_PROFILES[this.device.product_name], [], new Date())
    );
  }

  private commandHost(commandGuid: string): CommandHost {
    return {
      product: this.device.product_name,
      runtime: this.runtime,
      stepMs: this.options.commandStepMs ?? 1000,
      document: (name) => this.shadow(name).state,
      publishState: async () => {
        await this.client?.publishAsync(this.topics.state, json(this.state), { qos: 1 });
      },
      resetDocuments: async () => {
        this.documents = this.factoryDocuments();
        for (const name of SHADOW_NAMES) await this.publishReported(name);
      },
      reboot: async () => {
        await this.stop();
        await sleep(this.options.rebootDelayMs ?? 5000);
        this.runtime.bootedAt = new Date();
        await this.start();
      },
      restartAgent: async () => {
        await this.stop();
        await this.start();
      },
      startInputPreview: (request) => this.preview.start(request),
      docker: this.docker,
      dockerLicensed: () => isEntitled(this.currentEntitlements(), 'services.docker.enabled'),
      licensedContainers: () => entitlementList(this.currentEntitlements(), 'services.docker.containers'),
      dockerChanged: () => this.publishDockerState(),
      progress: async (text) => {
        await this.client?.publishAsync(
          this.topics.deviceCommandResult,
          json({ command_guid: commandGuid, state: 'accepted', message: text }),
          { qos: 1 },
        );
      },
      startDockerLogs: (request) => this.dockerLogs.start(request),
      uploadLogs: async (url) => {
        const credentials = `${this.device.mqtt_username}:${this.device.mqtt_password}`;
        const response = await fetch(url, {
          method: 'PUT',
          headers: {
            authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
            'content-type': DEVICE_LOGS_CONTENT_TYPE,
          },
          body: gzipSync(logBundle(this.device, this.runtime)),
        });
        return response.status;
      },
    };
  }

  private current(
    command: ShadowCommandMessage,
    failure?: { message: string; error_code: string },
  ): ShadowResultMessage {
    const document = this.shadow(command.shadow_name);
    return {
      command_guid: command.command_guid,
      shadow_name: command.shadow_name,
      result: failure ? 'failed' : 'succeeded',
      message: failure?.message ?? null,
      error_code: failure?.error_code ?? null,
      state: document.state,
      current_version: document.version,
    };
  }

  /**
   * What a set is judged by, as the console judges it (spec 3 §5, §6): the product, the entitlements
   * the cloud last sent (the product's base profile until then), the encoders the outputs refer to,
   * the System document, whose active XML configuration locks Outputs and System, the alerts,
   * which keep their categories, and the containers a Containers set may configure.
   */
  private setContext(command: Extract<ShadowCommandMessage, { command_type: 'set' }>): ShadowSetContext {
    const entitlements = this.currentEntitlements();
    const encoders = command.shadow_name === 'Encoders' ? command.state : this.shadow('Encoders').state;
    return {
      product: this.device.product_name,
      entitlements,
      documents: {
        Encoders: encoders,
        System: this.shadow('System').state,
        Alerts: this.shadow('Alerts').state,
        Containers: this.shadow('Containers').state,
      },
    };
  }

  /**
   * A set as a device applies it: refused at another version ('Config mismatch!') or when the
   * registry's schema and rules refuse it; otherwise stored with defaults filled and the version
   * raised. Values its software cannot run, which the registry cannot know of, are kept at the
   * device's own and answered with 'Config mismatch!' (unsupported-values.ts). Answers the result and the documents that changed:
   * the one set, and those whose statuses follow from it.
   */
  private async apply(
    command: Extract<ShadowCommandMessage, { command_type: 'set' }>,
  ): Promise<{ result: ShadowResultMessage; changed: ShadowName[] }> {
    if (this.options.applyDelayMs ?? 25) await sleep(this.options.applyDelayMs ?? 25);
    const name = command.shadow_name;
    const document = this.shadow(name);
    if (command.target_version !== document.version) {
      const result = this.current(command, { message: CONFIG_MISMATCH, error_code: 'VERSION_MISMATCH' });
      return { result, changed: [] };
    }
    const definition = shadowRegistry[name];
    const issues = validateShadowSet(name, command.state, this.setContext(command));
    if (issues.length > 0) {
      const problems = issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      const result = this.current(command, {
        message: `Invalid configuration: ${problems}`,
        error_code: 'INVALID_CONFIG',
      });
      return { result, changed: [] };
    }
    const parsed = definition.set.parse(command.state) as ShadowState;
    const outputsBefore = this.shadow('Outputs').state;
    const software = {
      product_name: this.device.product_name,
      daemon_version: this.runtime.versions.daemon,
      cloud_version: this.runtime.versions.cloud,
    };
    const { state, refused } = withoutUnsupportedValues(
      software,
      name,
      withGatedDefaults(software, name, parsed),
      document.state,
    );
    this.documents.set(name, {
      state: withCreatedIds(definition.applySet(state, document.state), definition.listKey),
      version: document.version + 1,
      timestamp: new Date().toISOString(),
    });
    if (name === 'Containers') this.configureContainers(parsed);
    const changed = [name, ...this.refreshStatuses(outputsBefore).filter((other) => other !== name)];
    const failure =
      refused.length > 0 ? { message: CONFIG_MISMATCH, error_code: VALUE_NOT_APPLIED } : undefined;
    return { result: this.current(command, failure), changed };
  }

  /** Configure Container (spec 3 §2.7): each named container takes its configuration. */
  private configureContainers(set: ShadowState) {
    const entries = Array.isArray(set.containers)
      ? (set.containers as { id: unknown; config: unknown }[])
      : [];
    for (const entry of entries)
      this.docker.configure(String(entry.id), entry.config as Record<string, unknown>);
  }

  private startTimers() {
    const { metricsIntervalMs = 60_000, stateIntervalMs = 300_000 } = this.options;
    if (metricsIntervalMs > 0) {
      const sample = createMetricsSampler(this.random, metricsIntervalMs);
      this.timers.push(
        setInterval(() => {
          const metrics = {
            ...sample({
              Inputs: this.shadow('Inputs').state,
              Encoders: this.shadow('Encoders').state,
              Outputs: this.shadow('Outputs').state,
            }),
            ...Object.fromEntries(this.pinnedReadings),
          };
          const message = json({ timestamp: new Date().toISOString(), metrics });
          this.client?.publish(this.topics.metrics, message, { qos: 0 }, (error) => {
            if (!error) this.metricsSent += 1;
          });
        }, metricsIntervalMs),
      );
    }
    if (stateIntervalMs > 0) {
      this.timers.push(
        setInterval(() => {
          this.client?.publish(this.topics.state, json(this.state), { qos: 1 });
        }, stateIntervalMs),
      );
    }
  }

  private stopTimers() {
    this.preview.stop();
    this.dockerLogs.stop();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    // Streams still starting are up by the time the device is back.
    this.starting.clear();
  }
}
