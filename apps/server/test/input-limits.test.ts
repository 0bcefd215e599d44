import { NUL_MESSAGE, TEXT_LIMITS } from '@ec/contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, provisionInto, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Input PostgreSQL cannot store (U+0000), text longer than anyone types, and malformed guids: each
 * answers 400 with a message naming the field, never a 500, and nothing is stored.
 */
const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(900 * 1024);

let t: TestApp;
let user: TestUser;
let admin: TestUser;
let orgGuid: string;
let deviceGuid: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  admin = await createUser(t, { groups: ['UserManagement'] });
  orgGuid = await createOrg(t, user, 'Input Limits');
  const [device] = await provisionInto(t, orgGuid, 1);
  deviceGuid = device!.device_guid;
});
afterAll(() => t.close());

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: () => object;
  caller?: () => TestUser;
  org?: boolean;
  /** The field the message names and what it says about it. */
  message: RegExp;
}

const signUp = (fields: object) => ({
  email: 'nul@example.com',
  password: 'long-enough-pw',
  name: 'N',
  ...fields,
});

const CASES: Case[] = [
  {
    name: 'sign-up name with NUL',
    method: 'POST',
    url: () => '/v1/auth/sign-up',
    payload: () => signUp({ name: NUL }),
    message: /name: Must not contain/,
  },
  {
    name: 'sign-up timezone with NUL',
    method: 'POST',
    url: () => '/v1/auth/sign-up',
    payload: () => signUp({ timezone: NUL }),
    message: /timezone: Must not contain/,
  },
  {
    name: 'sign-up timezone unknown',
    method: 'POST',
    url: () => '/v1/auth/sign-up',
    payload: () => signUp({ timezone: 'Mars/Olympus' }),
    message: /timezone: Timezone must be an IANA time zone/,
  },
  {
    name: 'sign-in password of 900 KB',
    method: 'POST',
    url: () => '/v1/auth/sign-in',
    payload: () => ({ email: 'a@example.com', password: HUGE }),
    message: /password: Must be at most 256 characters/,
  },
  {
    name: 'account name with NUL',
    method: 'PATCH',
    url: () => '/v1/account',
    payload: () => ({ name: NUL }),
    message: /name: Must not contain/,
  },
  {
    name: 'account zoneinfo with NUL',
    method: 'PATCH',
    url: () => '/v1/account',
    payload: () => ({ zoneinfo: NUL }),
    message: /zoneinfo: Must not contain/,
  },
  {
    name: 'token comment with NUL',
    method: 'POST',
    url: () => '/v1/pats',
    payload: () => ({ comment: NUL }),
    message: /comment: Must not contain/,
  },
  {
    name: 'organization name with NUL',
    method: 'POST',
    url: () => '/v1/orgs',
    payload: () => ({ org_name: NUL }),
    message: /org_name: Must not contain/,
  },
  {
    name: 'organization name of 900 KB',
    method: 'POST',
    url: () => '/v1/orgs',
    payload: () => ({ org_name: HUGE }),
    message: new RegExp(`org_name: Must be at most ${TEXT_LIMITS.short} characters`),
  },
  {
    name: 'organization rename with NUL',
    method: 'PATCH',
    url: () => `/v1/orgs/${orgGuid}`,
    payload: () => ({ org_name: NUL }),
    message: /org_name: Must not contain/,
  },
  {
    name: 'organization name filter with NUL',
    method: 'GET',
    url: () => '/v1/orgs?org_name=a%00b',
    message: /org_name: Must not contain/,
  },
  {
    name: 'organization user filter not a guid',
    method: 'GET',
    url: () => '/v1/orgs?user_guid=abc',
    message: /user_guid: Must be a valid guid/,
  },
  {
    name: 'user search with NUL',
    method: 'GET',
    url: () => '/v1/users?search_value=a%00b',
    caller: () => admin,
    message: /search_value: Must not contain/,
  },
  {
    name: 'device serial search with NUL',
    method: 'GET',
    url: () => '/v1/devices?serial_number=a%00b',
    org: true,
    message: /serial_number: Must not contain/,
  },
  {
    name: 'adopt serial with NUL',
    method: 'POST',
    url: () => '/v1/devices/adopt?serial_number=a%00b',
    org: true,
    message: /serial_number: Must not contain/,
  },
  {
    name: 'forget reason of 900 KB',
    method: 'DELETE',
    url: () => `/v1/devices/${deviceGuid}`,
    payload: () => ({ reason: HUGE }),
    org: true,
    message: new RegExp(`reason: Must be at most ${TEXT_LIMITS.long} characters`),
  },
  {
    name: 'shadow document with NUL',
    method: 'POST',
    url: () => `/v1/devices/${deviceGuid}/shadows/commands`,
    payload: () => ({
      command_type: 'set',
      commands: [{ shadow_name: 'System', target_version: 1, state: { device_name: NUL } }],
    }),
    org: true,
    message: new RegExp(NUL_MESSAGE),
  },
  ...(['name', 'label'] as const).map(
    (field): Case => ({
      name: `alert template ${field} with NUL`,
      method: 'POST',
      url: () => `/v1/orgs/${orgGuid}/alert_templates`,
      payload: () => ({
        type: 'metric',
        name: 'cpu_percent_used',
        label: 'High CPU',
        config: { threshold_value: 90 },
        [field]: NUL,
      }),
      message: new RegExp(`${field}: ${NUL_MESSAGE}`),
    }),
  ),
  {
    name: 'alert settings user with NUL',
    method: 'PUT',
    url: () => `/v1/orgs/${orgGuid}/alert_settings`,
    payload: () => ({ offline: { enabled: true, user_list: [NUL] } }),
    message: new RegExp(`user_list.0: ${NUL_MESSAGE}`),
  },
];

describe('bad input answers 400 with a message', () => {
  it.each(CASES)('$name', async (input) => {
    const caller = input.caller?.() ?? user;
    const response = await t.app.inject({
      method: input.method,
      url: input.url(),
      headers: caller.headers(input.org ? orgGuid : undefined),
      ...(input.payload ? { payload: input.payload() } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(input.message);
  });

  it('keeps the organization as it was after a refused rename', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/orgs/${orgGuid}`,
      headers: user.headers(),
    });
    expect(response.json().org.org_name).toBe('Input Limits');
  });
});

describe('PATCH /account', () => {
  it('answers an empty patch with the account unchanged', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: user.headers() });
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v1/account',
      headers: user.headers(),
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(before.json().user);
  });
});
