import { z } from 'zod';
import { guidSchema, inputText, TEXT_LIMITS } from './common.ts';
import { DEVICE_COMMAND_STATES, type DeviceCommandState } from './device-command-states.ts';
import { deviceParamsSchema } from './devices.ts';
import { dockerLogsDataSchema } from './docker-logs.ts';
import { defineOperation } from './operations.ts';
import {
  keptRestResponse,
  type RestResponse,
  restEndpointSchema,
  restRequestBodySchema,
  restResponseSchema,
} from './rest-direct.ts';

/**
 * Device commands (spec 2 §4.5, §4.8, §7): one-off actions on an encoder, sent on the device link
 * (`ec/devices/{guid}/commands`) and answered on `.../commands/result`.
 */

/** The console polls a command every 2 s, at most 100 times (spec 2 §4.5). */
export const DEVICE_COMMAND_POLL_MS = 2000;
export const DEVICE_COMMAND_MAX_ATTEMPTS = 100;
/** A delivered command without a final answer by the end of the console's polling has failed. */
export const DEVICE_COMMAND_TIMEOUT_MS = DEVICE_COMMAND_POLL_MS * DEVICE_COMMAND_MAX_ATTEMPTS;

/** Spec 2 §4.8: what the Update Container dialog starts with. */
export const UPDATE_CONTAINER_DEFAULTS = { version_tag: 'R3.12.0', container_name: 'videon-gui' };
/** Spec 2 §4.8: a preview is a 30 s stream sampled every second. */
export const INPUT_PREVIEW_DEFAULTS = { duration: 30, sample_interval: 1 };

const noData = z.object({}).strict().optional();

/**
 * Spec 2 §5 says letters and digits; its own default ('videon-gui') has a hyphen, so hyphens,
 * underscores and dots are allowed after the first character, as Docker's container names take them.
 */
const CONTAINER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
export const CONTAINER_NAME_RULE = 'Use letters and digits (and - _ . after the first character)';

/** The Update Docker Container command's data (spec 2 §4.8). */
export const updateContainerDataSchema = z.object({
  username: inputText(TEXT_LIMITS.short).trim().min(1, 'Username is required'),
  password: inputText(TEXT_LIMITS.short).min(1, 'Password is required'),
  version_tag: inputText(TEXT_LIMITS.short)
    .trim()
    .min(1, 'Version tag is required')
    .default(UPDATE_CONTAINER_DEFAULTS.version_tag),
  container_name: inputText(TEXT_LIMITS.short)
    .trim()
    .min(1, 'Container name is required')
    .regex(CONTAINER_NAME_PATTERN, CONTAINER_NAME_RULE)
    .default(UPDATE_CONTAINER_DEFAULTS.container_name),
});
const storageDeviceData = z.object({ storage_device_id: inputText(TEXT_LIMITS.short).min(1) });

/**
 * The commands a person may send (spec 2 §7) and the data each takes. `update_cloud` and
 * `upload_logs` are sent by the server itself (POST .../updates/cloud, POST .../logs).
 */
export const deviceCommandRequestSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('restart_cloud'), data: noData }),
  z.object({ command: z.literal('reboot_device'), data: noData }),
  z.object({ command: z.literal('reset_settings'), data: noData }),
  z.object({
    command: z.literal('update_nimbraedge_container'),
    data: updateContainerDataSchema,
  }),
  z.object({ command: z.literal('enable_adb'), data: z.boolean() }),
  z.object({
    command: z.literal('set_ui_password'),
    data: z.object({
      current_ui_password: inputText(TEXT_LIMITS.short).optional(),
      // Blank turns the local UI's authentication off (spec 2 §4.8).
      new_ui_password: inputText(TEXT_LIMITS.short),
    }),
  }),
  z.object({ command: z.literal('safely_remove_storage'), data: storageDeviceData }),
  z.object({ command: z.literal('format_storage'), data: storageDeviceData }),
  z.object({
    command: z.literal('send_input_preview'),
    data: z
      .object({
        duration: z.number().int().min(1).max(300).default(INPUT_PREVIEW_DEFAULTS.duration),
        sample_interval: z.number().int().min(1).max(60).default(INPUT_PREVIEW_DEFAULTS.sample_interval),
      })
      .default(INPUT_PREVIEW_DEFAULTS),
  }),
  z.object({ command: z.literal('send_docker_logs'), data: dockerLogsDataSchema }),
  z.object({ command: z.literal('download_update'), data: noData }),
  z.object({ command: z.literal('check_for_update'), data: noData }),
  z.object({ command: z.literal('apply_update'), data: noData }),
  // rest_endpoint sits beside `command`, not in `data`, as VideonLabs' published client scripts send it.
  z.object({ command: z.literal('rest_direct_get'), rest_endpoint: restEndpointSchema, data: noData }),
  z.object({
    command: z.literal('rest_direct_post'),
    rest_endpoint: restEndpointSchema,
    data: restRequestBodySchema.optional(),
  }),
  z.object({ command: z.literal('rest_direct_delete'), rest_endpoint: restEndpointSchema, data: noData }),
]);
export type DeviceCommandRequest = z.output<typeof deviceCommandRequestSchema>;

