import { z } from 'zod';
import { guidSchema, inputText, reasonBodySchema, TEXT_LIMITS } from './common.ts';
import { type DockerCommandName, sendDeviceCommandResponseSchema } from './device-commands.ts';
import { defineOperation } from './operations.ts';
import {
  type ContainerStatus,
  containerCreateSchema,
  containerImageSchema,
  containerSchema,
} from './shadow-documents/containers.ts';

/**
 * Containers and images on a device (spec 3 §2.7, §3.7, §4.4, §4.5, §6, §7 'Device containers'). The
 * lists are the device's Docker state as it reports it in its Containers document; every change is a
 * device command (`docker_*`) that the device accepts and then finishes, followed as any other
 * command through GET /devices/{guid}/commands/{command_guid}.
 */

export const CONTAINER_ACTIONS = ['start', 'stop', 'kill', 'pause', 'unpause', 'restart'] as const;
export type ContainerAction = (typeof CONTAINER_ACTIONS)[number];

/** Spec 3 §4.4: what each status allows; `delete` is the Delete button (DELETE .../containers/{id}). */
const ACTIONS_BY_STATUS: Record<ContainerStatus, readonly (ContainerAction | 'delete')[]> = {
  created: ['start', 'delete'],
  exited: ['start', 'delete'],
  running: ['stop', 'kill', 'pause', 'restart'],
  restarting: ['stop', 'kill'],
  paused: ['unpause'],
};

/** The actions a container in `status` offers (spec 3 §4.4), in the buttons' order. */
export const containerActionsFor = (status: ContainerStatus): readonly (ContainerAction | 'delete')[] =>
  ACTIONS_BY_STATUS[status];

/** The button's words: unpause reads Resume (spec 3 §4.4). */
export const CONTAINER_ACTION_LABELS: Record<ContainerAction | 'delete', string> = {
  start: 'Start',
  stop: 'Stop',
  kill: 'Kill',
  pause: 'Pause',
  unpause: 'Resume',
  restart: 'Restart',
  delete: 'Delete',
};

export const PRIVILEGED_NOT_LICENSED = 'This device is not licensed for Privileged Containers.';
export const UNKNOWN_IMAGE_MESSAGE = 'The device has no such image.';

/**
 * Create Container's body (spec 3 §4.5, §5): a name of letters and digits, an image, each list entry
 * complete. The restart policy 'always' retries for ever, so its retry count is sent as 0.
 */
export const createContainerBodySchema = containerCreateSchema.transform((body) =>
  body.restart_policy?.name === 'always'
    ? { ...body, restart_policy: { ...body.restart_policy, MaximumRetryCount: 0 } }
    : body,
);
export type CreateContainerBody = z.input<typeof createContainerBodySchema>;
export type CreateContainerRequest = z.output<typeof createContainerBodySchema>;

export const containerActionBodySchema = z.object({
  action: z.enum(CONTAINER_ACTIONS, { error: `action must be one of ${CONTAINER_ACTIONS.join(', ')}` }),
});

/** Spec 3 §5: a repository whose name contains ecr pulls with the provider's registry credentials. */
export const usesProviderRegistry = (repository: string) => repository.toLowerCase().includes('ecr');

/**
 * Pull Image (spec 3 §5): repository and tag (latest by default); a user name and password for a
 * private registry, blank meaning none (the published script sends ""); or `provider_registry`.
 */
export const pullImageBodySchema = z
  .object({
    repository: inputText(TEXT_LIMITS.short, { error: 'Repository is required' })
      .trim()
      .min(1, 'Repository is required'),
    tag: inputText(TEXT_LIMITS.short).trim().min(1, 'Tag is required').default('latest'),
    username: inputText(TEXT_LIMITS.short).trim().optional(),
    password: inputText(TEXT_LIMITS.short).optional(),
    provider_registry: z.boolean().optional(),
  })
  .transform(({ username, password, ...rest }) =>
    username ? { ...rest, username, password: password ?? '' } : rest,
  );
export type PullImageBody = z.input<typeof pullImageBodySchema>;
export type PullImageRequest = z.output<typeof pullImageBodySchema>;

/**
 * The image reference a pull names: the repository as given when it already carries a tag (the
 * published script pulls `videonlabs/html5-graphics-renderer:latest` with tag latest), else repository:tag.
 */
