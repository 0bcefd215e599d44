import { installContainerDataSchema, uninstallContainerDataSchema } from '@ec/contract/containers/directory';
import { type DeviceCommandMessage, INPUT_PREVIEW_DEFAULTS } from '@ec/contract/device-commands';
import { dockerCommandDataSchemas } from '@ec/contract/device-docker';
import { LATEST_RELEASES, UPDATE_MODULE } from '@ec/contract/device-updates';
import { type DockerLogsData, dockerLogsDataSchema } from '@ec/contract/docker-logs';
import type { DeviceProduct } from '@ec/contract/products';
import {
  isRestDirectCommand,
  parseRestEndpoint,
  REST_DIRECT_METHODS,
  type RestResponse,
  restDirectDataSchema,
} from '@ec/contract/rest-direct';
import type { ShadowName } from '@ec/contract/shadows';
import type { z } from 'zod';
import { DEVICE_API_V2_PORT, deviceApiV2, type LocalService } from './device-api-v2.ts';
import type { DeviceRuntime, UpdateState } from './device-runtime.ts';
import { type DockerEngine, type EngineOutcome, isKnownRepository, splitReference } from './docker-engine.ts';
import type { ShadowState } from './initial-shadows.ts';

/** What a command may do to the simulated encoder. */
export interface CommandHost {
  readonly product: DeviceProduct;
  readonly runtime: DeviceRuntime;
  /** The pause between two steps of long work (a download's progress); short in tests. */
  readonly stepMs: number;
  /** The document of a shadow as the device reports it now. */
  document(name: ShadowName): ShadowState;
  publishState(): Promise<void>;
  /** Every shadow back to its factory document, versions starting again. */
  resetDocuments(): Promise<void>;
  /** Goes offline and comes back with a new last_boot. */
  reboot(): Promise<void>;
  /** The cloud agent reconnects. */
  restartAgent(): Promise<void>;
  /** Publishes the inputs' previews every `sample_interval` s for `duration` s (input-preview.ts). */
  startInputPreview(request: { duration: number; sample_interval: number }): void;
  /** PUTs a gzip log bundle to the cloud with the device's credentials; answers the HTTP status. */
  uploadLogs(url: string): Promise<number>;
  /** The device's Docker (docker-engine.ts). */
  readonly docker: DockerEngine;
  /** Whether the cloud licensed Docker on this device (services.docker.enabled). */
  dockerLicensed(): boolean;
  /** The directory containers it is licensed for (services.docker.containers). */
  licensedContainers(): string[];
  /** Reports the Containers document again after its Docker state changed. */
  dockerChanged(): Promise<void>;
  /** Says how long work is going (accepted again, with a message): a pull's progress. */
  progress(message: string): Promise<void>;
  /** Streams a container's log lines for a session (send_docker_logs). */
  startDockerLogs(request: DockerLogsData): EngineOutcome;
}

export interface CommandOutcome {
  state: 'complete' | 'failed' | 'rejected';
  message: string;
  /** What the local API answered a rest_direct command. */
  response?: RestResponse;
  /** Runs once the outcome is published (a reboot, after saying it reboots). */
  afterwards?: () => Promise<void>;
}