/**
 * The data the device is sent for a request: its `data`, except for a rest_direct command, whose
 * endpoint joins the body to post as `{rest_endpoint, body?}` (restDirectDataSchema).
 */
export function deviceCommandData(request: DeviceCommandRequest): unknown {
  if (!('rest_endpoint' in request)) return request.data;
  const body = request.command === 'rest_direct_post' ? request.data : undefined;
  return { rest_endpoint: request.rest_endpoint, ...(body === undefined ? {} : { body }) };
}

/**
 * The docker commands (device-docker.ts), sent by the docker calls (POST/PUT/DELETE
 * /devices/{guid}/docker/...), not through POST .../commands.
 */
export const DOCKER_COMMAND_NAMES = [
  'docker_container_action',
  'docker_container_create',
  'docker_container_delete',
  'docker_image_pull',
  'docker_image_delete',
] as const;
export type DockerCommandName = (typeof DOCKER_COMMAND_NAMES)[number];

/**
 * The commands the server sends for calls of their own: a cloud agent update, a log upload, a
 * directory container's install and uninstall (their data: containers/directory.ts), and docker's.
 */
const SERVER_COMMAND_NAMES = [
  'update_cloud',
  'upload_logs',
  'install_container',
  'uninstall_container',
  ...DOCKER_COMMAND_NAMES,
] as const;

/** Every command on the link: the ones people send and the ones the server sends for them. */
export const DEVICE_COMMAND_NAMES = [
  ...deviceCommandRequestSchema.options.map((option) => option.shape.command.value),
  ...SERVER_COMMAND_NAMES,
] as const;
export type DeviceCommandName = DeviceCommandRequest['command'] | (typeof SERVER_COMMAND_NAMES)[number];

/** Fields of a command's data that are secrets: sent to the device, never stored or logged. */
export const SECRET_COMMAND_FIELDS = ['password', 'current_ui_password', 'new_ui_password'] as const;

/**
 * A command's state as the API answers it in `response.result.state`: upper case, as the original API
 * answers and its published scripts compare ("COMPLETE"); the console shows it lower-cased (spec 2 §4.5).
 */
export const responseStateOf = (state: DeviceCommandState) =>
  state.toUpperCase() as Uppercase<DeviceCommandState>;
export const DEVICE_COMMAND_RESPONSE_STATES = DEVICE_COMMAND_STATES.map(responseStateOf);

/** cloud → device. */
export const deviceCommandMessageSchema = z.object({
  command_guid: guidSchema,
  command: z.string(),
  data: z.unknown().optional(),
});
export type DeviceCommandMessage = z.infer<typeof deviceCommandMessageSchema>;

/**
 * device → cloud: progress (accepted) or the outcome of a command; a rest_direct command's outcome
 * carries what the local API answered. A body the cloud does not keep (keptRestResponse) is dropped
 * with a note in the message rather than the whole message, so the command still finishes.
 */