export function imageReference(repository: string, tag: string) {
  const lastPart = repository.split('/').pop() ?? '';
  return lastPart.includes(':') ? repository : `${repository}:${tag}`;
}

/** The data each docker command carries to the device. */
export const dockerCommandDataSchemas = {
  docker_container_action: z.object({ container_id: z.string(), action: z.enum(CONTAINER_ACTIONS) }),
  docker_container_create: containerCreateSchema,
  docker_container_delete: z.object({ container_id: z.string(), reason: z.string() }),
  docker_image_pull: z.object({
    image: z.string(),
    username: z.string().optional(),
    password: z.string().optional(),
    provider_registry: z.boolean().optional(),
  }),
  docker_image_delete: z.object({ image_id: z.string(), reason: z.string() }),
} as const satisfies Record<DockerCommandName, z.ZodType>;

export const deviceContainerParamsSchema = z.object({
  device_guid: guidSchema,
  container_id: z.string().min(1).max(200),
});
export const deviceImageParamsSchema = z.object({
  device_guid: guidSchema,
  image_id: z.string().min(1).max(200),
});
const deviceParams = z.object({ device_guid: guidSchema });

export const dockerContainersResponseSchema = z.object({ containers: z.array(containerSchema) });
export const dockerImagesResponseSchema = z.object({ images: z.array(containerImageSchema) });
export type DockerContainer = z.infer<typeof containerSchema>;
export type DockerImage = z.infer<typeof containerImageSchema>;

const tags = ['device containers'];

/** Spec 3 §7 'Device containers'. */
export const deviceDockerOperations = {
  containers: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/docker/containers',
    summary: "The device's containers as it last reported them",
    tags,
    params: deviceParams,
    status: 200,
    response: dockerContainersResponseSchema,
  }),
  images: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/docker/images',
    summary: "The device's images as it last reported them",
    tags,
    params: deviceParams,
    status: 200,
    response: dockerImagesResponseSchema,
  }),
  containerAction: defineOperation({
    method: 'PUT',
    path: '/devices/:device_guid/docker/containers/:container_id',
    summary: 'Start, stop, kill, pause, unpause or restart a container (a device command)',
    tags,
    params: deviceContainerParamsSchema,
    body: containerActionBodySchema,
    status: 202,
    response: sendDeviceCommandResponseSchema,
  }),
  createContainer: defineOperation({
    method: 'POST',
    path: '/devices/:device_guid/docker/containers',
    summary: 'Create a container from an image on the device (a device command)',
    tags,
    params: deviceParams,
    body: createContainerBodySchema,
    status: 202,
    response: sendDeviceCommandResponseSchema,
  }),
  deleteContainer: defineOperation({
    method: 'DELETE',
    path: '/devices/:device_guid/docker/containers/:container_id',
    summary: 'Remove a stopped container from the device (a device command)',
    tags,
    params: deviceContainerParamsSchema,
    body: reasonBodySchema,
    status: 202,
    response: sendDeviceCommandResponseSchema,
  }),
  pullImage: defineOperation({
    method: 'POST',
    path: '/devices/:device_guid/docker/images',
    summary: 'Pull an image onto the device (a device command)',
    tags,
    params: deviceParams,
    body: pullImageBodySchema,
    status: 202,
    response: sendDeviceCommandResponseSchema,
  }),
  deleteImage: defineOperation({
    method: 'DELETE',
    path: '/devices/:device_guid/docker/images/:image_id',
    summary: 'Delete an image from the device (a device command)',
    tags,
    params: deviceImageParamsSchema,
    body: reasonBodySchema,
    status: 202,
    response: sendDeviceCommandResponseSchema,
  }),
};

/** Spec 3 §4.4: the container command flow's polling. */
export const CONTAINER_COMMAND_POLL_MS = 5_000;
export const CONTAINER_COMMAND_MAX_ATTEMPTS = 50;
/** Spec 3 §4.4: lists refresh 5 s after a command finishes; §2.7: installed containers every 15 s. */
export const CONTAINER_LIST_REFRESH_AFTER_MS = 5_000;
export const INSTALLED_CONTAINERS_REFRESH_MS = 15_000;
/** Spec 3 §9 page sizes. */
export const CONTAINER_PAGE_SIZES = { installed: 200, images: 50, catalogue: 25 } as const;
export const COMMAND_ACCEPTED_MESSAGE = 'Command Accepted';
export const containerCommandTimeout = (seconds: number) => `No command response in ${seconds} seconds...`;
