import { defineOperation } from '@ec/contract/operations';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, UnexpectedAnswerError } from './api-error.ts';
import { authHeaders } from './auth-headers.ts';
import { callOperation, send, type Transport } from './transport.ts';

const answer = z.object({ ok: z.literal(true), at: z.string().transform((value) => new Date(value)) });
const withoutParams = defineOperation({
  method: 'POST',
  path: '/things/refresh',
  summary: 'No parameters',
  tags: ['test'],
  status: 200,
  response: answer,
});
const withParams = defineOperation({
  method: 'PUT',
  path: '/things/:thing_guid/parts',
  summary: 'A parameter, a query and a body',
  tags: ['test'],
  params: z.object({ thing_guid: z.string() }),
  query: z.object({ verbose: z.boolean().optional(), tags: z.array(z.string()).optional() }),
  body: z.object({ parts: z.array(z.string()) }),
  status: 200,
  response: answer,
});

/** A fetch that answers `status` and `body` to every call and keeps what it was asked. */
function fakeFetch(status = 200, body: unknown = { ok: true, at: '2026-01-31T12:00:00.000Z' }) {
  return vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(body === null ? null : typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
}

const transportWith = (fetch: ReturnType<typeof fakeFetch>, more: Partial<Transport> = {}): Transport => ({
  baseUrl: 'https://console.example.com',
  fetch: fetch as typeof globalThis.fetch,
  ...more,
});

const sent = (fetch: ReturnType<typeof fakeFetch>) => {
  const [url, init] = fetch.mock.calls[0]!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
};

describe('callOperation', () => {
  it('calls an operation without input and answers what its schema reads', async () => {
    const fetch = fakeFetch();
    const result = await callOperation(transportWith(fetch), withoutParams);
    expect(result.at).toEqual(new Date('2026-01-31T12:00:00.000Z'));
    const { url, init, headers } = sent(fetch);
    expect(url).toBe('https://console.example.com/v1/things/refresh');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    expect(headers).toEqual({ Accept: 'application/json' });
  });

  it('fills the path parameters, encoded, and sends the query and the body as JSON', async () => {
    const fetch = fakeFetch();
    await callOperation(transportWith(fetch), withParams, {
      params: { thing_guid: 'a/b' },
      query: { verbose: true, tags: ['x', 'y'] },
      body: { parts: ['p'] },
    });
    const { url, init, headers } = sent(fetch);
    expect(url).toBe('https://console.example.com/v1/things/a%2Fb/parts?verbose=true&tags=x&tags=y');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ parts: ['p'] });
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('needs the path parameters of an operation that has some, before any call', () => {
    const fetch = fakeFetch();
    // @ts-expect-error: the parameters and the body are required by the type as well.
    expect(() => callOperation(transportWith(fetch), withParams)).toThrow('needs thing_guid');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the headers the transport gives, asked for at each call', async () => {
    const fetch = fakeFetch();
    let token = 'first';
    const transport = transportWith(fetch, { headers: () => authHeaders({ token, orgGuid: 'org-1' }) });
    await callOperation(transport, withoutParams);
    token = 'second';
    await callOperation(transport, withoutParams);
    expect(fetch.mock.calls.map(([, init]) => init?.headers)).toEqual([
      { Accept: 'application/json', Authorization: 'Bearer first', 'x-org-guid': 'org-1' },
      { Accept: 'application/json', Authorization: 'Bearer second', 'x-org-guid': 'org-1' },
    ]);
  });

  it('throws UnexpectedAnswerError for an answer of another shape, unless the transport takes it', async () => {
    const drifted = { ok: 'yes' };
    await expect(callOperation(transportWith(fakeFetch(200, drifted)), withoutParams)).rejects.toMatchObject({
      name: 'UnexpectedAnswerError',
      message: 'Unexpected answer from POST /things/refresh',
      data: drifted,
    });

    const onUnexpectedAnswer = vi.fn();
    const lenient = transportWith(fakeFetch(200, drifted), { onUnexpectedAnswer });
    await expect(callOperation(lenient, withoutParams)).resolves.toEqual(drifted);
    expect(onUnexpectedAnswer.mock.calls[0]?.[0]).toBeInstanceOf(UnexpectedAnswerError);
  });
});

describe('errors', () => {
  it.each([204, 301, 400, 404, 500])(
    'treats %i as a failure: only 200, 201 and 202 succeed',
    async (status) => {
      await expect(
        send(transportWith(fakeFetch(status, null)), { method: 'GET', path: '/x' }),
      ).rejects.toBeInstanceOf(ApiError);
    },
  );

  it("carries the API's status, error code, message and body", async () => {
    const body = { message: 'Device not found', error_code: 'NOT_FOUND' };
    const error = await callOperation(transportWith(fakeFetch(404, body)), withoutParams).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      errorCode: 'NOT_FOUND',
      message: 'Device not found',
      data: body,
    });
  });

  it('keeps an answer that is not JSON as text, with a message of its own', async () => {
    const error = await callOperation(transportWith(fakeFetch(502, 'Bad Gateway')), withoutParams).catch(
      (e) => e,
    );
    expect(error).toMatchObject({
      status: 502,
      errorCode: null,
      message: 'Request failed with status 502',
      data: 'Bad Gateway',
    });
  });

  it('shows every error to the transport before throwing it', async () => {
    const onError = vi.fn();
    const transport = transportWith(fakeFetch(403, { message: 'No', error_code: 'ACCESS_DENIED' }), {
      onError,
    });
    await expect(callOperation(transport, withoutParams)).rejects.toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ status: 403, errorCode: 'ACCESS_DENIED' }),
    );
  });
});

describe('send', () => {
  it('sends a file as it is, with its own content type', async () => {
    const fetch = fakeFetch();
    const file = new Blob(['png'], { type: 'image/png' });
    await send(transportWith(fetch), { method: 'PUT', path: '/account/picture', file });
    const { init, headers } = sent(fetch);
    expect(init.body).toBe(file);
    expect(headers['Content-Type']).toBe('image/png');
  });

  it('uses the global fetch, looked up at each call, when the transport names none', async () => {
    const fetch = fakeFetch();
    vi.stubGlobal('fetch', fetch);
    try {
      await send({ baseUrl: '' }, { method: 'GET', path: '/health' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent(fetch).url).toBe('/v1/health');
  });
});
