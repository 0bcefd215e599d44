import { z } from 'zod';
import { containerManifestSchema, requiredText } from '../containers/manifest.ts';
import { entryIdSchema, num } from './fields.ts';

/** Containers shadow (spec 3 §3.7, §5): the containers on a device and their images; manifests in containers/manifest.ts. */
export const CONTAINER_STATUSES = ['created', 'exited', 'running', 'restarting', 'paused'] as const;
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
