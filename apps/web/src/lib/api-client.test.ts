import { ApiError } from '@ec/client/api-error';
import { defineOperation } from '@ec/contract/operations';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mockApi } from '../testing/mock-api';
import { api, callOperation, setAccessDeniedHandler } from './api-client';
import { sessionStore } from './session/session-store';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status }));

describe('api client', () => {
  afterEach(() => {
    sessionStore.clear();
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and the organization header', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.setToken({
      access_token: 'tok',
      expires_at: '2099-01-01T00:00:00.000Z',
      refresh_token: 'r',
    });
    sessionStore.selectOrg('org-1');
    await api.get('/devices', z.object({ ok: z.boolean() }));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'x-org-guid': 'org-1' });
  });

  it('sends the organization header on every request while one is selected (spec 1 §4.2, §7)', async () => {
    const calls = mockApi({
      'POST /auth/refresh': {
        body: { access_token: 'new', expires_at: '2099-01-01T00:00:00.000Z', refresh_token: 'r2' },
      },
      'GET /pats': { body: { personal_access_tokens: [] } },
      'POST /invites/accept': { body: {} },
      'DELETE /account': { body: { ok: true } },
      'GET /users/groups': { body: { groups: [] } },
      'GET /account/picture': { body: {} },
    });
    // About to end, so the first call renews the session with a fetch of its own first.
    sessionStore.setToken({
      access_token: 'old',
      expires_at: new Date(Date.now() + 60_000).toISOString(),
      refresh_token: 'r',
    });
    sessionStore.selectOrg('org-1');
    await api.get('/pats', null);
    await api.post('/invites/accept', null, { body: { invite_guid: 'i' } });
    await api.delete('/account', null, { body: { reason: 'x' } });
    await api.get('/users/groups', null);
    await api.getBlob('/account/picture');
    expect(calls.map((call) => call.path)).toEqual([
      '/auth/refresh',
      '/pats',
      '/invites/accept',
      '/account',
      '/users/groups',
      '/account/picture',
    ]);
    for (const call of calls) expect(call.headers).toMatchObject({ 'x-org-guid': 'org-1' });
  });

  it('sends no organization header before one is selected', async () => {
    const calls = mockApi({ 'GET /orgs': { body: { orgs: [] } } });
    sessionStore.setToken({
      access_token: 'tok',
      expires_at: '2099-01-01T00:00:00.000Z',
      refresh_token: 'r',
    });
    await api.get('/orgs', null);
    expect(calls[0]?.headers).not.toHaveProperty('x-org-guid');
  });

  it('treats only 200, 201 and 202 as success', async () => {
    vi.stubGlobal('fetch', respond(204, null));
    await expect(api.post('/x', null)).rejects.toBeInstanceOf(ApiError);
  });

  it('calls the access-denied handler on 403 ACCESS_DENIED', async () => {
    const handler = vi.fn();
    setAccessDeniedHandler(handler);
    vi.stubGlobal('fetch', respond(403, { message: 'No', error_code: 'ACCESS_DENIED' }));
    await expect(api.get('/orgs', null)).rejects.toMatchObject({ status: 403, message: 'No' });
    expect(handler).toHaveBeenCalledOnce();

    vi.stubGlobal('fetch', respond(403, { message: 'No', error_code: 'FORBIDDEN' }));
    await expect(api.get('/orgs', null)).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledOnce();
  });
});

// How an operation becomes a request (path parameters, query, body, errors) is @ec/client's, tested there;
// what the browser adds is its session and its leniency with an answer of another shape.
describe('callOperation', () => {
  const refresh = defineOperation({
    method: 'POST',
    path: '/things/refresh',
    summary: 'No parameters',
    tags: ['test'],
    status: 200,
    response: z.object({ ok: z.literal(true) }),
  });

  afterEach(() => {
    sessionStore.clear();
    vi.unstubAllGlobals();
  });

  it("calls a contract operation with the session's token and organization", async () => {
    sessionStore.setToken({
      access_token: 'tok',
      expires_at: '2099-01-01T00:00:00.000Z',
      refresh_token: 'r',
    });
    sessionStore.selectOrg('org-1');
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(callOperation(refresh)).resolves.toEqual({ ok: true });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'x-org-guid': 'org-1' });
  });

  it('uses an answer of another shape as it came, with a warning, rather than failing the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'POST /things/refresh': { body: { ok: 'yes' } } });
    await expect(callOperation(refresh)).resolves.toEqual({ ok: 'yes' });
    expect(warn).toHaveBeenCalledOnce();
  });
});
