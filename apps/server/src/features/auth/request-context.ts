import { ORG_HEADER } from '@ec/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.ts';
import { PAT_PACING, requestPacer } from '../../http/request-pacing.ts';
import { isSessionToken } from './auth.service.ts';
import type { UserRow } from './users.repository.ts';

export interface Caller {
  user: UserRow;
  token: string;
  expiresAt: Date;
  /** The personal access token the call came with; null for a session. */
  patGuid: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/**
 * The owner of a bearer token: a session token, or else a personal access token acting with its
 * owner's rights (its `token` ends no session on sign-out). Undefined when expired, revoked or unknown.
 */
export async function authenticateToken(app: FastifyInstance, token: string) {
  if (!isSessionToken(token)) return app.services.pats.authenticate(token);
  const found = await app.services.auth.authenticate(token);
  return found && { ...found, patGuid: null };
}

/**
 * `Bearer <token>`, or `PAT <token>` as the published API's scripts send it; the scheme, in any case,
 * names no kind of token: the value tells.
 */
const AUTHORIZATION = /^(?:Bearer|PAT) +(\S+) *$/i;

const hold = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves the Authorization header to the caller before every handler; absent, expired or revoked
 * stays null. Calls made with a personal access token are paced (http/request-pacing.ts).
 */
export function registerCallerResolution(app: FastifyInstance) {
  const pacer = requestPacer(PAT_PACING);
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const token = request.headers.authorization?.match(AUTHORIZATION)?.[1];
    if (!token) return;
    const found = await authenticateToken(app, token);
    if (!found) return;
    const { patGuid } = found;
    request.caller = { user: found.user, token, expiresAt: found.expiresAt, patGuid };
    if (!patGuid) return;
    const turn = pacer.reserve(patGuid);
    if ('refusedForMs' in turn)
      throw ApiError.tooManyRequests('Too many calls with this access token, slow down', turn.refusedForMs);
    if (turn.waitMs > 0) await hold(turn.waitMs);
  });
}

/**
 * The signed-in caller. Without a token: 401. With a token that is expired, revoked or unknown: 403
 * ACCESS_DENIED, on which the console returns to its login page (spec 1 §8).
 */
export function requireCaller(request: FastifyRequest): Caller {
  if (request.caller) return request.caller;
  if (request.headers.authorization)
    throw ApiError.forbidden('Your session has expired, please sign in again', 'ACCESS_DENIED');
  throw ApiError.unauthorized('Sign in to continue', 'UNAUTHORIZED');
}

/** The signed-in caller as the actor of a change: named in the device's events by address. */
export function requireActor(request: FastifyRequest) {
  const { user } = requireCaller(request);
  return { userGuid: user.userGuid, email: user.email };
}

/** The organization the request is scoped to: the x-org-guid header, else an org_guid query parameter. */
export function requestedOrgGuid(request: FastifyRequest): string | undefined {
  const header = request.headers[ORG_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const query = request.query as { org_guid?: unknown } | undefined;
  const fromQuery = typeof query?.org_guid === 'string' ? query.org_guid : undefined;
  if (fromHeader && fromQuery && fromHeader !== fromQuery) {
    throw ApiError.badRequest('The org_guid parameter does not match the x-org-guid header');
  }
  const orgGuid = fromHeader || fromQuery;
  if (orgGuid && !/^[0-9a-f-]{36}$/i.test(orgGuid))
    throw ApiError.badRequest('x-org-guid must be a valid guid');
  return orgGuid;
}
