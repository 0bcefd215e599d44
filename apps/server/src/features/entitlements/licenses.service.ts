import { BASE_PROFILE_GUIDS } from '@ec/contract/entitlements/base-profiles';
import {
  type createLicenseBodySchema,
  LICENSE_ERRORS,
  LICENSE_PAGE_SIZE,
} from '@ec/contract/entitlements/licenses';
import { DEVICE_PRODUCTS } from '@ec/contract/products';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { DeviceService } from '../../device-core/devices/device.service.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, namePageKey, pageOf, timePageKey } from '../../http/pagination.ts';
import type { Actor } from '../../shared/device-event-bus.ts';
import { orgsRepository } from '../orgs/orgs.repository.ts';
import { type LicenseFilter, type LicenseRow, licensesRepository } from './licenses.repository.ts';

export type LicensesService = ReturnType<typeof createLicensesService>;

interface PageQuery {
  pagination_size?: number;
  pagination_token?: string;
}

const DAY_MS = 24 * 60 * 60_000;

/** Which product's devices a base profile is the base of. */
const baseProductOf = (profileGuid: string) =>
  DEVICE_PRODUCTS.find((product) => BASE_PROFILE_GUIDS[product] === profileGuid);

/**
 * Licences (spec 3 §2.8, §3.11, §4.7, §5; spec 2 §2.12, §4.10): created, extended and deleted by
 * entitlement administrators, allocated by them and by the organization's editors. Each change is
 * recorded as the licence's event in its transaction, then every device it reaches is sent its new
 * effective entitlements (and the browsers told) through the device service.
 */
