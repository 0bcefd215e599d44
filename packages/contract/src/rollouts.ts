import { z } from 'zod';
import {
  containsNul,
  guidSchema,
  NUL_MESSAGE,
  paginationQuerySchema,
  paginationTokenSchema,
} from './common.ts';
import { defineOperation } from './operations.ts';
import { jsonBytes } from './rest-direct.ts';
import { TEMPLATE_SHADOWS } from './shadow-template-state.ts';
import { SHADOW_TEMPLATE_MAX_BYTES } from './shadow-templates.ts';
import { SHADOW_COMMAND_TIMEOUT_MS } from './shadows.ts';

/**
 * Rollouts (issue 26, beyond the spec): one configuration change, an organization's shadow template or
 * one shadow's document as a configuration tab sends it, applied to many devices in waves. Each wave is
 * sent through the shadow set path a single save uses; the next waits until every device of the wave
 * acknowledged, and the rollout stops by itself on a rejection or on a device that does not answer
 * within the set's limit (SHADOW_COMMAND_TIMEOUT_MS). Offline devices are skipped or queued (sent when
 * they come online while the rollout runs).
 */

export const ROLLOUT_WAVE_SIZE_MAX = 1000;
/** Devices one rollout may target: a fleet's devices at its start, or a list. */
export const ROLLOUT_DEVICES_MAX = 10_000;
/** The longest pause between two waves: a day. */
export const ROLLOUT_PAUSE_MAX_SECONDS = 86_400;
/** A device that does not acknowledge within a set's limit stops the rollout. */
export const ROLLOUT_ACK_LIMIT_MS = SHADOW_COMMAND_TIMEOUT_MS;
export const ROLLOUT_PAGE_SIZE = 50;

export const ROLLOUT_STATES = ['running', 'paused', 'completed', 'stopped', 'cancelled'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
/** A rollout in one of these changes no more devices. */
export const FINISHED_ROLLOUT_STATES: readonly RolloutState[] = ['completed', 'stopped', 'cancelled'];

/**
 * A device's part: pending (its wave has not come), sent (the set is with the device), acknowledged
 * (applied), rejected (refused by the console's judging or by the device), timed_out (no answer within
 * the limit), skipped (offline, policy skip), queued (offline, sent when it comes online), cancelled
 * (the rollout ended before it was sent).
 */
export const ROLLOUT_DEVICE_STATES = [
  'pending',
  'sent',
  'acknowledged',
  'rejected',
  'timed_out',
  'skipped',
  'queued',
  'cancelled',
] as const;
export type RolloutDeviceState = (typeof ROLLOUT_DEVICE_STATES)[number];
/** States after which a device waits for nothing more. */
export const SETTLED_DEVICE_STATES: readonly RolloutDeviceState[] = [
  'acknowledged',
  'rejected',
  'timed_out',
  'skipped',
  'cancelled',
];
/** States that stop a running rollout. */
export const FAILED_DEVICE_STATES: readonly RolloutDeviceState[] = ['rejected', 'timed_out'];

export const ROLLOUT_DEVICE_STATE_LABELS: Record<RolloutDeviceState, string> = {
  pending: 'Waiting',
  sent: 'Sent',
  acknowledged: 'Acknowledged',
  rejected: 'Rejected',
  timed_out: 'No answer',
  skipped: 'Skipped (offline)',
  queued: 'Queued (offline)',
  cancelled: 'Not sent',
};
export const ROLLOUT_STATE_LABELS: Record<RolloutState, string> = {
  running: 'Running',
  paused: 'Paused',
  completed: 'Completed',
  stopped: 'Stopped',
  cancelled: 'Cancelled',
};

export const OFFLINE_POLICIES = ['skip', 'queue'] as const;
export type OfflinePolicy = (typeof OFFLINE_POLICIES)[number];

const rolloutShadowSchema = z.enum(TEMPLATE_SHADOWS, {
  error: () => `shadow_name must be one of ${TEMPLATE_SHADOWS.join(', ')}`,
});

const changeStateSchema = z
  .record(z.string(), z.unknown(), { error: 'The state must be a JSON object' })
  .refine((state) => jsonBytes(state) <= SHADOW_TEMPLATE_MAX_BYTES, {
    message: `The state must be at most ${SHADOW_TEMPLATE_MAX_BYTES / 1024} KiB of JSON`,
  })
  .refine((state) => !containsNul(state), NUL_MESSAGE);

/** What is rolled out: a template of the organization, or one shadow's document as a tab's set sends it. */
export const rolloutSourceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('template'), template_guid: guidSchema }),
    z.object({ kind: z.literal('change'), shadow_name: rolloutShadowSchema, state: changeStateSchema }),
  ],
  { error: () => "source.kind must be 'template' or 'change'" },
);
export type RolloutSource = z.infer<typeof rolloutSourceSchema>;

