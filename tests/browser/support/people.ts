import { type APIRequestContext, expect } from '@playwright/test';
import { waitForMailMatch } from './mailbox.ts';

export interface Person {
  name: string;
  email: string;
  password: string;
  token: string;
}

const stamp = Date.now();
let serial = 0;

/** An access token for the API, from e-mail and password. */
export async function apiToken(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/v1/auth/sign-in', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A confirmed account, made through the API: sign up, then the code from the e-mail. */
export async function newPerson(
  request: APIRequestContext,
  name: string,
  email = `${name.split(' ')[0]!.toLowerCase()}.${stamp}.${++serial}@example.com`,
  password = 'person-password-1',
): Promise<Person> {
  const signUp = await request.post('/v1/auth/sign-up', { data: { name, email, password } });
  expect(signUp.status()).toBe(201);
  const code = await waitForMailMatch(email, /code=(\d{6})/);
  const confirmed = await request.post('/v1/auth/confirm-sign-up', { data: { email, code } });
  expect(confirmed.ok()).toBe(true);
  return { name, email, password, token: await apiToken(request, email, password) };
}

/** An organization the person creates, and so administers. */
export async function newOrg(request: APIRequestContext, person: Person, orgName: string) {
  const response = await request.post('/v1/orgs', {
    headers: { authorization: `Bearer ${person.token}` },
    data: { org_name: orgName },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { org_guid: string }).org_guid;
}

/** A confirmed account that created an organization, and so administers it. */
export async function newOrgAdmin(request: APIRequestContext, name: string, orgName: string) {
  const person = await newPerson(request, name);
  return { ...person, orgGuid: await newOrg(request, person, orgName) };
}
