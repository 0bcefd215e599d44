import { type FleetAccessRights, fleetAccessRights } from '@ec/contract/access';
import { FLEET_ERRORS } from '@ec/contract/fleets';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.ts';
import { requestedOrgGuid, requireCaller } from '../auth/request-context.ts';
import { orgsRepository } from '../orgs/orgs.repository.ts';
import { fleetsRepository } from './fleets.repository.ts';

/** A fleet the caller may see, and what they may do with it. */
export interface FleetAccess {
  fleet: { fleetGuid: string; orgGuid: string; fleetName: string; createdAt: Date };
  rights: FleetAccessRights;
  /** The caller is a member of the fleet's organization (and sees all its devices). */
  member: boolean;
}

/**
 * A fleet the caller may see (spec 2 §6): as a member of its organization or as one of its users.
 * The fleet names its organization, so the organization header is not consulted (decision 45); a
 * fleet the caller may not see answers 404 like an unknown one, so guids reveal nothing across
 * organizations. `need` 'edit' refuses the others with 403.
 */
export async function requireFleet(
  app: FastifyInstance,
  request: FastifyRequest,
  fleetGuid: string,
  need: 'view' | 'edit',
): Promise<FleetAccess> {
  const { user } = requireCaller(request);
  const found = await fleetsRepository(app.db).findWithAccess(fleetGuid, user.userGuid);
  const rights = fleetAccessRights({
    orgAccess: found?.orgAccess ?? null,
    fleetAccess: found?.fleetAccess ?? null,
  });
  if (!found || !rights.view) throw ApiError.notFound(FLEET_ERRORS.notFound, 'FLEET_NOT_FOUND');
  if (need === 'edit' && !rights.edit)
    throw ApiError.forbidden('Only editors of this fleet can change it', 'FLEET_EDITOR_REQUIRED');
  const fleet = {
    fleetGuid: found.fleetGuid,
    orgGuid: found.orgGuid,
    fleetName: found.fleetName,
    createdAt: found.createdAt,
  };
  return { fleet, rights, member: found.orgAccess !== null };
}

/** Whose fleets of an organization the caller lists (GET /fleets). */
export interface FleetListScope {
  /** Null: no organization chosen; the caller's own fleets of every organization. */
  orgGuid: string | null;
  userGuid: string;
  /** The caller's access as a member; null for a fleet user who is not one. */
  orgAccess: number | null;
  /** Only the fleets the caller is a user of ('Assigned To Me'). */
  assignedOnly: boolean;
}

/**
 * The organization of the x-org-guid header, whose fleets a member lists, and a fleet user who is not
 * a member lists their own fleets of; anyone else gets the 404 of an unknown organization. `userGuid`
 * (the 'Assigned To Me' tab) may only name the caller; with it and no organization, the caller's
 * fleets of every organization are listed (a fleet user who is a member of none opens them so,
 * decision 180).
 */
export async function requireFleetListScope(
  app: FastifyInstance,
  request: FastifyRequest,
  userGuid: string | undefined,
): Promise<FleetListScope> {
  const { user } = requireCaller(request);
  const orgGuid = requestedOrgGuid(request);
  if (userGuid && userGuid !== user.userGuid) throw ApiError.forbidden(FLEET_ERRORS.othersFleets);
  if (!orgGuid && userGuid) return { orgGuid: null, userGuid, orgAccess: null, assignedOnly: true };
  if (!orgGuid) throw ApiError.badRequest('Select an organization first (x-org-guid header)', 'ORG_REQUIRED');
  const membership = await orgsRepository(app.db).membership(orgGuid, user.userGuid);
  const scope = { orgGuid, userGuid: user.userGuid, assignedOnly: Boolean(userGuid) };
  if (membership) return { ...scope, orgAccess: membership.access };
  if (await fleetsRepository(app.db).isFleetUserIn(orgGuid, user.userGuid))
    return { ...scope, orgAccess: null, assignedOnly: true };
  throw ApiError.notFound('Organization not found', 'ORG_NOT_FOUND');
}
