import { z } from 'zod';
import {
  containsNul,
  guidSchema,
  inputText,
  NUL_MESSAGE,
  paginationQuerySchema,
  paginationTokenSchema,
  TEXT_LIMITS,
} from './common.ts';
import { defineOperation } from './operations.ts';
import { orgParamsSchema } from './orgs.ts';

/**
 * A device's metadata (spec 2 §2.5, §3, §4.8): what the organization writes about it, shown in the
 * device header and the device list's columns. Four keys; an empty value means "not set".
 */

export const METADATA_KEYS = ['device_alias', 'location', 'note', 'deployment_status'] as const;
export type MetadataKey = (typeof METADATA_KEYS)[number];

/** Spec 2 §4.8: the note (and every other value) holds at most 200 characters. */
export const METADATA_VALUE_MAX = 200;
export const NOTE_TOO_LONG_MESSAGE = 'Description must be 200 characters or less';

export const METADATA_LABELS: Record<MetadataKey, string> = {
  device_alias: 'Device Alias',
  location: 'Location',
  note: 'Note',
  deployment_status: 'Deployment Status',
};

/** Spec 2 §3: deployment statuses; empty reads 'Not Defined'. */
export const DEPLOYMENT_STATUSES = ['in_transit', 'not_deployed', 'testing', 'production'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];
export const DEPLOYMENT_STATUS_LABELS: Record<DeploymentStatus, string> = {
  in_transit: 'In Transit',
  not_deployed: 'Not Deployed',
  testing: 'Testing',
  production: 'Production',
};
export const NOT_DEFINED = 'Not Defined';

export const deploymentStatusLabel = (value: string | null | undefined): string =>
  DEPLOYMENT_STATUS_LABELS[value as DeploymentStatus] ?? NOT_DEFINED;

/** An entry as stored and answered. */
export const metadataEntrySchema = z.object({ key: z.string(), value: z.string() });
export type MetadataEntry = z.infer<typeof metadataEntrySchema>;

/** The value of one key, null when not set. */
export function metadataValue(metadata: readonly MetadataEntry[], key: MetadataKey): string | null {
  return metadata.find((entry) => entry.key === key)?.value || null;
}

const textValue = (key: MetadataKey) =>
  z
    .string({ error: 'The value must be text' })
    .trim()
    .max(
      METADATA_VALUE_MAX,
      key === 'note'
        ? NOTE_TOO_LONG_MESSAGE
        : `${METADATA_LABELS[key]} must be ${METADATA_VALUE_MAX} characters or less`,
    )
    .refine((value) => !containsNul(value), NUL_MESSAGE);

/** One entry of a save: the value of a known key; an empty value clears it. */
export const metadataInputSchema = z.discriminatedUnion(
  'key',
  [
    z.object({ key: z.literal('device_alias'), value: textValue('device_alias') }),
    z.object({ key: z.literal('location'), value: textValue('location') }),
    z.object({ key: z.literal('note'), value: textValue('note') }),
    z.object({
      key: z.literal('deployment_status'),
      value: z.union([z.enum(DEPLOYMENT_STATUSES), z.literal('')], {
        error: `The deployment status must be one of ${DEPLOYMENT_STATUSES.join(', ')} or empty`,
      }),
    }),
  ],
  { error: () => `The key must be one of ${METADATA_KEYS.join(', ')}` },
);
export type MetadataInput = z.infer<typeof metadataInputSchema>;

/** POST /devices/{guid}/metadata: the entries to change, each key once; keys not named stay. */
export const saveMetadataBodySchema = z
  .array(metadataInputSchema, { error: 'The body must be a list of {key, value}' })
  .min(1, 'Name at least one key')
  .max(METADATA_KEYS.length, `At most ${METADATA_KEYS.length} entries`)
  .refine((entries) => new Set(entries.map((entry) => entry.key)).size === entries.length, {
    message: 'Each key may appear once',
  });

