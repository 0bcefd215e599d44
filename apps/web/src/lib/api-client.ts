import { SUCCESS_STATUSES } from '@ec/contract/common';
import { type Operation, type OperationParams, operationPath } from '@ec/contract/operations';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { buildUrl, type QueryValue } from './api-url';
import { ensureFreshSession } from './session/refresh-session';
import { sessionStore } from './session/session-store';

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  body?: unknown;
  /** Sent as it is (an uploaded picture) with its own content type, instead of a JSON body. */
  file?: Blob;
  signal?: AbortSignal;
}

let onAccessDenied: () => void = () => {};

/** The app registers what a 403 ACCESS_DENIED does: clear the session and go to the login page. */
export function setAccessDeniedHandler(handler: () => void) {
  onAccessDenied = handler;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One call with the session's token and organization; a non-success answer throws ApiError. */
async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  await ensureFreshSession();
  const { accessToken } = sessionStore.getState();
  const headers: Record<string, string> = { Accept: 'application/json', ...sessionStore.orgHeader() };
  if (options.file) headers['Content-Type'] = options.file.type;
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

  const response = await fetch(buildUrl(path, options.params), {
    method,
    headers,
    body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
  });
  if (!(SUCCESS_STATUSES as readonly number[]).includes(response.status)) {
    const error = new ApiError(response.status, await readBody(response));
    if (response.status === 403 && error.errorCode === 'ACCESS_DENIED') onAccessDenied();
    throw error;
  }
  return response;
}

async function request<S extends z.ZodType>(
  method: string,
  path: string,
  schema: S | null,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const data = await readBody(await send(method, path, options));
  if (!schema) return data as z.output<S>;
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  // A shape drift must not take the page down: report it and use what the server sent.
  console.warn(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
  return data as z.output<S>;
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S | null, options?: RequestOptions) =>
    request('GET', path, schema, options),
  post: <S extends z.ZodType>(path: string, schema: S | null, options?: RequestOptions) =>
    request('POST', path, schema, options),
  patch: <S extends z.ZodType>(path: string, schema: S | null, options?: RequestOptions) =>
    request('PATCH', path, schema, options),
  put: <S extends z.ZodType>(path: string, schema: S | null, options?: RequestOptions) =>
    request('PUT', path, schema, options),
  delete: <S extends z.ZodType>(path: string, schema: S | null, options?: RequestOptions) =>
    request('DELETE', path, schema, options),
  /** A GET whose answer is not JSON (a picture). */
  getBlob: async (path: string, options: RequestOptions = {}) => (await send('GET', path, options)).blob(),
};

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a call of the operation sends: its path parameters (left out when it has none), query and body. */
export type OperationInput<O extends Operation> = (OperationParams<O> extends undefined
  ? { params?: undefined }
  : { params: OperationParams<O> }) & {
  query?: Input<O['query']>;
  body?: Input<O['body']>;
  signal?: AbortSignal;
};

/**
 * Calls a contract operation: its method and path with the parameters filled in, its query and body,
 * and its answer checked against its response schema. An operation without path parameters may be
 * called without input.
 */
export function callOperation<O extends Operation>(
  operation: O,
  ...[input]: OperationParams<O> extends undefined ? [input?: OperationInput<O>] : [input: OperationInput<O>]
): Promise<z.output<O['response']>> {
  return request<O['response']>(
    operation.method,
    operationPath(operation, input?.params as OperationParams<O>),
    operation.response,
    {
      params: input?.query as Record<string, QueryValue> | undefined,
      body: input?.body,
      signal: input?.signal,
    },
  );
}
