import { z } from 'zod';
import type { DeviceRights } from './access.ts';
import { guidSchema } from './common.ts';
import type { CommandRefusal } from './device-command-rules.ts';
import { isEntitled } from './entitlements/entitlement-gates.ts';
import { defineOperation } from './operations.ts';

/**
 * Bulk actions on the device list (spec 2 §2.3): one action on many devices in one call, so the
 * server can hold each device to the bulk_actions feature (spec 2 §5) as well as to the action's own
 * rules. Each device gets its own answer; the console then follows each accepted command.
 */

export const BULK_ACTIONS_FEATURE = 'services.cloud.bulk_actions.enabled';
/** The device lists hold up to 1000 rows (spec 2 §2.3), so a bulk action names at most as many. */
export const BULK_DEVICES_MAX = 1000;

/**
 * The actions sent in bulk: the device commands behind Reboot and Update Firmware, Output Control, and
 * Install Container (a directory container, as POST /devices/{guid}/containers installs it).
 */
export const BULK_ACTION_NAMES = [
  'reboot_device',
  'download_update',
  'output_control',
  'container_install',
] as const;
export type BulkActionName = (typeof BULK_ACTION_NAMES)[number];

export const bulkActionBodySchema = z
  .object({
    action: z.enum(BULK_ACTION_NAMES, { error: `action must be one of ${BULK_ACTION_NAMES.join(', ')}` }),
    device_guids: z
      .array(guidSchema, { error: 'device_guids must be a list of device guids' })
      .min(1, 'Name at least one device')
      .max(BULK_DEVICES_MAX, `At most ${BULK_DEVICES_MAX} devices`)
      .refine((guids) => new Set(guids).size === guids.length, { message: 'Each device may appear once' }),
    /** Output Control only: every configured output (all but thumbnails) on, or off. */
    enable: z.boolean({ error: 'enable must be true or false' }).optional(),
    /** Install Container only: the directory container's container_guid. */
    container_id: guidSchema.optional(),
  })
  .refine((body) => body.action !== 'output_control' || body.enable !== undefined, {
    message: 'Output Control needs enable (true or false)',
    path: ['enable'],
  })
  .refine((body) => body.action !== 'container_install' || body.container_id !== undefined, {
    message: 'Install Container needs container_id (a container of the directory)',
    path: ['container_id'],
  });
export type BulkActionBody = z.infer<typeof bulkActionBodySchema>;

/**
 * One device's answer: what the single-device call would have answered (202 with the command to
 * follow, or its error status, code and message).
 */
export const bulkDeviceResultSchema = z.object({
  device_guid: z.string(),
  status: z.number().int(),
  /** The command to follow: a device command, or for Output Control the Outputs set (a shadow command). */
  command_guid: z.string().nullable(),
  /** Output Control: how many outputs the set switches. */
  output_count: z.number().int().nullable(),
  error_code: z.string().nullable(),
  message: z.string().nullable(),
});
export type BulkDeviceResult = z.infer<typeof bulkDeviceResultSchema>;

export const bulkActionResponseSchema = z.object({ results: z.array(bulkDeviceResultSchema) });

/**
 * Why the person may not act on this device in bulk, or null: the device's bulk_actions feature,
 * which device admins bypass (spec 2 §5). The action's own rules (rights, its feature, the cloud
 * agent's version) are judged after this, as for a single device.
 */
export function bulkActionRefusal(input: {
  rights: DeviceRights;
  entitlements: Readonly<Record<string, unknown>>;
  featureLabel: (feature: string) => string;
}): CommandRefusal | null {
  if (input.rights.admin || isEntitled(input.entitlements, BULK_ACTIONS_FEATURE)) return null;
  return {
    reason: 'entitlement',
    message: `This device is not licensed for ${input.featureLabel(BULK_ACTIONS_FEATURE)}.`,
  };
}

export const bulkActionOperations = {
  run: defineOperation({
    method: 'POST',
    path: '/devices/bulk_actions',
    summary:
      'Runs one action (reboot_device, download_update, output_control or container_install) on many devices; answers one result per device',
    tags: ['devices'],
    body: bulkActionBodySchema,
    status: 200,
    response: bulkActionResponseSchema,
  }),
};
