import { SUCCESS_STATUSES } from '@ec/contract/common';
import { type Operation, type OperationParams, operationPath } from '@ec/contract/operations';
import type { z } from 'zod';
import { ApiError, UnexpectedAnswerError } from './api-error.ts';
import { buildUrl, type QueryValue } from './api-url.ts';

/** Where and how calls go: the one thing the browser and a script configure differently. */
export interface Transport {
  /** The server's address, e.g. `https://console.example.com`; '' calls the page's own origin. */
  baseUrl: string;
  /** The headers that say who calls (see authHeaders), asked for before each call: a renewed token is used at once. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** The global fetch when absent, looked up at each call. */
  fetch?: typeof fetch;
  /** Sees every ApiError before it is thrown. */
  onError?: (error: ApiError) => void;
  /**
   * Without it, an answer that does not match its operation's response schema throws
   * UnexpectedAnswerError; with it, the call reports the error here and answers what the server sent.
   */
  onUnexpectedAnswer?: (error: UnexpectedAnswerError) => void;
}

export interface ApiRequest {
  method: Operation['method'];
  /** The path under /v1, parameters filled in. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (an uploaded picture) with its own content type, instead of a JSON body. */
  file?: Blob;
  signal?: AbortSignal;
}

/** The answer's JSON, its text when it is not JSON, null when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends one call; an answer other than 200, 201 or 202 (spec 1 §7) throws ApiError. */
export async function send(transport: Transport, request: ApiRequest): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(await transport.headers?.()) };
  if (request.file) headers['Content-Type'] = request.file.type;
  else if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const fetchFn = transport.fetch ?? globalThis.fetch;
  const response = await fetchFn(buildUrl(request.path, request.query, transport.baseUrl), {
    method: request.method,
    headers,
    body: request.file ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
    signal: request.signal,
  });
  if (!(SUCCESS_STATUSES as readonly number[]).includes(response.status)) {
    const error = new ApiError(response.status, await readBody(response));
    transport.onError?.(error);
    throw error;
  }
  return response;
}

/** Sends one call and reads its JSON answer, checked against `schema` unless it is null. */
export async function request<S extends z.ZodType>(
  transport: Transport,
  apiRequest: ApiRequest,
  schema: S | null,
): Promise<z.output<S>> {
  const data = await readBody(await send(transport, apiRequest));
  if (!schema) return data as z.output<S>;
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const error = new UnexpectedAnswerError(apiRequest.method, apiRequest.path, parsed.error.issues, data);
  if (!transport.onUnexpectedAnswer) throw error;
  transport.onUnexpectedAnswer(error);
  return data as z.output<S>;
}

/** Whether an object type may be left out: none of its keys is required. */
type Optional<T> = Record<string, never> extends T ? true : false;

type ParamsInput<O extends Operation> =
  OperationParams<O> extends undefined ? { params?: undefined } : { params: OperationParams<O> };

type QueryInput<O extends Operation> = O['query'] extends z.ZodType
  ? Optional<z.input<O['query']>> extends true
    ? { query?: z.input<O['query']> }
    : { query: z.input<O['query']> }
  : { query?: undefined };

type BodyInput<O extends Operation> = O['body'] extends z.ZodType
  ? undefined extends z.input<O['body']>
    ? { body?: z.input<O['body']> }
    : { body: z.input<O['body']> }
  : { body?: undefined };

/** What a call of the operation sends: its path parameters, query and body, each required when the operation needs it. */
export type OperationInput<O extends Operation> = ParamsInput<O> &
  QueryInput<O> &
  BodyInput<O> & { signal?: AbortSignal };

/** The arguments of a call: the input may be left out when nothing in it is required. */
export type OperationArgs<O extends Operation> =
  Optional<OperationInput<O>> extends true ? [input?: OperationInput<O>] : [input: OperationInput<O>];

/** What a call of the operation answers, as its response schema reads it. */
export type OperationAnswer<O extends Operation> = z.output<O['response']>;

/**
 * Calls a contract operation: its method and path with the parameters filled in, its query and body,
 * and its answer checked against its response schema.
 */
export function callOperation<O extends Operation>(
  transport: Transport,
  operation: O,
  ...[input]: OperationArgs<O>
): Promise<OperationAnswer<O>> {
  const { params, query, body, signal } = (input ?? {}) as {
    params?: OperationParams<O>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  return request(
    transport,
    {
      method: operation.method,
      path: operationPath(operation, params as OperationParams<O>),
      query,
      body,
      signal,
    },
    operation.response as O['response'],
  );
}
