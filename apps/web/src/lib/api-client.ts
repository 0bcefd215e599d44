import type { QueryValue } from '@ec/client/api-url';
import { authHeaders } from '@ec/client/auth-headers';
import {
  type ApiRequest,
  callOperation as callWith,
  type OperationAnswer,
  type OperationArgs,
  request,
  send,
  type Transport,
} from '@ec/client/transport';
import type { Operation } from '@ec/contract/operations';
import type { z } from 'zod';
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

/** The browser's calls: the page's own origin, the session's token (renewed first) and organization. */
const browserTransport: Transport = {
  baseUrl: '',
  async headers() {
    await ensureFreshSession();
    const { accessToken, orgGuid } = sessionStore.getState();
    return authHeaders({ token: accessToken, orgGuid });
  },
  onError(error) {
    if (error.status === 403 && error.errorCode === 'ACCESS_DENIED') onAccessDenied();
  },
  // A shape drift must not take the page down: report it and use what the server sent.
  onUnexpectedAnswer: (error) => console.warn(error.message, error.issues),
};

const toRequest = (method: ApiRequest['method'], path: string, options: RequestOptions = {}): ApiRequest => ({
  method,
  path,
  query: options.params,
  body: options.body,
  file: options.file,
  signal: options.signal,
});

/** Calls by path, for what no contract operation declares (the account picture). */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S | null, options?: RequestOptions) =>
    request(browserTransport, toRequest('GET', path, options), schema),
  post: <S extends z.ZodType>(path: string, schema: S | null, options?: RequestOptions) =>
    request(browserTransport, toRequest('POST', path, options), schema),
  patch: <S extends z.ZodType>(path: string, schema: S | null, options?: RequestOptions) =>
    request(browserTransport, toRequest('PATCH', path, options), schema),
  put: <S extends z.ZodType>(path: string, schema: S | null, options?: RequestOptions) =>
    request(browserTransport, toRequest('PUT', path, options), schema),
  delete: <S extends z.ZodType>(path: string, schema: S | null, options?: RequestOptions) =>
    request(browserTransport, toRequest('DELETE', path, options), schema),
  /** A GET whose answer is not JSON (a picture). */
  getBlob: async (path: string, options?: RequestOptions) =>
    (await send(browserTransport, toRequest('GET', path, options))).blob(),
};

/**
 * Calls a contract operation as the signed-in user: its method and path with the parameters filled in,
 * its query and body, and its answer checked against its response schema.
 */
export function callOperation<O extends Operation>(
  operation: O,
  ...input: OperationArgs<O>
): Promise<OperationAnswer<O>> {
  return callWith(browserTransport, operation, ...input);
}
