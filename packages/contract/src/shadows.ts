import { z } from 'zod';
import { containsNul, NUL_MESSAGE } from './common.ts';
import { deviceParamsSchema } from './devices.ts';
import { defineOperation } from './operations.ts';

/** The named configuration documents a device keeps (spec 3 §1, §9). */
export const SHADOW_NAMES = ['Inputs', 'Encoders', 'Outputs', 'System', 'Alerts', 'Containers'] as const;
export type ShadowName = (typeof SHADOW_NAMES)[number];
export const shadowNameSchema = z.enum(SHADOW_NAMES);

/** Seconds the console polls a shadow command: every 2 s, at most 10 attempts (spec 2 §9). */
export const SHADOW_COMMAND_POLL_MS = 2000;
export const SHADOW_COMMAND_MAX_ATTEMPTS = 10;
/** A command without a device answer by the end of the console's polling has failed. */
export const SHADOW_COMMAND_TIMEOUT_MS = SHADOW_COMMAND_POLL_MS * SHADOW_COMMAND_MAX_ATTEMPTS;
export const DEVICE_TIMEOUT = 'DEVICE_TIMEOUT';
/** The command could not be handed to the broker (the server's link to it is down). */
export const DEVICE_LINK_UNAVAILABLE = 'DEVICE_LINK_UNAVAILABLE';
/**
 * Failures the server decided without a word from the device. The device's own answer, whenever it
 * arrives, replaces them: it is the authority on what it applied.
 */
export const SERVER_SIDE_FAILURES = [DEVICE_TIMEOUT, DEVICE_LINK_UNAVAILABLE] as const;

export const CONFIG_MISMATCH = 'Config mismatch!';

const shadowStateSchema = z.record(z.string(), z.unknown());

/** A document sent to a device is stored as jsonb first, which cannot hold U+0000. */
const requestedStateSchema = shadowStateSchema.refine((state) => !containsNul(state), NUL_MESSAGE);

export const shadowSchema = z.object({
  shadow_name: shadowNameSchema,
  reported: z
    .object({
      state: shadowStateSchema.nullable(),
      current_version: z.number().int(),
      timestamp: z.iso.datetime(),
    })
    .nullable(),
  requested: z
    .object({
      state: shadowStateSchema.nullable(),
      timestamp: z.iso.datetime(),
    })
    .nullable(),
});
export type Shadow = z.infer<typeof shadowSchema>;

const shadowNamesListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean),
  )
  .pipe(z.array(shadowNameSchema));

export const getShadowsQuerySchema = z.object({
  shadow_names: shadowNamesListSchema.optional(),
  skip_requested_state: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const getShadowsResponseSchema = z.object({ shadows: z.array(shadowSchema) });

export const shadowCommandTypeSchema = z.enum(['get', 'set']);

export const shadowCommandsBodySchema = z.discriminatedUnion('command_type', [
  z.object({
    command_type: z.literal('get'),
    commands: z.array(z.object({ shadow_name: shadowNameSchema })).min(1, 'At least one command is required'),
  }),
  z.object({
    command_type: z.literal('set'),
    commands: z
      .array(
        z.object({
          shadow_name: shadowNameSchema,
          target_version: z.number().int().min(0),
          state: requestedStateSchema,
        }),
      )
      .min(1, 'At least one command is required'),
  }),
]);
export type ShadowCommandsBody = z.infer<typeof shadowCommandsBodySchema>;

export const shadowCommandsResponseSchema = z.object({
  commands: z.array(z.object({ shadow_name: shadowNameSchema, command_guid: z.string() })),
});

export const COMMAND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

export const shadowCommandSchema = z.object({
  command_guid: z.string(),
  shadow_name: shadowNameSchema,
  command_type: shadowCommandTypeSchema,
  finished: z.boolean(),
  command_state: z.enum(COMMAND_STATES),
  response: z
    .object({
      message: z.string().nullable(),
      error_code: z.string().nullable(),
      state: shadowStateSchema.nullable(),
      current_version: z.number().int().nullable(),
    })
    .nullable(),
  requested: z.object({ state: shadowStateSchema.nullable() }),
  created_timestamp: z.iso.datetime(),
  finished_timestamp: z.iso.datetime().nullable(),
});
export type ShadowCommand = z.infer<typeof shadowCommandSchema>;

export const shadowCommandParamsSchema = z.object({ device_guid: z.uuid(), command_guid: z.uuid() });
export const getShadowCommandResponseSchema = z.object({ command: shadowCommandSchema });

/**
 * GET /devices/{device_guid}/documents (spec 2 §4.9): when the state and each shadow last changed, so
 * the console refetches only what is newer than what it shows.
 */
export const deviceDocumentsResponseSchema = z.object({
  documents: z.array(
    z.object({
      document: z.union([z.literal('state'), shadowNameSchema]),
      last_modified: z.iso.datetime().nullable(),
    }),
  ),
});

const tags = ['shadows'];

/** The shadow protocol's operations (spec 3 §7) and the documents list (spec 2 §4.9). */
export const shadowOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/shadows',
    summary: 'Reported and requested sides of the device’s shadows',
    tags,
    params: deviceParamsSchema,
    query: getShadowsQuerySchema,
    status: 200,
    response: getShadowsResponseSchema,
  }),
  documents: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/documents',
    summary: 'When the device state and each shadow last changed',
    tags,
    params: deviceParamsSchema,
    status: 200,
    response: deviceDocumentsResponseSchema,
  }),
  sendCommands: defineOperation({
    method: 'POST',
    path: '/devices/:device_guid/shadows/commands',
    summary: 'Ask the device for shadows (get) or send new documents (set)',
    tags,
    params: deviceParamsSchema,
    body: shadowCommandsBodySchema,
    status: 202,
    response: shadowCommandsResponseSchema,
  }),
  getCommand: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/shadows/commands/:command_guid',
    summary: 'A shadow command and, once finished, the device’s answer',
    tags,
    params: shadowCommandParamsSchema,
    status: 200,
    response: getShadowCommandResponseSchema,
  }),
};
