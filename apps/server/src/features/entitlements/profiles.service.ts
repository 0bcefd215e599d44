import { randomUUID } from 'node:crypto';
import { hasGroup } from '@ec/contract/access';
import { type EntitlementProfile, isBaseProfileGuid } from '@ec/contract/entitlements/base-profiles';
import { profilePropertyProblems } from '@ec/contract/entitlements/capability-catalogue';
import {
  type CreateProfileBody,
  PROFILE_ERRORS,
  PROFILE_PAGE_SIZE,
  type ProfileSummary,
  type UpdateProfileBody,
} from '@ec/contract/entitlements/profiles';
import type { Product } from '@ec/contract/products';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { DeviceService } from '../../device-core/devices/device.service.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, pageOf } from '../../http/pagination.ts';
import type { Actor } from '../../shared/device-event-bus.ts';
import { profilesRepository } from './profiles.repository.ts';

/** A page token of the selector: the last profile's sort name and guid (a base profile's is not a uuid). */
const profilePageKey = z.tuple([z.string(), z.string().min(1).max(100)]);

/** Profile administration needs the platform group EntitlementManagement (spec 3 §2.8, §6). */
export function requireEntitlementAdmin(groups: readonly string[]) {
  if (!hasGroup(groups, 'EntitlementManagement'))
    throw ApiError.forbidden('This needs the EntitlementManagement group');
}

/** Each value within its capability on the platform (spec 3 §5), told with the features' labels (§4.7). */
function requireValidProperties(platform: Product, properties: Record<string, unknown>) {
  const problems = profilePropertyProblems(platform, properties);
  if (problems.length > 0) throw ApiError.badRequest(problems.join('; '), 'INVALID_ENTITLEMENT_PROFILE');
}

/**
 * Entitlement profiles (spec 3 §2.8, §3.10, §5, §7): list, read, create, change and delete, each
 * change logged with who made it as the other administration calls are. A change of a profile's
 * properties, or its deletion, is announced as `entitlement_profile.changed` for the devices using it.
 */
export function createProfilesService(deps: {
  db: Db;
  devices: Pick<DeviceService, 'announceProfileChanged'>;
  log: FastifyBaseLogger;
}) {
  const profiles = profilesRepository(deps.db);

  const find = async (profileGuid: string) => {
    const profile = await profiles.find(profileGuid);
    if (!profile) throw ApiError.notFound(PROFILE_ERRORS.notFound, 'ENTITLEMENT_NOT_FOUND');
    return profile;
  };

  return {
    async list(query: { profile_platform?: Product; pagination_size?: number; pagination_token?: string }) {
      const size = query.pagination_size ?? PROFILE_PAGE_SIZE;
      const rows = await profiles.listPage({
        platform: query.profile_platform,
        after: decodePageToken(query.pagination_token, profilePageKey),
        limit: size + 1,
      });
      const { page, pagination_token } = pageOf(rows, size, (row) => [row.sortName, row.profile_guid]);
      return {
        profiles: page.map(
          ({ profile_guid, profile_name, profile_platform }): ProfileSummary => ({
            profile_guid,
            profile_name,
            profile_platform,
          }),
        ),
        pagination_token,
      };
    },

    get: find,

    async create(body: CreateProfileBody, actor: Actor) {
      requireValidProperties(body.profile_platform, body.properties);
      const profileGuid = randomUUID();
      await profiles.insert({
        profileGuid,
        profileName: body.profile_name,
        profilePlatform: body.profile_platform,
        properties: body.properties,
      });
      deps.log.info(
        { profileGuid, platform: body.profile_platform, by: actor.email },
        'entitlement profile created',
      );
      return profileGuid;
    },

    /** The platform is fixed after creation; a body may repeat it (spec 3 §2.8). */
    async update(profileGuid: string, body: UpdateProfileBody, actor: Actor) {
      const profile: EntitlementProfile = await find(profileGuid);
      if (body.profile_platform !== undefined && body.profile_platform !== profile.profile_platform)
        throw ApiError.badRequest(PROFILE_ERRORS.platformFixed, 'PLATFORM_FIXED');
      if (body.properties) requireValidProperties(profile.profile_platform, body.properties);
      await profiles.update(profileGuid, { profileName: body.profile_name, properties: body.properties });
      deps.log.info(
        { profileGuid, renamed: body.profile_name !== undefined, by: actor.email },
        'entitlement profile changed',
      );
      if (body.properties) deps.devices.announceProfileChanged(profileGuid);
    },

    /** Base profiles stay; a profile a licence grants stays (its licences must go first). */
    async delete(profileGuid: string, reason: string, actor: Actor) {
      if (isBaseProfileGuid(profileGuid))
        throw ApiError.badRequest(PROFILE_ERRORS.baseProfileDelete, 'BASE_PROFILE');
      await find(profileGuid);
      await deps.db.transaction(async (tx) => {
        const inTransaction = profilesRepository(tx);
        // Locked first: a licence created meanwhile waits for this delete, then finds no profile.
        await inTransaction.lock(profileGuid);
        if ((await inTransaction.licenceCount(profileGuid)) > 0)
          throw ApiError.conflict(PROFILE_ERRORS.inUse, 'PROFILE_IN_USE');
        await inTransaction.delete(profileGuid);
      });
      deps.log.info({ profileGuid, by: actor.email, reason }, 'entitlement profile deleted');
      deps.devices.announceProfileChanged(profileGuid);
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
