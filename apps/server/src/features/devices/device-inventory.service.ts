import { alertStoreStart } from '@ec/contract/alerts';
import type { DevicesStatus, listProvisionedDevicesQuerySchema } from '@ec/contract/devices';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { deviceCommandsReads } from '../../device-core/device-commands/device-commands.reads.ts';
import type { DeviceService } from '../../device-core/devices/device.service.ts';
import { devicesReads } from '../../device-core/devices/devices.reads.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, namePageKey, pageOf } from '../../http/pagination.ts';
import { RATE_LIMITS, rateLimiter } from '../../http/rate-limiter.ts';
import type { Actor } from '../../shared/device-event-bus.ts';
import { alertsRepository } from '../alerts/alerts.repository.ts';
import { presentDevice } from './device.presenter.ts';
import { orgStatusCache } from './org-status-cache.ts';

export type DeviceInventoryService = ReturnType<typeof deviceInventoryService>;

/**
 * The devices people look for and take in: pages of an organization's (or every provisioned) device,
 * the organization's counts, a device with its commands in flight, and adoption by serial number.
 */
export function deviceInventoryService(deps: { db: Db; devices: Pick<DeviceService, 'adopt'> }) {
  const devices = devicesReads(deps.db);
  const limits = rateLimiter(deps.db);
  const alerts = alertsRepository(deps.db);

  /** The devices online and streaming (spec 2 §4.1) among an organization's, or one of its fleets'. */
  async function deviceCounts(scope: { orgGuid: string; fleetGuid?: string }) {
    const { total, online, streaming } = await devices.countsForOrg(scope.orgGuid, scope.fleetGuid);
    return {
      total_devices: total,
      total_online: online.length,
      total_streaming: streaming.length,
      devices_online: online,
      devices_streaming: streaming,
    };
  }

  /** The organization's counts (spec 2 §2.3): devices, online, streaming, active alerts. */
  async function status(orgGuid: string) {
    const [counts, activeAlerts] = await Promise.all([
      deviceCounts({ orgGuid }),
      alerts.countActive({ orgGuid }, alertStoreStart()),
    ]);
    return { status: { ...counts, total_alerts: activeAlerts } } satisfies { status: DevicesStatus };
  }
  const statuses = orgStatusCache(status);

  return {
    /**
     * One page of devices by name: an organization's, those granted to a user, a fleet's, or with null
     * every provisioned one.
     */
    async listPage(
      scope: { orgGuid: string | null; grantedTo?: string; fleetGuid?: string },
      query: z.output<typeof listProvisionedDevicesQuerySchema>,
      pageSize: number,
    ) {
      const rows = await devices.list({
        ...scope,
        serialContains: query.serial_number || undefined,
        nameContains: query.device_name || undefined,
        productNames: query.product_names,
        status: query.device_status,
        deviceGuids: query.device_guids,
        after: decodePageToken(query.pagination_token, namePageKey),
        limit: pageSize + 1,
      });
      const { page, pagination_token } = pageOf(rows, pageSize, (row) => [
        row.sortName,
        row.device.deviceGuid,
      ]);
      return { devices: page.map((row) => presentDevice(row.device, row.alertCount)), pagination_token };
    },

    /** The organization's counts (spec 2 §2.3) as the answer its callers share (org-status-cache.ts). */
    statusAnswer: statuses.answer,
    /** Something the organization's status counts changed, in this process or another. */
    statusChanged: statuses.changed,

    deviceCounts,

    /** How many active alerts a device has in its organization (its status label). */
    async activeAlertCount(device: { deviceGuid: string; orgGuid: string | null }) {
      if (!device.orgGuid) return 0;
      return alerts.countActive(
        { orgGuid: device.orgGuid, deviceGuid: device.deviceGuid },
        alertStoreStart(),
      );
    },

    /** The device commands still running on a device (its page shows them, and blocks others). */
    commandsInFlight: (deviceGuid: string) => deviceCommandsReads(deps.db).inFlight(deviceGuid),

    /**
     * Adopts the device with this serial number (and guid, when given) into the organization. Guessing
     * serial numbers is the way to claim someone's device: unknown serials count against the user, and
     * each serial takes only so many attempts from anyone.
     */
    async adoptBySerial(input: { serialNumber: string; deviceGuid?: string; orgGuid: string; actor: Actor }) {
      const failures = `adopt:failures:user:${input.actor.userGuid}`;
      await limits.assertUnderLimit(failures, RATE_LIMITS.adoptFailuresPerUser);
      await limits.hit([
        { key: `adopt:serial:${input.serialNumber}`, rule: RATE_LIMITS.adoptAttemptsPerSerial },
      ]);
      const device = await devices.findBySerial(input.serialNumber);
      if (!device || (input.deviceGuid && device.deviceGuid !== input.deviceGuid)) {
        await limits.countFailure(failures, RATE_LIMITS.adoptFailuresPerUser);
        throw ApiError.notFound(`No device with serial number ${input.serialNumber}`, 'DEVICE_NOT_FOUND');
      }
      if (device.orgGuid === input.orgGuid)
        throw ApiError.conflict('This device is already in this organization', 'DEVICE_ALREADY_ADOPTED');
      const adopted = await deps.devices.adopt({
        deviceGuid: device.deviceGuid,
        orgGuid: input.orgGuid,
        actor: input.actor,
      });
      if (!adopted)
        throw ApiError.conflict('This device belongs to another organization', 'DEVICE_ADOPTED_ELSEWHERE');
      return device.deviceGuid;
    },
  };
}
