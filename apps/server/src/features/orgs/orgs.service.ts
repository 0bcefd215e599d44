import { ACCESS } from '@ec/contract/access';
import { ORG_PAGE_SIZE, ORG_USERS_PAGE_SIZE } from '@ec/contract/orgs';
import type { Db } from '../../db/database.ts';
import type { DeviceService } from '../../device-core/devices/device.service.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, namePageKey, pageOf } from '../../http/pagination.ts';
import { type MemberChangeRefusal, orgsRepository } from './orgs.repository.ts';

export type OrgsService = ReturnType<typeof createOrgsService>;

interface PageQuery {
  pagination_size?: number;
  pagination_token?: string;
}

function refuse(refusal: MemberChangeRefusal | undefined) {
  if (!refusal) return;
  if (refusal.refused === 'LAST_ADMIN')
    throw ApiError.badRequest(
      'An organization needs at least one admin: make another member an admin first.',
      'LAST_ORG_ADMIN',
    );
  throw ApiError.badRequest(
    `Not members of this organization: ${refusal.userGuids.join(', ')}`,
    'NOT_ORG_MEMBERS',
  );
}

/** Organizations and their members (spec 1 §2.3); the routes check the caller's rights first. */
export function createOrgsService(deps: { db: Db; devices: Pick<DeviceService, 'pushEntitlements'> }) {
  const orgs = orgsRepository(deps.db);

  return {
    /**
     * One page of organizations by name: a user's, with their access, or every one (for holders of
     * OrganizationManagement, who manage each as its admin: decision 21).
     */
    async list(whose: { userGuid: string } | 'all', query: PageQuery & { org_name?: string }) {
      const size = query.pagination_size ?? ORG_PAGE_SIZE;
      const page = {
        nameContains: query.org_name?.trim() || undefined,
        after: decodePageToken(query.pagination_token, namePageKey),
        limit: size + 1,
      };
      const rows =
        whose === 'all'
          ? (await orgs.listAll(page)).map((row) => ({ ...row, access: ACCESS.admin }))
          : await orgs.listForUser({ ...page, userGuid: whose.userGuid });
      return pageOf(rows, size, (row) => [row.sortName, row.orgGuid]);
    },

    /** A new organization, its creator its admin. */
    create: (orgName: string, creatorGuid: string) => orgs.create(orgName, creatorGuid, ACCESS.admin),

    rename: (orgGuid: string, orgName: string) => orgs.rename(orgGuid, orgName),

    /** Deletes it; its devices, released, lose its licences at once (told like any licence change). */
    async delete(orgGuid: string) {
      const released = await orgs.delete(orgGuid);
      if (released.length > 0) await deps.devices.pushEntitlements(released);
    },

    /** One page of the organization's members by name. */
    async listMembers(orgGuid: string, query: PageQuery) {
      const size = query.pagination_size ?? ORG_USERS_PAGE_SIZE;
      const after = decodePageToken(query.pagination_token, namePageKey);
      const rows = await orgs.listMembers({ orgGuid, after, limit: size + 1 });
      return pageOf(rows, size, (row) => [row.sortName, row.userGuid]);
    },

    /** New access levels for members (400 for a non-member, or for leaving the organization without an admin). */
    async saveAccess(orgGuid: string, changes: readonly { userGuid: string; access: number }[]) {
      refuse(await orgs.saveAccess(orgGuid, changes));
    },

    /** Removes members, with the refusals of `saveAccess`. */
    async removeMembers(orgGuid: string, userGuids: readonly string[]) {
      refuse(await orgs.removeMembers(orgGuid, userGuids));
    },
  };
}
