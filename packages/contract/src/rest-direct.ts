import { z } from 'zod';
import { containsNul, NUL_MESSAGE } from './common.ts';

/**
 * rest_direct commands (issue 12): the device makes an HTTP call on its own local API and answers the
 * status and body it got. The endpoint is the port and path on the device, as VideonLabs' published
 * client scripts send it: ":2020/v2/system", ":1323/v1/start?url=https%3A%2F%2Fexample.com".
 */
export const REST_DIRECT_METHODS = {
  rest_direct_get: 'GET',
  rest_direct_post: 'POST',
  rest_direct_delete: 'DELETE',
} as const;
export type RestDirectCommand = keyof typeof REST_DIRECT_METHODS;
export type RestDirectMethod = (typeof REST_DIRECT_METHODS)[RestDirectCommand];

export const isRestDirectCommand = (command: string): command is RestDirectCommand =>
  Object.hasOwn(REST_DIRECT_METHODS, command);

/** A URL's length that every HTTP server takes. */
export const REST_ENDPOINT_MAX_LENGTH = 2048;
/** What a rest_direct_post may send: a configuration, not a file. */
export const REST_REQUEST_BODY_MAX_BYTES = 64 * 1024;
/** What the cloud keeps of an answer's body; it travels in one MQTT packet (1 MiB) with room to spare. */
export const REST_RESPONSE_BODY_MAX_BYTES = 256 * 1024;

const ENDPOINT_SHAPE = /^:(\d{1,5})(\/.*)$/s;
/** RFC 3986's path and query characters; anything else percent-encoded. No fragment: it never leaves a client. */
const URL_CHARACTERS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;

/** A rest_endpoint taken apart; undefined when it is not one (restEndpointSchema says why). */
export function parseRestEndpoint(endpoint: string): { port: number; path: string } | undefined {
  const match = ENDPOINT_SHAPE.exec(endpoint);
  if (!match) return undefined;
  const port = Number(match[1]);
  if (port < 1 || port > 65535 || !URL_CHARACTERS.test(match[2]!)) return undefined;
  return { port, path: match[2]! };
}

function endpointProblem(endpoint: string): string | null {
  const match = ENDPOINT_SHAPE.exec(endpoint);
  if (!match) return 'Must be a port and a path on the device, such as ":2020/v2/system"';
  const port = Number(match[1]);
  if (port < 1 || port > 65535) return 'The port must be between 1 and 65535';
  if (!URL_CHARACTERS.test(match[2]!))
    return 'The path may only hold URL characters: percent-encode the others (a space as %20)';
  return null;
}

export const restEndpointSchema = z
  .string({ error: 'rest_endpoint is required, such as ":2020/v2/system"' })
  .max(REST_ENDPOINT_MAX_LENGTH, `Must be at most ${REST_ENDPOINT_MAX_LENGTH} characters`)
  .superRefine((endpoint, context) => {
    const problem = endpointProblem(endpoint);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** The size of a JSON value as sent: its UTF-8 bytes. */
export const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value) ?? '').length;

/** The JSON a rest_direct_post sends as its request body. */
export const restRequestBodySchema = z
  .unknown()
  .refine((body) => jsonBytes(body) <= REST_REQUEST_BODY_MAX_BYTES, {
    message: `The body must be at most ${REST_REQUEST_BODY_MAX_BYTES / 1024} KiB of JSON`,
  })
  .refine((body) => !containsNul(body), NUL_MESSAGE);

/** cloud → device: the data of a rest_direct command. */
export const restDirectDataSchema = z.object({
  rest_endpoint: restEndpointSchema,
  body: z.unknown().optional(),
});
export type RestDirectData = z.infer<typeof restDirectDataSchema>;

/**
 * device → cloud: what the local API answered. The body is its JSON, or its text when it was not JSON.
 * Absent when no answer came (nothing listening on the port).
 */
export const restResponseSchema = z.object({
  status_code: z.number().int().min(100).max(599),
  body: z.unknown(),
});
export type RestResponse = z.infer<typeof restResponseSchema>;

/**
 * The answer as the cloud keeps it, and why its body was dropped: a body over the limit, or one holding
 * U+0000 (PostgreSQL's jsonb cannot), keeps only the status, so the command still finishes.
 */
export function keptRestResponse(response: RestResponse): { response: RestResponse; dropped: string | null } {
  const body = response.body ?? null;
  if (jsonBytes(body) > REST_RESPONSE_BODY_MAX_BYTES)
    return {
      response: { status_code: response.status_code, body: null },
      dropped: `The response body was over ${REST_RESPONSE_BODY_MAX_BYTES / 1024} KiB and was not kept.`,
    };
  if (containsNul(body))
    return {
      response: { status_code: response.status_code, body: null },
      dropped: 'The response body held a NUL character and was not kept.',
    };
  return { response: { status_code: response.status_code, body }, dropped: null };
}
