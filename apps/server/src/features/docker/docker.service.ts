import type { DockerCommandName } from '@ec/contract/device-commands';
import {
  type ContainerAction,
  type CreateContainerRequest,
  imageReference,
  PRIVILEGED_NOT_LICENSED,
  type PullImageRequest,
  UNKNOWN_IMAGE_MESSAGE,
  usesProviderRegistry,
} from '@ec/contract/device-docker';
import { featureLabel } from '@ec/contract/entitlements/capability-catalogue';
import { isEntitled } from '@ec/contract/entitlements/entitlement-gates';
import {
  type ContainersShadowState,
  containersShadowStateSchema,
  isProtectedContainer,
  isProtectedImage,
  PROTECTED_CONTAINER_MESSAGE,
  PROTECTED_IMAGE_MESSAGE,
  unknownContainerMessage,
} from '@ec/contract/shadow-documents/containers';
import type { DeviceRow } from '../../device-core/devices/devices.reads.ts';
import type { ShadowService } from '../../device-core/shadows/shadow.service.ts';
import { ApiError } from '../../http/api-error.ts';
import { refuseDeviceCommand } from '../device-commands/send-device-command.ts';
import type { DeviceAccess } from '../devices/device-access.ts';

/** A docker command judged fit to send: its name and the data the device gets. */
export interface DockerCommand {
  command: DockerCommandName | 'send_docker_logs';
  data: unknown;
}

type Reader = Pick<DeviceAccess, 'device' | 'rights'>;

export type DockerService = ReturnType<typeof createDockerService>;

/**
 * Containers and images on a device (spec 3 §2.7, §4.4, §4.5, §6, §7). The lists are the Docker state
 * the device reports in its Containers document (as the published install script expects: it waits for
 * a pulled image to appear "in Docker state"); each change is judged here (the Docker licence, the
 * caller's rights, protected containers and images, privileged mode) and then sent as a device command.
 */
export function createDockerService(deps: {
  shadows: ShadowService;
  /** The device's effective entitlements (its base profile merged with its licences). */
  entitlementsOf: (device: DeviceRow) => Promise<Readonly<Record<string, unknown>>>;
}) {
  /** The device's Docker state as it last reported it; empty before its first report. */
  async function dockerState(deviceGuid: string): Promise<ContainersShadowState> {
    const [row] = await deps.shadows.list(deviceGuid, ['Containers']);
    const parsed = containersShadowStateSchema.safeParse(row?.reportedState);
    return parsed.success ? parsed.data : { containers: [], images: [] };
  }

  /** Spec 3 §6: every docker call needs the device's Docker licence, whoever asks. */
  async function requireDocker({ device }: Reader) {
    if (!isEntitled(await deps.entitlementsOf(device), 'services.docker.enabled'))
      throw ApiError.forbidden(
        `This device is not licensed for ${featureLabel(device.productName, 'services.docker.enabled')}.`,
        'NOT_ENTITLED',
      );
  }

  /** The rules every command passes (rights, licence, cloud agent), before what is judged here. */
  const refuse = async (access: Reader, command: DockerCommand['command']) =>
    refuseDeviceCommand(access, command, await deps.entitlementsOf(access.device));

  /** A container the device reported, by its id or Docker's container_id; never a protected one. */
  async function changeableContainer(access: Reader, containerId: string) {
    const { containers } = await dockerState(access.device.deviceGuid);
    const container = containers.find(
      (entry) => String(entry.id) === containerId || entry.container_id === containerId,
    );
    if (!container) throw ApiError.notFound(unknownContainerMessage(containerId), 'CONTAINER_NOT_FOUND');
    if (isProtectedContainer(container))
      throw ApiError.forbidden(PROTECTED_CONTAINER_MESSAGE, 'PROTECTED_CONTAINER');
    return container;
  }

  return {
    /**
     * Issue 27: a protected container is changed through no path, the directory's uninstall included
     * (by the directory's guid or the device's id). A container the device has not reported is the
     * device's to answer.
     */
    async refuseProtectedContainer(access: Reader, containerId: string) {
      const { containers } = await dockerState(access.device.deviceGuid);
      const container = containers.find(
        (entry) =>
          entry.container_guid === containerId ||
          String(entry.id) === containerId ||
          entry.container_id === containerId,
      );
      if (container && isProtectedContainer(container))
        throw ApiError.forbidden(PROTECTED_CONTAINER_MESSAGE, 'PROTECTED_CONTAINER');
    },

    async containers(access: Reader) {
      await requireDocker(access);
      return (await dockerState(access.device.deviceGuid)).containers;
    },

    async images(access: Reader) {
      await requireDocker(access);
      return (await dockerState(access.device.deviceGuid)).images ?? [];
    },

    async containerAction(
      access: Reader,
      containerId: string,
      action: ContainerAction,
    ): Promise<DockerCommand> {
      await refuse(access, 'docker_container_action');
      const container = await changeableContainer(access, containerId);
      return { command: 'docker_container_action', data: { container_id: String(container.id), action } };
    },

    async deleteContainer(access: Reader, containerId: string, reason: string): Promise<DockerCommand> {
      await refuse(access, 'docker_container_delete');
      const container = await changeableContainer(access, containerId);
      return { command: 'docker_container_delete', data: { container_id: String(container.id), reason } };
    },

    /** Spec 3 §5, §6: privileged mode needs services.docker.privileged, or a device admin. */
    async createContainer(access: Reader, body: CreateContainerRequest): Promise<DockerCommand> {
      await refuse(access, 'docker_container_create');
      const privilegedAllowed =
        access.rights.admin ||
        isEntitled(await deps.entitlementsOf(access.device), 'services.docker.privileged');
      if (body.privileged && !privilegedAllowed)
        throw ApiError.forbidden(PRIVILEGED_NOT_LICENSED, 'NOT_ENTITLED');
      return { command: 'docker_container_create', data: body };
    },

    /**
     * Spec 3 §5: without credentials, a repository of the provider's registry (its name holds ecr)
     * pulls with the device's registry access.
     */
    async pullImage(access: Reader, body: PullImageRequest): Promise<DockerCommand> {
      await refuse(access, 'docker_image_pull');
      const image = imageReference(body.repository, body.tag);
      const credentials = 'username' in body ? { username: body.username, password: body.password } : null;
      const providerRegistry =
        body.provider_registry ?? (!credentials && usesProviderRegistry(body.repository));
      return {
        command: 'docker_image_pull',
        data: { image, ...credentials, ...(providerRegistry ? { provider_registry: true } : {}) },
      };
    },

    async deleteImage(access: Reader, imageId: string, reason: string): Promise<DockerCommand> {
      await refuse(access, 'docker_image_delete');
      const { images = [] } = await dockerState(access.device.deviceGuid);
      const image = images.find((entry) => entry.id === imageId);
      if (!image) throw ApiError.notFound(UNKNOWN_IMAGE_MESSAGE, 'IMAGE_NOT_FOUND');
      if (isProtectedImage(image)) throw ApiError.forbidden(PROTECTED_IMAGE_MESSAGE, 'PROTECTED_IMAGE');
      return { command: 'docker_image_delete', data: { image_id: image.id, reason } };
    },
  };
}
