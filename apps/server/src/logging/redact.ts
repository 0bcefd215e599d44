import type { FastifyRequest } from 'fastify';
import pino from 'pino';

const REDACTED = '[redacted]';
/** Query parameters whose values are secrets or personal data: codes, tokens, states, e-mail addresses. */
const SECRET_PARAM = /code|token|password|secret|session|state|email|key/i;
const EMAIL = /[^/?&=\s]+@[^/?&=\s]+/g;

/** A URL fit for a log: secret query values replaced, e-mail addresses anywhere replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathPart = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(EMAIL, REDACTED);
  if (queryStart === -1) return pathPart;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const redacted = [...params].map(([name, value]) => {
    const safe = SECRET_PARAM.test(name) || value.includes('@') ? REDACTED : value;
    return `${encodeURIComponent(name)}=${safe === REDACTED ? safe : encodeURIComponent(safe)}`;
  });
  return `${pathPart}?${redacted.join('&')}`;
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  query?: unknown;
  cause?: SerializedError;
}

/**
 * Errors without the values they carry: a failed query's parameters (password hashes, token digests,
 * e-mail addresses) and PostgreSQL's `detail` (which quotes the conflicting row) never reach the log.
 */
export function serializeError(error: unknown): SerializedError {
  const base = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const source = error as Record<string, unknown>;
  const serialized: SerializedError = {
    type: String(base.type ?? 'Error'),
    message:
      'params' in source && 'query' in source
        ? `Failed query: ${String(source.query)}`
        : String(base.message),
    stack: typeof base.stack === 'string' ? stripParams(base.stack, source) : undefined,
  };
  if (source.code !== undefined) serialized.code = source.code;
  if ('query' in source) serialized.query = source.query;
  if (source.cause instanceof Error) serialized.cause = serializeError(source.cause);
  return serialized;
}

/** A query error's stack starts with its message, which lists the parameters. */
const stripParams = (stack: string, source: Record<string, unknown>) =>
  'params' in source ? stack.replace(/\nparams: [^\n]*/, '') : stack;
