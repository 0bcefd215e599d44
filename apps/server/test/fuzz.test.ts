import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, provisionInto, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Every operation of the OpenAPI document, called the way a careless or hostile client would: path
 * parameters that are no guid, query values of the wrong type, bodies of the wrong shape, U+0000 and
 * megabytes of text, broken JSON, another content type, with and without a token; and a body the
 * operation would take but for U+0000 in one of its strings, for each string at any depth. None may
 * answer 5xx.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: { type?: string };
}
/** What the fuzzer reads of a JSON Schema. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  maxItems?: number;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
}

const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(300_000);
/** Values of the wrong kind for anything: each is tried in every parameter and body field. */
const BAD_VALUES: unknown[] = [
  '',
  NUL,
  HUGE,
  'abc',
  '-1',
  '1e309',
  12345,
  -1,
  1.5,
  true,
  null,
  [],
  {},
  ['a', NUL],
];
const BAD_PATH_VALUES = [
  'abc',
  '%00',
  encodeURIComponent(NUL),
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(2000),
];

let t: TestApp;
let user: TestUser;
let orgGuid: string;
let deviceGuid: string;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t, {
    groups: [
      'UserManagement',
      'OrganizationManagement',
      'DeviceManagement',
      'EntitlementManagement',
      'ContainerManagement',
    ],
  });
  orgGuid = await createOrg(t, user);
  const [device] = await provisionInto(t, orgGuid, 1);
  deviceGuid = device!.device_guid;
  const document = (await t.app.inject({ url: '/v1/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content?: Record<string, { schema?: Schema }> };
        }
      >
    >;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
});
afterAll(() => t.close());

/** A real guid of the right kind where the path asks for one, so requests reach past the lookups. */
const realValue = (name: string) =>
  ({ org_guid: orgGuid, device_guid: deviceGuid, user_guid: user.userGuid })[name] ??
  '00000000-0000-4000-8000-000000000000';

const fillPath = (path: string, override?: { name: string; value: string }) =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    override?.name === name ? override.value : realValue(name),
  );

/**
 * A value the schema takes, as far as JSON Schema says: every property, one item per list, the first
 * option; a string is a guid, a time or an e-mail address as its format or name asks, else a word.
 */
function example(schema: Schema, key = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return example(option, key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties)
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, value]) => [name, example(value, name)]),
    );
  if (type === 'array') return schema.items && schema.maxItems !== 0 ? [example(schema.items, key)] : [];
  if (type === 'number' || type === 'integer') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (schema.format === 'uuid' || key.endsWith('guid')) return realValue(key);
  if (schema.format === 'date-time') return new Date().toISOString();
  if (key.includes('email')) return 'fuzz@example.com';
  return 'x'.repeat(Math.max(8, schema.minLength ?? 1));
}

/** `value` once for each string in it, with that string (at any depth) replaced by U+0000 text. */
function withNulInEachString(value: unknown): unknown[] {
  if (typeof value === 'string') return [NUL];
  if (Array.isArray(value))
    return value.flatMap((item, index) =>
      withNulInEachString(item).map((changed) => value.with(index, changed)),
    );
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      withNulInEachString(item).map((changed) => ({ ...value, [key]: changed })),
    );
  return [];
}

/** The malformed requests for one operation. */
function requestsFor(operation: Operation): InjectOptions[] {
  const url = fillPath(operation.path);
  const requests: InjectOptions[] = [];
  for (const param of operation.parameters.filter((p) => p.in === 'path'))
    for (const value of BAD_PATH_VALUES)
      requests.push({ url: fillPath(operation.path, { name: param.name, value }) });
  for (const param of operation.parameters.filter((p) => p.in === 'query'))
    for (const value of BAD_VALUES)
      requests.push({
        url: `${url}?${param.name}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`,
      });
  requests.push({
    url: `${url}?${'a'.repeat(50)}=${'%00'.repeat(100)}&pagination_token=${encodeURIComponent(NUL)}`,
  });
  if (operation.method !== 'GET' && operation.method !== 'HEAD') {
    for (const body of [null, [], 'text', 42, {}, { [NUL]: NUL }])
      requests.push({ url, payload: JSON.stringify(body) });
    requests.push({ url, payload: '{"broken": ', headers: { 'content-type': 'application/json' } });
    requests.push({
      url,
      payload: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    requests.push({ url, payload: '<x/>', headers: { 'content-type': 'text/xml' } });
    for (const field of Object.keys(operation.body?.properties ?? {}))
      for (const value of BAD_VALUES) requests.push({ url, payload: { [field]: value } });
  }
  return requests.map((request) => asRequestOf(operation, request));
}

const asRequestOf = (operation: Operation, request: InjectOptions): InjectOptions => ({
  ...request,
  method: operation.method as InjectOptions['method'],
  headers: { 'content-type': 'application/json', ...request.headers },
});

/** A body the operation would take, once with U+0000 in each of its strings. */
const nulRequestsFor = (operation: Operation): InjectOptions[] =>
  operation.body
    ? withNulInEachString(example(operation.body)).map((payload) =>
        asRequestOf(operation, {
          url: fillPath(operation.path),
          payload: payload as InjectOptions['payload'],
        }),
      )
    : [];

/**
 * Sends each operation's requests with the caller's headers; answers how many were sent and those
 * answered 5xx. Deletions come after the rest (the organization and device outlive the other calls),
 * and account deletion and sign-out last, so the token lives through the rest.
 */
async function sendAll(
  requestsOf: (operation: Operation) => InjectOptions[],
  headers: () => Record<string, string>,
) {
  const rank = (operation: Operation) => {
    const call = `${operation.method} ${operation.path}`;
    if (/sign-out|^DELETE \/v1\/account$/.test(call)) return 2;
    return operation.method === 'DELETE' ? 1 : 0;
  };
  const failures: string[] = [];
  let sent = 0;
  for (const operation of [...operations].sort((a, b) => rank(a) - rank(b))) {
    for (const request of requestsOf(operation)) {
      const response = await t.app.inject({ ...request, headers: { ...request.headers, ...headers() } });
      sent++;
      const payload =
        typeof request.payload === 'string' ? request.payload : JSON.stringify(request.payload ?? '');
      if (response.statusCode >= 500)
        failures.push(
          `${request.method} ${String(request.url).slice(0, 120)} ${payload.slice(0, 120)} -> ${response.statusCode} ${response.body.slice(0, 120)}`,
        );
    }
  }
  return { sent, failures };
}

const CALLERS = ['no token', 'signed in', 'signed in with a broken organization header'] as const;

describe('the OpenAPI document, fuzzed', () => {
  it('covers every operation', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  // First, while the organization and its device are there: a body that passes every other check.
  it('answers no 5xx to U+0000 in any string of a body the operation would take', async () => {
    const { sent, failures } = await sendAll(nulRequestsFor, () => user.headers(orgGuid));
    expect(sent).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  }, 600_000);

  it.each(CALLERS)(
    'answers no 5xx to malformed requests: %s',
    async (caller) => {
      const headers = (): Record<string, string> => {
        if (caller === 'no token') return {};
        if (caller === 'signed in') return user.headers(orgGuid);
        return { ...user.headers(), 'x-org-guid': 'not-a-guid' };
      };
      const { sent, failures } = await sendAll(requestsFor, headers);
      expect(sent).toBeGreaterThan(1000);
      expect(failures).toEqual([]);
    },
    600_000,
  );
});
