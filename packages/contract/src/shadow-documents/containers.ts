import { z } from 'zod';
import { containerManifestSchema, requiredText } from '../containers/manifest.ts';
import { entriesOf, entryIdSchema, issue, num, type ShadowIssue, type ShadowSetContext } from './fields.ts';

/** Containers shadow (spec 3 §3.7, §5): the containers on a device and their images; manifests in containers/manifest.ts. */
export const CONTAINER_STATUSES = ['created', 'exited', 'running', 'restarting', 'paused'] as const;
export type ContainerStatus = (typeof CONTAINER_STATUSES)[number];
export const CONTAINER_NAME_MESSAGE = 'Name may contain only letters and digits';
export const CONTAINER_NAME_REQUIRED = 'Name is required';
export const CONTAINER_IMAGE_REQUIRED = 'Image is required';

/** Letters and digits only, no spaces or special characters (spec 3 §5). */
export const containerNameSchema = z
  .string({ error: CONTAINER_NAME_REQUIRED })
  .min(1, CONTAINER_NAME_REQUIRED)
  .regex(/^[A-Za-z0-9]+$/, CONTAINER_NAME_MESSAGE);

/** Create Container (spec 3 §4.5): a name and an image, each list entry complete. */
export const containerCreateSchema = containerManifestSchema.extend({
  name: containerNameSchema,
  image_id: requiredText('Image'),
});

export const containerSchema = z.object({
  id: entryIdSchema,
  container_id: z.string().optional(),
  container_guid: z.string().nullable().optional(),
  name: z.string(),
  image: z.string(),
  status: z.enum(CONTAINER_STATUSES),
  identifier: z.string().nullable().optional(),
  companyName: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  licensable: z.boolean().optional(),
  /** What Configure Container edits: the container's own settings, any JSON object. */
  config: z.record(z.string(), z.unknown()).optional(),
});
export type DeviceContainer = z.infer<typeof containerSchema>;

export const containerImageSchema = z.object({
  id: z.string(),
  tags: z.array(z.string()).default([]),
  created: z.union([z.string(), num()]).optional(),
  size: num().optional(),
});

export const containersShadowStateSchema = z.object({
  containers: z.array(containerSchema),
  images: z.array(containerImageSchema).optional(),
});
export type ContainersShadowState = z.infer<typeof containersShadowStateSchema>;

/**
 * A set sends a list of {id, config} (spec 3 §4.1). The configuration must be a JSON object ('Invalid
 * JSON' is the editor's message for text that is not); a name, where an entry carries one, follows
 * the container name rule.
 */
export const containersSetSchema = z.object({
  containers: z.array(
    z.object({
      id: entryIdSchema,
      name: containerNameSchema.optional(),
      config: z.record(z.string(), z.unknown(), { error: 'Invalid JSON' }),
    }),
  ),
});
/** Spec 3 §6: the system's own containers, by name. */
export const PROTECTED_CONTAINER_NAMES = ['supervisor', 'fans', 'cloud', 'api-app', 'api-proxy'] as const;
/** Spec 3 §6: the system images whose stable-latest tag cannot be deleted, by repository name. */
export const PROTECTED_IMAGE_NAMES = [
  'menu',
  'daemon',
  'xml',
  'api-app',
  'cloud',
  'api-proxy',
  'fans',
] as const;
export const PROTECTED_IMAGE_TAG = 'stable-latest';

/** A protected container cannot be started, stopped, paused, killed, deleted or reconfigured. */
export const isProtectedContainer = (container: { name: string }) =>
  (PROTECTED_CONTAINER_NAMES as readonly string[]).includes(container.name.replace(/^\//, ''));

/** `edgecaster/daemon:stable-latest` is protected: the repository's last part and the tag. */
export function isProtectedImage(image: { tags?: readonly string[] }) {
  return (image.tags ?? []).some((tag) => {
    const separator = tag.lastIndexOf(':');
    if (separator < 0 || tag.slice(separator + 1) !== PROTECTED_IMAGE_TAG) return false;
    const name = tag.slice(0, separator).split('/').pop() ?? '';
    return (PROTECTED_IMAGE_NAMES as readonly string[]).includes(name);
  });
}

export const PROTECTED_CONTAINER_MESSAGE = 'This is a system container: it cannot be changed.';
export const PROTECTED_IMAGE_MESSAGE = 'This is a system image: it cannot be deleted.';
export const DOCKER_NOT_LICENSED = 'This device is not licensed for Containers.';
export const unknownContainerMessage = (id: unknown) => `The device has no container ${String(id)}.`;

/**
 * Spec 3 §6 and issue 27 on a Containers set: the device needs the Docker licence, each entry names a
 * container the device reported, and a protected container is never reconfigured.
 */
export function containersSetIssues(state: unknown, context: ShadowSetContext): ShadowIssue[] {
  if (context.entitlements['services.docker.enabled'] !== true) return [issue([], DOCKER_NOT_LICENSED)];
  const reported = new Map(
    entriesOf(context.documents?.Containers, 'containers').map((entry) => [entry.id, entry]),
  );
  return entriesOf(state, 'containers').flatMap((entry, index) => {
    const container = reported.get(entry.id);
    if (!container) return [issue(['containers', index, 'id'], unknownContainerMessage(entry.id))];
    return typeof container.name === 'string' && isProtectedContainer({ name: container.name })
      ? [issue(['containers', index], PROTECTED_CONTAINER_MESSAGE)]
      : [];
  });
}