export const deviceCommandResultMessageSchema = z
  .object({
    command_guid: guidSchema,
    state: z.enum(['accepted', 'complete', 'failed', 'rejected']),
    message: inputText(TEXT_LIMITS.long).nullable(),
    response: restResponseSchema.optional(),
  })
  .transform(({ response, ...result }): typeof result & { response?: RestResponse } => {
    if (!response) return result;
    const kept = keptRestResponse(response);
    const message = kept.dropped ? [result.message, kept.dropped].filter(Boolean).join(' ') : result.message;
    return { ...result, message, response: kept.response };
  });
export type DeviceCommandResultMessage = z.output<typeof deviceCommandResultMessageSchema>;

export const deviceCommandParamsSchema = z.object({ device_guid: guidSchema, command_guid: guidSchema });

export const sendDeviceCommandResponseSchema = z.object({
  command_guid: guidSchema,
  api_request_id: z.string(),
});

export const deviceCommandSchema = z.object({
  command_guid: guidSchema,
  command: z.string(),
  finished: z.boolean(),
  response: z.object({
    result: z.object({ state: z.enum(DEVICE_COMMAND_RESPONSE_STATES), message: z.string().nullable() }),
    /** rest_direct commands only: what the device's local API answered, null until (or unless) it did. */
    status_code: z.number().int().nullable().optional(),
    body: z.unknown().optional(),
  }),
  created: z.string(),
  finished_timestamp: z.string().nullable(),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

export const getDeviceCommandResponseSchema = z.object({
  command: deviceCommandSchema,
  api_request_id: z.string(),
});

export const cloudUpdateBodySchema = z.object({ update: z.literal(true) });

/**
 * Device logs (spec 2 §4.8, §7): POST .../logs sends `upload_logs` with an `upload_url`; the device PUTs
 * its gzip bundle there with its own link credentials (HTTP basic: device guid and secret), then
 * finishes the command. GET .../logs answers where the latest bundle is and when it was retrieved.
 */
export const DEVICE_LOGS_MAX_BYTES = 10 * 1024 * 1024;
export const DEVICE_LOGS_CONTENT_TYPE = 'application/gzip';
export const deviceLogsUploadPath = (commandGuid: string) => `/v1/device-uploads/logs/${commandGuid}`;
export const deviceLogsBundlePath = (deviceGuid: string) => `/v1/devices/${deviceGuid}/logs/bundle`;
export const uploadLogsDataSchema = z.object({ upload_url: z.url() });
export const requestDeviceLogsResponseSchema = z.object({ command_guid: guidSchema });
export const deviceLogsResponseSchema = z.object({
  logs: z.object({ url: z.string(), last_retrieved: z.string() }).nullable(),
});

const tags = ['device commands'];

/** The device command and log operations (spec 2 §7). */
export const deviceCommandOperations = {
  send: defineOperation({
    method: 'POST',
    path: '/devices/:device_guid/commands',
    summary: 'Send a command to an online device (reboot, reset, ADB, storage, updates, ...)',
    tags,
    params: deviceParamsSchema,
    body: deviceCommandRequestSchema,
    status: 202,
    response: sendDeviceCommandResponseSchema,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/commands/:command_guid',
    summary: 'A device command: accepted, then complete, failed or rejected with a message',
    tags,
    params: deviceCommandParamsSchema,
    status: 200,
    response: getDeviceCommandResponseSchema,
  }),
  updateCloud: defineOperation({
    method: 'POST',
    path: '/devices/:device_guid/updates/cloud',
    summary: 'Update (or re-install) the cloud agent of an online device',
    tags,
    params: deviceParamsSchema,
    body: cloudUpdateBodySchema,
    status: 202,
    response: sendDeviceCommandResponseSchema,
  }),
  requestLogs: defineOperation({
    method: 'POST',
    path: '/devices/:device_guid/logs',
    summary: 'Ask an online device to upload a log bundle (command upload_logs)',
    tags,
    params: deviceParamsSchema,
    status: 202,
    response: requestDeviceLogsResponseSchema,
  }),
  getLogs: defineOperation({
    method: 'GET',
    path: '/devices/:device_guid/logs',
    summary: 'The latest log bundle of the device: its address and when it was retrieved',
    tags,
    params: deviceParamsSchema,
    status: 200,
    response: deviceLogsResponseSchema,
  }),
};