/** Where: a fleet (its devices when the rollout starts) or a list of devices. */
export const rolloutTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('fleet'), fleet_guid: guidSchema }),
    z.object({
      kind: z.literal('devices'),
      device_guids: z
        .array(guidSchema, { error: 'List the devices' })
        .min(1, 'Select at least one device')
        .max(ROLLOUT_DEVICES_MAX, `At most ${ROLLOUT_DEVICES_MAX} devices`)
        .refine((guids) => new Set(guids).size === guids.length, {
          message: 'Each device may be listed once',
        }),
    }),
  ],
  { error: () => "target.kind must be 'fleet' or 'devices'" },
);
export type RolloutTarget = z.infer<typeof rolloutTargetSchema>;

export const waveSizeSchema = z
  .number({ error: 'Wave size must be a number' })
  .int('Wave size must be a whole number')
  .min(1, 'Wave size must be at least 1')
  .max(ROLLOUT_WAVE_SIZE_MAX, `Wave size must be at most ${ROLLOUT_WAVE_SIZE_MAX}`);
export const wavePauseSchema = z
  .number({ error: 'Pause must be a number of seconds' })
  .int('Pause must be whole seconds')
  .min(0, 'Pause cannot be negative')
  .max(ROLLOUT_PAUSE_MAX_SECONDS, `Pause must be at most ${ROLLOUT_PAUSE_MAX_SECONDS} seconds`);

/** The settings the Roll Out dialog asks for, shared by the form and the call. */
export const rolloutSettingsSchema = z.object({
  wave_size: waveSizeSchema,
  pause_seconds: wavePauseSchema,
  offline_policy: z.enum(OFFLINE_POLICIES, { error: () => "offline_policy must be 'skip' or 'queue'" }),
});
export type RolloutSettings = z.infer<typeof rolloutSettingsSchema>;
export const DEFAULT_ROLLOUT_SETTINGS: RolloutSettings = {
  wave_size: 10,
  pause_seconds: 0,
  offline_policy: 'skip',
};

export const createRolloutBodySchema = rolloutSettingsSchema.extend({
  source: rolloutSourceSchema,
  target: rolloutTargetSchema,
});
export type CreateRolloutBody = z.input<typeof createRolloutBodySchema>;
export const createRolloutResponseSchema = z.object({ rollout_guid: z.string() });

export const rolloutParamsSchema = z.object({ rollout_guid: guidSchema });

const rolloutCountsSchema = z.object(
  Object.fromEntries(ROLLOUT_DEVICE_STATES.map((state) => [state, z.number()])) as Record<
    RolloutDeviceState,
    z.ZodNumber
  >,
);
export type RolloutCounts = z.infer<typeof rolloutCountsSchema>;

export const rolloutSchema = z.object({
  rollout_guid: z.string(),
  org_guid: z.string(),
  rollout_state: z.enum(ROLLOUT_STATES),
  /** Why it stopped: the first device that rejected or did not answer, in words. */
  stop_reason: z.string().nullable(),
  source_kind: z.enum(['template', 'change']),
  shadow_name: z.string(),
  template_guid: z.string().nullable(),
  template_name: z.string().nullable(),
  target_kind: z.enum(['fleet', 'devices']),
  fleet_guid: z.string().nullable(),
  wave_size: z.number(),
  pause_seconds: z.number(),
  offline_policy: z.enum(OFFLINE_POLICIES),
  wave_count: z.number(),
  /** The wave under way (0-based); wave_count once all have been sent. */
  current_wave: z.number(),
  /** When the next wave goes out, during a pause between waves. */
  next_wave_at: z.string().nullable(),
  device_count: z.number(),
  counts: rolloutCountsSchema,
  created_by_email: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The caller may pause, resume and cancel it. */
  manageable: z.boolean(),
});
export type Rollout = z.infer<typeof rolloutSchema>;

