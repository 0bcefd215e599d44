import { describe, expect, it } from 'vitest';
import {
  deviceCommandData,
  deviceCommandRequestSchema,
  deviceCommandResultMessageSchema,
  deviceCommandSchema,
} from './device-commands.ts';
import {
  isRestDirectCommand,
  parseRestEndpoint,
  REST_ENDPOINT_MAX_LENGTH,
  REST_REQUEST_BODY_MAX_BYTES,
  REST_RESPONSE_BODY_MAX_BYTES,
  restDirectDataSchema,
  restEndpointSchema,
} from './rest-direct.ts';

const COMMAND_GUID = '6c1f7a52-3f7e-4d7e-9a43-2b8f0d9c1e11';
const problem = (endpoint: unknown) => {
  const result = restEndpointSchema.safeParse(endpoint);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('rest_endpoint', () => {
  it.each([
    ':2020/v2/system',
    ':1323/v1/stop',
    ':1323/v1/start?url=https%3A%2F%2Fexample.com&fps=2',
    ':1/',
    ':65535/a/b;c=d/@x?q=/?',
  ])('takes %s', (endpoint) => {
    expect(problem(endpoint)).toBeNull();
  });

  it.each([
    ['/v2/system', 'Must be a port and a path on the device, such as ":2020/v2/system"'],
    [':2020', 'Must be a port and a path on the device, such as ":2020/v2/system"'],
    ['http://localhost:2020/v2/system', 'Must be a port and a path on the device, such as ":2020/v2/system"'],
    [':2020@evil.example/v2', 'Must be a port and a path on the device, such as ":2020/v2/system"'],
    [':0/v2/system', 'The port must be between 1 and 65535'],
    [':65536/v2/system', 'The port must be between 1 and 65535'],
    [
      ':2020/v2/in channels',
      'The path may only hold URL characters: percent-encode the others (a space as %20)',
    ],
    [
      ':2020/v2/system#top',
      'The path may only hold URL characters: percent-encode the others (a space as %20)',
    ],
    [':2020/v2/%zz', 'The path may only hold URL characters: percent-encode the others (a space as %20)'],
    [':2020/v2/\u0000', 'The path may only hold URL characters: percent-encode the others (a space as %20)'],
    [
      `:2020/${'a'.repeat(REST_ENDPOINT_MAX_LENGTH)}`,
      `Must be at most ${REST_ENDPOINT_MAX_LENGTH} characters`,
    ],
    [undefined, 'rest_endpoint is required, such as ":2020/v2/system"'],
  ])('refuses %j: %s', (endpoint, message) => {
    expect(problem(endpoint)).toBe(message);
  });

  it('is taken apart into the port and the path with its query', () => {
    expect(parseRestEndpoint(':1323/v1/start?fps=2')).toEqual({ port: 1323, path: '/v1/start?fps=2' });
    expect(parseRestEndpoint(':70000/v1')).toBeUndefined();
  });
});

describe('the rest_direct requests', () => {
  it('take the endpoint at the top level, as the published scripts send it', () => {
    const get = deviceCommandRequestSchema.parse({
      command: 'rest_direct_get',
      rest_endpoint: ':2020/v2/system',
    });
    expect(deviceCommandData(get)).toEqual({ rest_endpoint: ':2020/v2/system' });
    const post = deviceCommandRequestSchema.parse({
      command: 'rest_direct_post',
      rest_endpoint: ':1323/v1/start?fps=2',
      data: { url: 'https://example.com' },
    });
    expect(deviceCommandData(post)).toEqual({
      rest_endpoint: ':1323/v1/start?fps=2',
      body: { url: 'https://example.com' },
    });
    expect(restDirectDataSchema.parse(deviceCommandData(post))).toEqual(deviceCommandData(post));
  });

  it('refuses a missing endpoint, a body on GET and DELETE, and a body too big for a device', () => {
    for (const request of [
      { command: 'rest_direct_get' },
      { command: 'rest_direct_get', data: { rest_endpoint: ':2020/v2/system' } },
      { command: 'rest_direct_delete', rest_endpoint: ':1323/v1/stop', data: { force: true } },
      {
        command: 'rest_direct_post',
        rest_endpoint: ':1323/v1/start',
        data: { blob: 'x'.repeat(REST_REQUEST_BODY_MAX_BYTES) },
      },
    ])
      expect(deviceCommandRequestSchema.safeParse(request).success, JSON.stringify(request)).toBe(false);
  });

  it('keeps the data of the other commands as it was', () => {
    expect(deviceCommandData(deviceCommandRequestSchema.parse({ command: 'enable_adb', data: true }))).toBe(
      true,
    );
    expect(isRestDirectCommand('rest_direct_delete')).toBe(true);
    expect(isRestDirectCommand('reboot_device')).toBe(false);
  });
});

describe('the result of a rest_direct command', () => {
  const result = (response: unknown, message: string | null = 'GET :2020/v2/system answered 200') =>
    deviceCommandResultMessageSchema.parse({
      command_guid: COMMAND_GUID,
      state: 'complete',
      message,
      response,
    });

  it('carries the status and the body the local API answered', () => {
    expect(result({ status_code: 200, body: { system: { cpu: 3 } } })).toEqual({
      command_guid: COMMAND_GUID,
      state: 'complete',
      message: 'GET :2020/v2/system answered 200',
      response: { status_code: 200, body: { system: { cpu: 3 } } },
    });
    expect(result({ status_code: 502, body: 'Bad Gateway' }).response?.body).toBe('Bad Gateway');
    expect(result(undefined)).not.toHaveProperty('response');
  });

  it('drops a body it cannot keep, with a note, and still finishes the command', () => {
    const big = result({ status_code: 200, body: 'x'.repeat(REST_RESPONSE_BODY_MAX_BYTES) });
    expect(big.response).toEqual({ status_code: 200, body: null });
    expect(big.message).toBe(
      `GET :2020/v2/system answered 200 The response body was over ${REST_RESPONSE_BODY_MAX_BYTES / 1024} KiB and was not kept.`,
    );
    const nul = result({ status_code: 200, body: { name: 'a\u0000b' } }, null);
    expect(nul.response).toEqual({ status_code: 200, body: null });
    expect(nul.message).toBe('The response body held a NUL character and was not kept.');
  });

  it('refuses a status that is not an HTTP status', () => {
    expect(
      deviceCommandResultMessageSchema.safeParse({
        command_guid: COMMAND_GUID,
        state: 'complete',
        message: null,
        response: { status_code: 42, body: null },
      }).success,
    ).toBe(false);
  });

  it('is answered beside the result, while other commands answer the result alone', () => {
    const command = {
      command_guid: COMMAND_GUID,
      command: 'rest_direct_get',
      finished: true,
      response: { result: { state: 'COMPLETE', message: null }, status_code: 200, body: { ok: true } },
      created: new Date().toISOString(),
      finished_timestamp: new Date().toISOString(),
    };
    expect(deviceCommandSchema.parse(command)).toEqual(command);
    const reboot = { ...command, command: 'reboot_device', response: { result: command.response.result } };
    expect(deviceCommandSchema.parse(reboot)).toEqual(reboot);
  });
});
