import { canEditWith } from '@ec/contract/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.ts';
import { requestedOrgGuid, requireCaller } from '../../http/request-context.ts';
import { orgsRepository } from './orgs.repository.ts';

export interface OrgScope {
  orgGuid: string;
  orgName: string;
  access: number;
  canEdit: boolean;
}

/**
 * The organization a request works in, checked against the caller's membership. Non-members get the
 * same 404 as for an unknown organization, so guids of other organizations reveal nothing.
 */
export async function requireOrgMember(
  app: FastifyInstance,
  request: FastifyRequest,
  orgGuid = requestedOrgGuid(request),
): Promise<OrgScope> {
  const caller = requireCaller(request);
  if (!orgGuid) throw ApiError.badRequest('Select an organization first (x-org-guid header)', 'ORG_REQUIRED');
  const membership = await orgsRepository(app.db).membership(orgGuid, caller.user.userGuid);
  if (!membership) throw ApiError.notFound('Organization not found', 'ORG_NOT_FOUND');
  return { ...membership, canEdit: canEditWith(membership.access) };
}

export async function requireOrgEditor(app: FastifyInstance, request: FastifyRequest, orgGuid?: string) {
  const scope = await requireOrgMember(app, request, orgGuid);
  if (!scope.canEdit) throw ApiError.forbidden('Only organization editors (access above User) can do this');
  return scope;
}