export const metadataResponseSchema = z.object({ metadata: z.array(metadataEntrySchema) });

/** The stored entries after a save: named keys replaced, empty values removed, in METADATA_KEYS order. */
export function mergeMetadata(
  current: readonly MetadataEntry[],
  changes: readonly MetadataInput[],
): MetadataEntry[] {
  const values = new Map(current.map((entry) => [entry.key, entry.value]));
  for (const change of changes) values.set(change.key, change.value);
  return METADATA_KEYS.flatMap((key) => {
    const value = values.get(key);
    return value ? [{ key, value }] : [];
  });
}

/** The keys the search page looks in (spec 2 §2.7): deployment status is a choice, not text. */
export const SEARCHABLE_METADATA_KEYS = ['device_alias', 'location', 'note'] as const;
export type SearchableMetadataKey = (typeof SEARCHABLE_METADATA_KEYS)[number];
/** The search index's page size (spec 2 §9). */
export const METADATA_SEARCH_PAGE_SIZE = 50;

/**
 * POST /orgs/{org_guid}/device_metadata (spec 2 §7): entries whose value contains a search key's text,
 * case-insensitively; an empty text matches every entry of that key. Several keys match any of them.
 */
export const searchMetadataBodySchema = z.object({
  pagination_size: paginationQuerySchema.shape.pagination_size.default(METADATA_SEARCH_PAGE_SIZE),
  search_keys: z
    .array(
      z.object({
        key: z.enum(SEARCHABLE_METADATA_KEYS, {
          error: `The key must be one of ${SEARCHABLE_METADATA_KEYS.join(', ')}`,
        }),
        value: inputText(METADATA_VALUE_MAX, { error: 'The value must be text' }).trim(),
      }),
      { error: 'search_keys must be a list of {key, value}' },
    )
    .min(1, 'Name at least one search key')
    .max(SEARCHABLE_METADATA_KEYS.length, `At most ${SEARCHABLE_METADATA_KEYS.length} search keys`)
    .refine((keys) => new Set(keys.map((entry) => entry.key)).size === keys.length, {
      message: 'Each key may appear once',
    }),
  pagination_token: inputText(TEXT_LIMITS.opaque).min(1).nullish(),
});
export type SearchMetadataBody = z.input<typeof searchMetadataBodySchema>;

/** A search index entry (spec 2 §3) with the name of its device, ordered by value then device. */
export const metadataSearchEntrySchema = z.object({
  key: z.enum(SEARCHABLE_METADATA_KEYS),
  value: z.string(),
  device_guid: z.string(),
  device_name: z.string(),
  /** The device's active alerts, as on the device list: its label's red alert icon. */
  alert_count: z.number().int().min(0),
});
export type MetadataSearchEntry = z.infer<typeof metadataSearchEntrySchema>;

export const searchMetadataResponseSchema = z.object({
  metadata: z.array(metadataSearchEntrySchema),
  pagination_token: paginationTokenSchema,
});

const params = z.object({ device_guid: guidSchema });
const tags = ['devices'];

export const deviceMetadataOperations = {
  get: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/metadata',
    summary: "A device's metadata (alias, location, note, deployment status)",
    tags,
    params,
    status: 200,
    response: metadataResponseSchema,
  }),
  save: defineOperation({
    method: 'POST',
    path: '/devices/:device_guid/metadata',
    summary: "Changes some of a device's metadata; an empty value clears a key",
    tags,
    params,
    body: saveMetadataBodySchema,
    status: 200,
    response: metadataResponseSchema,
  }),
  search: defineOperation({
    method: 'POST',
    path: '/orgs/:org_guid/device_metadata',
    summary: "Searches the organization's device metadata: values containing a text, by key",
    tags,
    params: orgParamsSchema,
    body: searchMetadataBodySchema,
    status: 200,
    response: searchMetadataResponseSchema,
  }),
};