export function createLicensesService(deps: {
  db: Db;
  devices: Pick<DeviceService, 'pushEntitlements' | 'recordLicenseChange'>;
  log: FastifyBaseLogger;
}) {
  const { db, log } = deps;
  const licenses = licensesRepository(db);

  async function push(deviceGuids: readonly string[]) {
    if (deviceGuids.length > 0) await deps.devices.pushEntitlements(deviceGuids);
  }

  /** A per-device organization licence; anything else is not allocated. */
  function requireAllocatable(license: LicenseRow) {
    if (license.orgGuid === null || license.unlimited || license.allocationLimit === null)
      throw ApiError.badRequest(LICENSE_ERRORS.notAllocatable, 'LICENSE_NOT_ALLOCATABLE');
  }

  return {
    async find(licenseId: string) {
      const license = await licenses.find(licenseId);
      if (!license) throw ApiError.notFound(LICENSE_ERRORS.notFound, 'LICENSE_NOT_FOUND');
      return license;
    },

    async list(filter: LicenseFilter, query: PageQuery) {
      const size = query.pagination_size ?? LICENSE_PAGE_SIZE;
      const after = decodePageToken(query.pagination_token, timePageKey);
      const rows = await licenses.listPage(filter, after, size + 1);
      return pageOf(rows, size, (row) => [row.createdAt.toISOString(), row.licenseId]);
    },

    /**
     * Spec 3 §5: a profile that exists; an organization licence is unlimited (which wins when a count
     * is sent too) or has a count of at least 1; a serial-number licence has neither; a cloud_ui
     * profile makes it unlimited whatever is asked.
     */
    async create(body: z.output<typeof createLicenseBodySchema>, actor: Actor) {
      const profile = await licenses.findProfile(body.profile_guid);
      if (!profile) throw ApiError.badRequest(LICENSE_ERRORS.profileNotFound, 'PROFILE_NOT_FOUND');
      if (body.org_guid !== undefined && !(await orgsRepository(db).find(body.org_guid)))
        throw ApiError.notFound('Organization not found', 'ORG_NOT_FOUND');
      const cloud = profile.profilePlatform === 'cloud_ui';
      const byOrg = body.org_guid !== undefined;
      const unlimited = cloud || (byOrg && body.unlimited);
      if (byOrg && !unlimited && body.allocation_limit === undefined)
        throw ApiError.badRequest(LICENSE_ERRORS.countOrUnlimited, 'LICENSE_COUNT_REQUIRED');
      const now = new Date();
      const licenseId = await db.transaction(async (tx) => {
        const id = await licensesRepository(tx).create({
          profileGuid: body.profile_guid,
          orgGuid: body.org_guid ?? null,
          serialNumber: body.serial_number ?? null,
          unlimited,
          allocationLimit: byOrg && !unlimited ? (body.allocation_limit ?? null) : null,
          licenseName: body.license_name || null,
          salesOrder: body.sales_order || null,
          lifespanDays: body.lifespan_days,
          createdAt: now,
          expires: new Date(now.getTime() + body.lifespan_days * DAY_MS),
        });
        await deps.devices.recordLicenseChange(tx, {
          licenseId: id,
          orgGuid: body.org_guid ?? null,
          actor,
          message: `License ${body.license_name || id} created by ${actor.email}`,
          data: { profile_guid: body.profile_guid, serial_number: body.serial_number ?? null },
        });
        return id;
      });
      log.info({ licenseId, userGuid: actor.userGuid }, 'license created');
      await push(await licenses.devicesReached([licenseId]));
      return licenseId;
    },

    async extend(license: LicenseRow, days: number, actor: Actor) {
      await db.transaction(async (tx) => {
        await licensesRepository(tx).extend(license.licenseId, days);
        await deps.devices.recordLicenseChange(tx, {
          licenseId: license.licenseId,
          orgGuid: license.orgGuid,
          actor,
          message: `License ${license.licenseName ?? license.licenseId} extended by ${days} days by ${actor.email}`,
          data: { additional_lifespan_days: days },
        });
      });
      await push(await licenses.devicesReached([license.licenseId]));
      return (await licenses.find(license.licenseId))!;
    },

    async delete(license: LicenseRow, reason: string, actor: Actor) {
      const reached = await db.transaction(async (tx) => {
        const repository = licensesRepository(tx);
        const devices = await repository.devicesReached([license.licenseId]);
        await repository.delete(license.licenseId);
        await deps.devices.recordLicenseChange(tx, {
          licenseId: license.licenseId,
          orgGuid: license.orgGuid,
          actor,
          message: `License ${license.licenseName ?? license.licenseId} deleted by ${actor.email}: ${reason}`,
          data: { reason, profile_guid: license.profileGuid, serial_number: license.serialNumber },
        });
        return devices;
      });
      log.info({ licenseId: license.licenseId, userGuid: actor.userGuid }, 'license deleted');
      await push(reached);
    },

    async listAllocations(license: LicenseRow, query: PageQuery) {
      const size = query.pagination_size ?? LICENSE_PAGE_SIZE;
      const after = decodePageToken(query.pagination_token, namePageKey);
      const rows = await licenses.allocationsPage(license.licenseId, after, size + 1);
      return pageOf(rows, size, (row) => [row.serialNumber, row.deviceGuid]);
    },

    /**
     * Allocates the licence to devices of its organization (all or none), never beyond its count:
     * devices already holding it keep their place, a pending de-allocation is taken back.
     */
    async allocate(license: LicenseRow, deviceGuids: readonly string[], actor: Actor) {
      requireAllocatable(license);
      const wanted = [...new Set(deviceGuids)];
      await db.transaction(async (tx) => {
        const repository = licensesRepository(tx);
        await repository.lock(license.licenseId);
        const inOrg = await repository.devicesInOrg(license.orgGuid!, wanted);
        if (inOrg.size !== wanted.length)
          throw ApiError.notFound(LICENSE_ERRORS.devicesNotFound, 'DEVICES_NOT_FOUND');
        const others = await repository.allocationCount(license.licenseId, wanted);
        if (others + wanted.length > license.allocationLimit!)
          throw ApiError.conflict(LICENSE_ERRORS.allocationFull, 'LICENSE_ALLOCATION_FULL');
        await repository.allocate(license.licenseId, wanted);
        await deps.devices.recordLicenseChange(tx, {
          licenseId: license.licenseId,
          orgGuid: license.orgGuid,
          actor,
          message: `License ${license.licenseName ?? license.licenseId} allocated to ${wanted.length} device(s) by ${actor.email}`,
          data: { devices: wanted },
        });
      });
      await push(wanted);
    },

    /**
     * Takes the licence back from devices (decision 207): each allocation is Pending De-Allocation and
     * stops granting at once; it is removed once the device has been told (at once when online).
     * Devices without an allocation of it are left alone.
     */
    async deallocate(license: LicenseRow, deviceGuids: readonly string[], actor: Actor) {
      requireAllocatable(license);
      const marked = await db.transaction(async (tx) => {
        const devices = await licensesRepository(tx).markPending(license.licenseId, [
          ...new Set(deviceGuids),
        ]);
        if (devices.length > 0)
          await deps.devices.recordLicenseChange(tx, {
            licenseId: license.licenseId,
            orgGuid: license.orgGuid,
            actor,
            message: `License ${license.licenseName ?? license.licenseId} de-allocated from ${devices.length} device(s) by ${actor.email}`,
            data: { devices },
          });
        return devices;
      });
      await push(marked);
    },

    /**
     * The expiry job's work: licences that expired since the last run, each claimed by one process,
     * recorded, and their devices sent what they are left with. A licence that expired while no
     * server ran is announced by the first run after the start.
     */
    async announceExpired(now = new Date()) {
      const expired = await db.transaction(async (tx) => {
        const claimed = await licensesRepository(tx).claimExpired(now);
        for (const license of claimed)
          await deps.devices.recordLicenseChange(tx, {
            licenseId: license.licenseId,
            orgGuid: license.orgGuid,
            actor: null,
            message: `License ${license.licenseId} expired`,
          });
        return claimed;
      });
      if (expired.length === 0) return 0;
      await push(await licenses.devicesReached(expired.map((license) => license.licenseId)));
      return expired.length;
    },

    /** A profile's values changed: every device it reaches (a base profile: its product's) is told. */
    async profileChanged(profileGuid: string) {
      const product = baseProductOf(profileGuid);
      if (product) return push(await licenses.devicesOfProduct(product));
      return push(await licenses.devicesReached(await licenses.licensesOfProfile(profileGuid)));
    },
  };
}
