import { z } from 'zod';
import {
  guidSchema,
  inputText,
  okResponseSchema,
  paginationQuerySchema,
  paginationTokenSchema,
  TEXT_LIMITS,
} from '../common.ts';
import { sendDeviceCommandResponseSchema } from '../device-commands.ts';
import { deviceParamsSchema } from '../devices.ts';
import { entitlementList, isEntitled } from '../entitlements/entitlement-gates.ts';
import { defineOperation } from '../operations.ts';
import { DEVICE_PRODUCTS, type DeviceProduct } from '../products.ts';
import { type ContainerManifest, containerManifestSchema } from './manifest.ts';

/**
 * The container directory (spec 3 §2.9, §3.8, §4.6, §5, §6, §7): the containers a device may install,
 * kept by container administrators (ContainerManagement), read by every signed-in user; and the
 * install and uninstall calls that send a directory container to a device.
 */

/** The admin list loops 50 a page; a device's catalogue of available containers shows 25 (spec 3 §9). */
export const CONTAINER_DIRECTORY_PAGE_SIZE = 50;
export const CONTAINER_CATALOGUE_PAGE_SIZE = 25;

export const DIRECTORY_MESSAGES = {
  nameRequired: 'Name is a required parameter.',
  imageUrlRequired: 'Image Url is a required parameter.',
  notFound: 'Container not found',
  /** The refusals of an install, in the bulk-action dialog's words (spec 2 §2.3). */
  unsupportedDevice: 'Unsupported Device',
  notLicensed: 'Not Licensed',
  containerNotLicensed: 'Container Not Licensed',
  privilegedNotLicensed: 'Privileged Containers Not Licensed',
} as const;

export const containerPlatformSchema = z.enum(DEVICE_PRODUCTS, {
  error: `A platform is one of ${DEVICE_PRODUCTS.join(', ')}`,
});

const requiredText = (message: string) =>
  inputText(TEXT_LIMITS.short, { error: message }).trim().min(1, message);
const shortText = inputText(TEXT_LIMITS.short).trim();
/** Descriptions run to a few paragraphs. */
const DESCRIPTION_LIMIT = 4000;
const descriptionText = inputText(DESCRIPTION_LIMIT).trim();

