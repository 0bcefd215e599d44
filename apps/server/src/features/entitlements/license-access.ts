import { canEditWith, hasGroup } from '@ec/contract/access';
import { LICENSE_ERRORS } from '@ec/contract/entitlements/licenses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireOrgMember } from '../orgs/org-scope.ts';
import { orgsRepository } from '../orgs/orgs.repository.ts';

/** Entitlement administration needs the EntitlementManagement group (spec 3 §2.8, §6). */
export function requireEntitlementManager(request: FastifyRequest) {
  const caller = requireCaller(request);
  if (!hasGroup(caller.user.groups, 'EntitlementManagement'))
    throw ApiError.forbidden(
      'Only entitlement administrators can do this',
      'ENTITLEMENT_MANAGEMENT_REQUIRED',
    );
  return caller;
}

/**
 * Whose licences a caller lists: an entitlement administrator any (the org_guid filter, if any); a
 * member of an organization only their own (spec 2 §2.12: the organization licence manager), named by
 * x-org-guid or org_guid.
 */
export async function requireLicenseListScope(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ orgGuid?: string }> {
  const caller = requireCaller(request);
  if (hasGroup(caller.user.groups, 'EntitlementManagement'))
    return { orgGuid: (request.query as { org_guid?: string }).org_guid };
  const scope = await requireOrgMember(app, request);
  return { orgGuid: scope.orgGuid };
}

/**
 * A licence's allocations: entitlement administrators reach every licence; members of the licence's
 * organization read them and its editors change them (spec 2 §2.12 'Manage Allocation'). To anyone
 * else a licence is as unknown as a missing one.
 */
export async function requireLicenseAllocations(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { license_id: string } }>,
  need: 'read' | 'change',
) {
  const caller = requireCaller(request);
  const license = await app.services.licenses.find(request.params.license_id);
  if (hasGroup(caller.user.groups, 'EntitlementManagement')) return license;
  const membership =
    license.orgGuid === null
      ? undefined
      : await orgsRepository(app.db).membership(license.orgGuid, caller.user.userGuid);
  if (!membership) throw ApiError.notFound(LICENSE_ERRORS.notFound, 'LICENSE_NOT_FOUND');
  if (need === 'change' && !canEditWith(membership.access))
    throw ApiError.forbidden('Only organization editors can manage allocations');
  return license;
}