export const rolloutDeviceSchema = z.object({
  device_guid: z.string(),
  device_name: z.string().nullable(),
  serial_number: z.string().nullable(),
  wave: z.number(),
  device_state: z.enum(ROLLOUT_DEVICE_STATES),
  command_guid: z.string().nullable(),
  message: z.string().nullable(),
  error_code: z.string().nullable(),
  sent_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type RolloutDevice = z.infer<typeof rolloutDeviceSchema>;

export const rolloutWaveSchema = z.object({
  wave: z.number(),
  counts: rolloutCountsSchema,
  devices: z.array(rolloutDeviceSchema),
});
export type RolloutWave = z.infer<typeof rolloutWaveSchema>;

export const getRolloutResponseSchema = z.object({
  rollout: rolloutSchema,
  waves: z.array(rolloutWaveSchema),
});
export const rolloutResponseSchema = z.object({ rollout: rolloutSchema });

export const listRolloutsQuerySchema = paginationQuerySchema.extend({
  rollout_state: z.enum(ROLLOUT_STATES).optional(),
  fleet_guid: guidSchema.optional(),
});
export const listRolloutsResponseSchema = z.object({
  rollouts: z.array(rolloutSchema),
  pagination_token: paginationTokenSchema,
});

export const ROLLOUT_ERRORS = {
  notFound: 'Rollout not found',
  templateNotFound: 'Shadow template not found',
  noDevices: 'The fleet has no devices to roll out to',
  devicesNotFound: 'Devices not found in this organization',
  notEditable: 'You can roll out only to devices you may edit',
  notManageable: 'Only the rollout’s creator or an organization editor can change it',
  finished: 'The rollout has finished',
  notRunning: 'Only a running rollout can be paused',
  notPaused: 'Only a paused rollout can be resumed',
} as const;

const tags = ['rollouts'];

export const rolloutOperations = {
  create: defineOperation({
    method: 'POST',
    path: '/rollouts',
    summary:
      'Roll a template or one shadow change out to a fleet or devices in waves (x-org-guid; editors of every target device)',
    tags,
    body: createRolloutBodySchema,
    status: 201,
    response: createRolloutResponseSchema,
  }),
  list: defineOperation({
    method: 'GET',
    path: '/rollouts',
    summary: "The organization's rollouts, newest first (x-org-guid; members)",
    tags,
    query: listRolloutsQuerySchema,
    status: 200,
    response: listRolloutsResponseSchema,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/rollouts/:rollout_guid',
    summary: 'One rollout with its waves and each device’s result',
    tags,
    params: rolloutParamsSchema,
    status: 200,
    response: getRolloutResponseSchema,
  }),
  pause: defineOperation({
    method: 'POST',
    path: '/rollouts/:rollout_guid/pause',
    summary: 'Pause a running rollout: the sets already sent finish, no further wave goes out',
    tags,
    params: rolloutParamsSchema,
    status: 200,
    response: rolloutResponseSchema,
  }),
  resume: defineOperation({
    method: 'POST',
    path: '/rollouts/:rollout_guid/resume',
    summary: 'Resume a paused rollout',
    tags,
    params: rolloutParamsSchema,
    status: 200,
    response: rolloutResponseSchema,
  }),
  cancel: defineOperation({
    method: 'POST',
    path: '/rollouts/:rollout_guid/cancel',
    summary: 'Cancel a rollout: devices not yet sent to are left as they are',
    tags,
    params: rolloutParamsSchema,
    status: 200,
    response: rolloutResponseSchema,
  }),
};
