import { ACCESS, canEditWith, hasGroup } from '@ec/contract/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.ts';
import { requestedOrgGuid, requireCaller } from '../auth/request-context.ts';
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

/**
 * Access to an organization through the organization calls (/orgs/{org_guid}, spec 1 §6): every member
 * may read it and its members; editing (rename, member changes) and deleting need an editor, i.e. access
 * above 200, which is an organization admin (300). Decision: platform admins holding
 * OrganizationManagement ("manage every organization of the platform") may read, edit and delete any
 * organization, member or not, and act there as an admin (access 300). Everyone else who is not a
 * member gets the 404 of an unknown organization.
 */
export async function requireOrgAccess(
  app: FastifyInstance,
  request: FastifyRequest,
  orgGuid: string,
  need: 'read' | 'edit',
): Promise<OrgScope> {
  const caller = requireCaller(request);
  const repository = orgsRepository(app.db);
  if (hasGroup(caller.user.groups, 'OrganizationManagement')) {
    const org = await repository.find(orgGuid);
    if (!org) throw ApiError.notFound('Organization not found', 'ORG_NOT_FOUND');
    return { ...org, access: ACCESS.admin, canEdit: true };
  }
  const scope = await requireOrgMember(app, request, orgGuid);
  if (need === 'edit' && !scope.canEdit)
    throw ApiError.forbidden('Only organization admins can change the organization', 'ORG_ADMIN_REQUIRED');
  return scope;
}