/** The firmware an update brings, per product: the release catalogue's latest (contract device-updates.ts). */
const UPDATE_FIRMWARE: Record<DeviceProduct, string> = LATEST_RELEASES.firmware;
const REMOVABLE = new Set(['USB', 'SD Card']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const done = (message: string, afterwards?: () => Promise<void>): CommandOutcome => ({
  state: 'complete',
  message,
  afterwards,
});
const rejected = (message: string): CommandOutcome => ({ state: 'rejected', message });

function setUpdateState(host: CommandHost, status: string, progress?: number, apply?: boolean) {
  const module = UPDATE_MODULE[host.product];
  const entry: UpdateState = {
    module,
    status,
    ...(progress === undefined ? {} : { progress_percent: progress }),
    ...(apply ? { action: 'apply', state: 'in progress' } : {}),
  };
  host.runtime.updateState = [...host.runtime.updateState.filter((u) => u.module !== module), entry];
}

function storageCommand(
  host: CommandHost,
  data: unknown,
  action: 'remove' | 'format',
): Promise<CommandOutcome> {
  const id = (data as { storage_device_id?: string } | undefined)?.storage_device_id;
  const device = host.runtime.storage.find((storage) => storage.uuid === id);
  if (!device) return Promise.resolve({ state: 'failed', message: `No storage device ${id}` });
  if (!REMOVABLE.has(device.type))
    return Promise.resolve(rejected('Only USB and SD Card storage can be removed or formatted'));
  if (action === 'remove')
    host.runtime.storage = host.runtime.storage.filter((storage) => storage !== device);
  else device.size = { ...device.size, used: 0 };
  return host
    .publishState()
    .then(() =>
      done(action === 'remove' ? `${device.name} can be removed safely` : `${device.name} formatted`),
    );
}

/** What the update module says once an update is downloaded. */
const downloadedStatus = (product: DeviceProduct) =>
  product === 'edgecaster' ? 'awaiting reboot' : 'update downloaded';

/** A downloaded update becomes the running firmware; the update state clears. */
function installDownloaded(runtime: DeviceRuntime) {
  const firmware = runtime.downloadedFirmware;
  if (!firmware) return;
  runtime.versions = { ...runtime.versions, firmware, daemon: firmware };
  runtime.downloadedFirmware = null;
  runtime.updateState = [];
}

/** Downloads the update in steps of 20 %, publishing the progress as a real encoder does. */
async function downloadUpdate(host: CommandHost): Promise<CommandOutcome> {
  for (let progress = 0; progress <= 100; progress += 20) {
    setUpdateState(host, 'downloading update', progress);
    await host.publishState();
    await sleep(host.stepMs);
  }
  host.runtime.downloadedFirmware = UPDATE_FIRMWARE[host.product];
  setUpdateState(host, downloadedStatus(host.product));
  await host.publishState();
  return done(`Update ${host.runtime.downloadedFirmware} downloaded`);
}

/**
 * What listens on a port of the device: its local API v2. A running container's published port answers
 * here once the simulator runs containers.
 */
function listeningOn(host: CommandHost, port: number): LocalService | undefined {
  if (port === DEVICE_API_V2_PORT) return deviceApiV2((name) => host.document(name));
  return undefined;
}

/**
 * A rest_direct command: the device calls its own local API. Any HTTP answer completes the command
 * (its status says how the call went); no answer at all fails it.
 */
function restDirect(host: CommandHost, message: DeviceCommandMessage): CommandOutcome {
  const data = restDirectDataSchema.safeParse(message.data);
  if (!data.success || !isRestDirectCommand(message.command))
    return rejected('The command needs a rest_endpoint such as ":2020/v2/system"');
  const { port, path } = parseRestEndpoint(data.data.rest_endpoint)!;
  const service = listeningOn(host, port);
  if (!service) return { state: 'failed', message: `Nothing is listening on port ${port} of the device` };
  const response = service({ method: REST_DIRECT_METHODS[message.command], path, body: data.data.body });
  return { state: 'complete', message: `HTTP ${response.status_code} from port ${port}`, response };
}

const DOCKER_NOT_LICENSED = 'Docker is not licensed on this device';

/** An engine's answer as the command's outcome; a Docker change is reported at once. */
async function dockerOutcome(host: CommandHost, outcome: EngineOutcome): Promise<CommandOutcome> {
  if (!outcome.ok) return { state: 'failed', message: outcome.message };
  await host.dockerChanged();
  return done(outcome.message);
}

/** Work the engine does at once on the command's data; data that does not parse is rejected with `missing`. */
function engineWork<S extends z.ZodType>(
  host: CommandHost,
  schema: S,
  data: unknown,
  missing: string,
  run: (data: z.output<S>) => EngineOutcome,
): Promise<CommandOutcome> {
  const parsed = schema.safeParse(data);
  return parsed.success ? dockerOutcome(host, run(parsed.data)) : Promise.resolve(rejected(missing));
}

/** Pulls in steps (progress said as it goes); a repository no registry holds fails as Docker's pull does. */
async function pullImage(host: CommandHost, data: unknown): Promise<CommandOutcome> {
  const parsed = dockerCommandDataSchemas.docker_image_pull.safeParse(data);
  if (!parsed.success) return rejected('The pull needs an image');
  const { repository, tag } = splitReference(parsed.data.image);
  for (const percent of [25, 50, 75]) {
    await sleep(host.stepMs);
    await host.progress(`Pulling ${parsed.data.image}: ${percent}%`);
  }
  if (!isKnownRepository(repository, parsed.data.provider_registry === true))
    return {
      state: 'failed',
      message: `pull access denied for ${repository}, repository does not exist or may require 'docker login'`,
    };
  host.docker.addImage(`${repository}:${tag}`);
  await host.dockerChanged();
  return done(`Pulled ${parsed.data.image}`);
}

/**
 * A directory container's install (containers/directory.ts): its image pulled when missing, then
 * created under its identifier with the directory's details and started; a licensable one only when
 * its guid is among the device's licensed containers.
 */
async function installContainer(host: CommandHost, data: unknown): Promise<CommandOutcome> {
  const parsed = installContainerDataSchema.safeParse(data);
  if (!parsed.success) return rejected('The install needs a directory entry');
  const entry = parsed.data;
  if (entry.licensable && !host.licensedContainers().includes(entry.container_guid))
    return rejected(`${entry.name} is not licensed on this device`);
  const { repository, tag } = splitReference(entry.image_url);
  const reference = `${repository}:${tag}`;
  if (!host.docker.images.some((image) => image.tags.includes(reference))) {
    const pulled = await pullImage(host, { image: reference });
    if (pulled.state !== 'complete') return pulled;
  }
  const created = host.docker.create(
    { name: entry.identifier, image_id: reference, ...entry.manifest },
    {
      container_guid: entry.container_guid,
      identifier: entry.identifier,
      companyName: entry.company_name,
      description: entry.description,
      licensable: entry.licensable,
    },
  );
  if (!created.ok) return { state: 'failed', message: created.message };
  const container = host.docker.containers.find(
    (installed) => installed.container_guid === entry.container_guid,
  )!;
  host.docker.act(container.id, 'start');
  await host.dockerChanged();
  return done(`Installed ${entry.name}`);
}

/** Uninstall: the directory container (by its guid, or the device's id) stopped and removed. */
async function uninstallContainer(host: CommandHost, data: unknown): Promise<CommandOutcome> {
  const parsed = uninstallContainerDataSchema.safeParse(data);
  if (!parsed.success) return rejected('Which container?');
  const { docker } = host;
  const container =
    docker.containers.find((entry) => entry.container_guid === parsed.data.container_id) ??
    docker.find(parsed.data.container_id);
  if (!container) return { state: 'failed', message: `No such container: ${parsed.data.container_id}` };
  if (container.status !== 'created' && container.status !== 'exited') docker.act(container.id, 'stop');
  return dockerOutcome(host, docker.remove(container.id));
}

/** The docker commands (device-docker.ts, docker-logs.ts); none without the Docker licence. */
async function dockerCommand(host: CommandHost, message: DeviceCommandMessage): Promise<CommandOutcome> {
  if (!host.dockerLicensed()) return rejected(DOCKER_NOT_LICENSED);
  const { docker } = host;
  const schemas = dockerCommandDataSchemas;
  switch (message.command) {
    case 'install_container':
      return installContainer(host, message.data);
    case 'uninstall_container':
      return uninstallContainer(host, message.data);
    case 'docker_image_pull':
      return pullImage(host, message.data);
    case 'docker_image_delete':
      return engineWork(host, schemas.docker_image_delete, message.data, 'Which image?', (data) =>
        docker.deleteImage(data.image_id),
      );
    case 'docker_container_create':
      return engineWork(
        host,
        schemas.docker_container_create,
        message.data,
        'The container needs a name and an image',
        (data) => docker.create(data),
      );
    case 'docker_container_delete':
      return engineWork(host, schemas.docker_container_delete, message.data, 'Which container?', (data) =>
        docker.remove(data.container_id),
      );
    case 'docker_container_action':
      return engineWork(
        host,
        schemas.docker_container_action,
        message.data,
        'Which container and action?',
        (data) => docker.act(data.container_id, data.action),
      );
    default: {
      const data = dockerLogsDataSchema.safeParse(message.data);
      if (!data.success) return rejected('The log request needs a session and a container');
      const outcome = host.startDockerLogs(data.data);
      return outcome.ok ? done(outcome.message) : { state: 'failed', message: outcome.message };
    }
  }
}

/** Carries out one device command as an encoder would (spec 2 §4.5-4.8). */
export async function runDeviceCommand(
  host: CommandHost,
  message: DeviceCommandMessage,
): Promise<CommandOutcome> {
  const { runtime } = host;
  switch (message.command) {
    case 'restart_cloud':
      return done('Cloud agent restarting', () => host.restartAgent());
    case 'reboot_device':
      // An encoder stops its streams before it says it reboots: a step of its own.
      await sleep(host.stepMs);
      // A downloaded update waiting for a reboot (an Edgecaster's 'awaiting reboot') installs on it.
      return done('The device is rebooting...', async () => {
        installDownloaded(runtime);
        await host.reboot();
      });
    case 'reset_settings':
      await host.resetDocuments();
      return done('Settings reset to factory defaults');
    case 'enable_adb': {
      runtime.adbPort = message.data === true ? 5555 : null;
      await host.publishState();
      return done(message.data === true ? 'ADB over IP enabled on port 5555' : 'ADB over IP disabled');
    }
    case 'set_ui_password': {
      const data = message.data as { current_ui_password?: string; new_ui_password: string };
      if (runtime.uiPassword && data.current_ui_password !== runtime.uiPassword)
        return rejected('The current password is not correct');
      runtime.uiPassword = data.new_ui_password;
      await host.publishState();
      return done(data.new_ui_password ? 'Local UI password set' : 'Local UI authentication disabled');
    }
    case 'safely_remove_storage':
      return storageCommand(host, message.data, 'remove');
    case 'format_storage':
      return storageCommand(host, message.data, 'format');
    case 'send_input_preview': {
      const data = message.data as { duration?: number; sample_interval?: number } | undefined;
      const request = { ...INPUT_PREVIEW_DEFAULTS, ...data };
      host.startInputPreview(request);
      return done(`Input preview started for ${request.duration} s`);
    }
    case 'check_for_update':
      setUpdateState(host, 'update available for download');
      await host.publishState();
      return done(`Update ${UPDATE_FIRMWARE[host.product]} available`);
    case 'download_update':
      return downloadUpdate(host);
    case 'apply_update': {
      const firmware = runtime.downloadedFirmware;
      if (!firmware) return rejected('No update has been downloaded');
      return done(`Applying ${firmware}; the device reboots`, async () => {
        // The console sees the apply in progress until the device is back on the new firmware.
        setUpdateState(host, downloadedStatus(host.product), undefined, true);
        await host.publishState();
        installDownloaded(runtime);
        await host.reboot();
      });
    }
    case 'update_cloud':
      return done('Cloud agent updating', async () => {
        runtime.versions = { ...runtime.versions, cloud: LATEST_RELEASES.cloud };
        await host.restartAgent();
      });
    case 'update_nimbraedge_container': {
      const data = message.data as { version_tag: string; container_name: string };
      return done(`Container ${data.container_name} updated to ${data.version_tag}`);
    }
    case 'upload_logs': {
      const url = (message.data as { upload_url?: string } | undefined)?.upload_url;
      if (!url) return rejected('No upload address given');
      const status = await host.uploadLogs(url);
      return status < 300
        ? done('Logs uploaded')
        : { state: 'failed', message: `The log upload was refused (HTTP ${status})` };
    }
    case 'rest_direct_get':
    case 'rest_direct_post':
    case 'rest_direct_delete':
      return restDirect(host, message);
    case 'docker_image_pull':
    case 'docker_image_delete':
    case 'docker_container_create':
    case 'docker_container_delete':
    case 'docker_container_action':
    case 'send_docker_logs':
    case 'install_container':
    case 'uninstall_container':
      return dockerCommand(host, message);
    default:
      return rejected(`Unknown command ${message.command}`);
  }
}