/** An entry as the API answers it (spec 3 §3.8). */
export const directoryEntrySchema = z.object({
  container_guid: z.string(),
  identifier: z.string(),
  name: z.string(),
  image_url: z.string(),
  description: z.string(),
  company: z.object({ name: z.string(), url: z.string(), description: z.string() }),
  requirements: z.string(),
  manifest: containerManifestSchema,
  platforms: z.array(containerPlatformSchema),
  published: z.boolean(),
  licensable: z.boolean(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

const companyBodySchema = z.object({
  name: shortText.optional(),
  url: shortText.optional(),
  description: descriptionText.optional(),
});

/** The fields a POST or PATCH may send; each one given replaces the stored value. */
const entryFields = {
  identifier: shortText,
  description: descriptionText,
  company: companyBodySchema,
  requirements: descriptionText,
  manifest: containerManifestSchema,
  platforms: z
    .array(containerPlatformSchema, { error: 'platforms must be a list of platforms' })
    .transform((platforms) => [...new Set(platforms)]),
  published: z.boolean({ error: 'published must be true or false' }),
  licensable: z.boolean({ error: 'licensable must be true or false' }),
};

/** POST /containers: a name and an image url; the rest takes the new entry's defaults (spec 3 §3.8). */
export const createDirectoryEntryBodySchema = z.object({
  name: requiredText(DIRECTORY_MESSAGES.nameRequired),
  image_url: requiredText(DIRECTORY_MESSAGES.imageUrlRequired),
  ...z.object(entryFields).partial().shape,
});
export type CreateDirectoryEntryBody = z.input<typeof createDirectoryEntryBodySchema>;

/** PATCH /containers/{container_guid}: the same body, every field optional; name and image url stay required. */
export const updateDirectoryEntryBodySchema = createDirectoryEntryBodySchema.partial();
export type UpdateDirectoryEntryBody = z.input<typeof updateDirectoryEntryBodySchema>;

/** A new entry (spec 3 §3.8): empty text, both platforms, neither published nor licensable. */
export const NEW_DIRECTORY_ENTRY: Omit<DirectoryEntry, 'container_guid'> = {
  identifier: '',
  name: '',
  image_url: '',
  description: '',
  company: { name: '', url: '', description: '' },
  requirements: '',
  manifest: {},
  platforms: [...DEVICE_PRODUCTS],
  published: false,
  licensable: false,
};

export const directoryParamsSchema = z.object({ container_guid: guidSchema });

/**
 * GET /containers: published entries by name; `platform` keeps those a product can install;
 * `unpublished=true` adds the unpublished ones for a container administrator (403 for others).
 */
export const listDirectoryQuerySchema = paginationQuerySchema.extend({
  platform: containerPlatformSchema.optional(),
  unpublished: z
    .enum(['true', 'false'], { error: 'unpublished must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export const listDirectoryResponseSchema = z.object({
  containers: z.array(directoryEntrySchema),
  pagination_token: paginationTokenSchema,
});
export const directoryEntryResponseSchema = z.object({
  container: directoryEntrySchema,
  api_request_id: z.string(),
});

/** POST /devices/{device_guid}/containers: the directory container to install (its container_guid). */
export const installContainerBodySchema = z.object({
  container_id: guidSchema,
});
export const uninstallContainerParamsSchema = deviceParamsSchema.extend({
  container_id: inputText(TEXT_LIMITS.short).min(1, 'container_id is required'),
});
export const uninstallContainerQuerySchema = z.object({
  identifier: inputText(TEXT_LIMITS.short).optional(),
});

/**
 * The device commands behind install and uninstall (docs/device-protocol.md). The device pulls the
 * image, creates the container from the manifest and starts it; its Containers shadow then lists it
 * with the directory's container_guid, identifier, company name, description and licensable.
 */
export const INSTALL_CONTAINER_COMMAND = 'install_container';
export const UNINSTALL_CONTAINER_COMMAND = 'uninstall_container';

export const installContainerDataSchema = z.object({
  container_guid: z.string(),
  identifier: z.string(),
  name: z.string(),
  image_url: z.string(),
  manifest: containerManifestSchema,
  company_name: z.string(),
  description: z.string(),
  licensable: z.boolean(),
});
export type InstallContainerData = z.infer<typeof installContainerDataSchema>;

/** container_id: the directory's container_guid or the device's own container id; identifier when known. */
export const uninstallContainerDataSchema = z.object({
  container_id: z.string(),
  identifier: z.string().optional(),
});
export type UninstallContainerData = z.infer<typeof uninstallContainerDataSchema>;

export const installContainerData = (entry: DirectoryEntry): InstallContainerData => ({
  container_guid: entry.container_guid,
  identifier: entry.identifier,
  name: entry.name,
  image_url: entry.image_url,
  manifest: entry.manifest,
  company_name: entry.company.name,
  description: entry.description,
  licensable: entry.licensable,
});

export interface ContainerInstallRefusal {
  reason: 'platform' | 'entitlement';
  message: string;
}

/**
 * Why this device may not install the entry (spec 3 §6), or null: its product among the entry's
 * platforms, then services.docker.enabled, then for a licensable entry its guid in
 * services.docker.containers, then services.docker.privileged for a privileged manifest (device admins
 * bypass that last one only: the others are the device's own licence, which it enforces itself).
 * The rights and the device being online are the caller's to check.
 */
export function containerInstallRefusal(input: {
  entry: Pick<DirectoryEntry, 'container_guid' | 'platforms' | 'licensable'> & {
    manifest: Pick<ContainerManifest, 'privileged'>;
  };
  product: DeviceProduct;
  entitlements: Readonly<Record<string, unknown>>;
  admin: boolean;
}): ContainerInstallRefusal | null {
  const { entry, entitlements } = input;
  if (!entry.platforms.includes(input.product))
    return { reason: 'platform', message: DIRECTORY_MESSAGES.unsupportedDevice };
  if (!isEntitled(entitlements, 'services.docker.enabled'))
    return { reason: 'entitlement', message: DIRECTORY_MESSAGES.notLicensed };
  if (
    entry.licensable &&
    !entitlementList(entitlements, 'services.docker.containers').includes(entry.container_guid)
  )
    return { reason: 'entitlement', message: DIRECTORY_MESSAGES.containerNotLicensed };
  if (entry.manifest.privileged && !input.admin && !isEntitled(entitlements, 'services.docker.privileged'))
    return { reason: 'entitlement', message: DIRECTORY_MESSAGES.privilegedNotLicensed };
  return null;
}

const tags = ['containers'];

export const containerDirectoryOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/containers',
    summary:
      'The container directory by name: published entries, with unpublished=true also the unpublished ones (ContainerManagement)',
    tags,
    query: listDirectoryQuerySchema,
    status: 200,
    response: listDirectoryResponseSchema,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/containers/:container_guid',
    summary: 'One directory entry (an unpublished one for ContainerManagement only)',
    tags,
    params: directoryParamsSchema,
    status: 200,
    response: directoryEntryResponseSchema,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/containers',
    summary: 'Add a container to the directory (ContainerManagement)',
    tags,
    body: createDirectoryEntryBodySchema,
    status: 201,
    response: directoryEntryResponseSchema,
  }),
  update: defineOperation({
    method: 'PATCH',
    path: '/containers/:container_guid',
    summary: 'Change a directory entry; the fields sent replace the stored ones (ContainerManagement)',
    tags,
    params: directoryParamsSchema,
    body: updateDirectoryEntryBodySchema,
    status: 200,
    response: directoryEntryResponseSchema,
  }),
  delete: defineOperation({
    method: 'DELETE',
    path: '/containers/:container_guid',
    summary: 'Remove a container from the directory; installed copies stay on devices (ContainerManagement)',
    tags,
    params: directoryParamsSchema,
    status: 200,
    response: okResponseSchema,
  }),
  install: defineOperation({
    method: 'POST',
    path: '/devices/:device_guid/containers',
    summary:
      'Install a directory container on an online device the caller may edit (command install_container)',
    tags,
    params: deviceParamsSchema,
    body: installContainerBodySchema,
    status: 202,
    response: sendDeviceCommandResponseSchema,
  }),
  uninstall: defineOperation({
    method: 'DELETE',
    path: '/devices/:device_guid/containers/:container_id',
    summary:
      'Uninstall a directory container from an online device the caller may edit (command uninstall_container)',
    tags,
    params: uninstallContainerParamsSchema,
    query: uninstallContainerQuerySchema,
    status: 202,
    response: sendDeviceCommandResponseSchema,
  }),
};
