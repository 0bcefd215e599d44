import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, provisionInto, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Every operation of the OpenAPI document, called the way a careless or hostile client would: path
 * parameters that are no guid, query values of the wrong type, bodies of the wrong shape, U+0000 and
 * megabytes of text, broken JSON, another content type, with and without a token. None may answer 5xx.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: { type?: string };
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  bodyProperties: Record<string, { type?: string }> | null;
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
          requestBody?: {
            content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }>;
          };
        }
      >
    >;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      bodyProperties: operation.requestBody?.content?.['application/json']?.schema?.properties ?? null,
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
    for (const field of Object.keys(operation.bodyProperties ?? {}))
      for (const value of BAD_VALUES) requests.push({ url, payload: { [field]: value } });
  }
  return requests.map((request) => ({
    ...request,
    method: operation.method as InjectOptions['method'],
    headers: { 'content-type': 'application/json', ...request.headers },
  }));
}

const CALLERS = ['no token', 'signed in', 'signed in with a broken organization header'] as const;

describe('the OpenAPI document, fuzzed', () => {
  it('covers every operation', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(CALLERS)(
    'answers no 5xx to malformed requests: %s',
    async (caller) => {
      const headers = (): Record<string, string> => {
        if (caller === 'no token') return {};
        if (caller === 'signed in') return user.headers(orgGuid);
        return { ...user.headers(), 'x-org-guid': 'not-a-guid' };
      };
      const failures: string[] = [];
      let sent = 0;
      // Account deletion and sign-out come last, so the token lives through the rest.
      const ordered = [...operations].sort(
        (a, b) =>
          Number(/sign-out|^DELETE \/v1\/account$/.test(`${a.method} ${a.path}`)) -
          Number(/sign-out|^DELETE \/v1\/account$/.test(`${b.method} ${b.path}`)),
      );
      for (const operation of ordered) {
        for (const request of requestsFor(operation)) {
          const response = await t.app.inject({ ...request, headers: { ...request.headers, ...headers() } });
          sent++;
          if (response.statusCode >= 500)
            failures.push(
              `${request.method} ${String(request.url).slice(0, 120)} ${String(request.payload ?? '').slice(0, 80)} -> ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
      expect(sent).toBeGreaterThan(1000);
      expect(failures).toEqual([]);
    },
    600_000,
  );
});
