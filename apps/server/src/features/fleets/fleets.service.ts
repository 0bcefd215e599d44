import { accessLabel, fleetAccessRights } from '@ec/contract/access';
import { alertStoreStart } from '@ec/contract/alerts';
import { FLEET_ERRORS, FLEET_PAGE_SIZE, FLEET_USERS_PAGE_SIZE } from '@ec/contract/fleets';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { DeviceService } from '../../device-core/devices/device.service.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, namePageKey, pageOf } from '../../http/pagination.ts';
import type { Actor } from '../../shared/device-event-bus.ts';
import type { DeviceInventoryService } from '../devices/device-inventory.service.ts';
import type { FleetAccess } from './fleet-access.ts';
import { fleetsRepository } from './fleets.repository.ts';

export type FleetsService = ReturnType<typeof createFleetsService>;

interface PageQuery {
  pagination_size?: number;
  pagination_token?: string;
}

/** The fleet users table's sort key: name, guid, and 0 for a fleet user's row, 1 for a membership's. */
const userPageKey = z.tuple([z.string(), z.uuid(), z.union([z.literal(0), z.literal(1)])]);

type Fleet = FleetAccess['fleet'];

const levelText = (access: number | null) => (access === null ? 'none' : accessLabel(access));

/**
 * Fleets (spec 2 §2.6): an organization's groups of devices and their users. The routes check the
 * caller's rights first (`requireFleet`). Devices added and removed are written in the devices' events
 * through the device service, in the same transaction; the fleet's own changes are logged.
 */
export function createFleetsService(deps: {
  db: Db;
  devices: Pick<DeviceService, 'recordFleetDevices' | 'recordFleetChange' | 'announceFleetDevices'>;
  inventory: Pick<DeviceInventoryService, 'deviceCounts'>;
  log: FastifyBaseLogger;
}) {
  const { db, log } = deps;
  const fleets = fleetsRepository(db);

  /**
   * Refuses the whole request when a listed user is not one of the fleet's own users: the
   * organization's members are managed there (spec 2 §6), anyone else has no access to change.
   */
  async function lockOwnUsers(tx: Db, fleet: Fleet, userGuids: readonly string[]) {
    const repository = fleetsRepository(tx);
    const found = new Map(
      (await repository.lockFleetUsers(fleet.fleetGuid, userGuids)).map((row) => [row.userGuid, row]),
    );
    const missing = userGuids.filter((guid) => !found.has(guid));
    if (missing.length > 0) {
      if ((await repository.membersAmong(fleet.orgGuid, missing)).size > 0)
        throw ApiError.badRequest(FLEET_ERRORS.managed, 'FLEET_USER_MANAGED');
      throw ApiError.badRequest(FLEET_ERRORS.notFleetUser, 'FLEET_USER_NOT_FOUND');
    }
    return found;
  }

  const announce = (fleet: Fleet, deviceGuids: readonly string[], change: 'added' | 'removed') =>
    deps.devices.announceFleetDevices({
      orgGuid: fleet.orgGuid,
      fleetGuid: fleet.fleetGuid,
      deviceGuids,
      change,
    });

  /** The fleet's event for a change of its users: 'Fleet users changed by ann@…: bob@… Read Only → Admin'. */
  const recordUsers = (
    tx: Db,
    fleet: Fleet,
    actor: Actor,
    what: string,
    users: { user_guid: string; email: string; from_access: number | null; to_access: number | null }[],
  ) =>
    deps.devices.recordFleetChange(tx, {
      fleetGuid: fleet.fleetGuid,
      orgGuid: fleet.orgGuid,
      actor,
      message: `${what} by ${actor.email}: ${users
        .map((user) => `${user.email} ${levelText(user.from_access)} → ${levelText(user.to_access)}`)
        .join(', ')}`,
      data: { users },
    });

  return {
    /**
     * One page of the organization's fleets by name with the caller's rights on each: every fleet for
     * a member (`orgAccess` set), only their own fleets for a fleet user who is not one or when
     * `assignedOnly` ('Assigned To Me').
     */
    async list(
      input: { orgGuid: string | null; userGuid: string; orgAccess: number | null; assignedOnly: boolean },
      query: PageQuery & { fleet_name?: string },
    ) {
      const size = query.pagination_size ?? FLEET_PAGE_SIZE;
      const rows = await fleets.listPage({
        orgGuid: input.orgGuid,
        userGuid: input.userGuid,
        assignedOnly: input.assignedOnly || input.orgAccess === null,
        nameContains: query.fleet_name || undefined,
        after: decodePageToken(query.pagination_token, namePageKey),
        limit: size + 1,
      });
      const { page, pagination_token } = pageOf(rows, size, (row) => [row.sortName, row.fleetGuid]);
      return {
        page: page.map((row) => ({
          fleet: row,
          rights: fleetAccessRights({ orgAccess: input.orgAccess, fleetAccess: row.fleetAccess }),
        })),
        pagination_token,
      };
    },

    async create(orgGuid: string, fleetName: string, actor: Actor) {
      const fleet = await db.transaction(async (tx) => {
        const created = await fleetsRepository(tx).create(orgGuid, fleetName);
        await deps.devices.recordFleetChange(tx, {
          fleetGuid: created.fleetGuid,
          orgGuid,
          actor,
          message: `Fleet ${fleetName} created by ${actor.email}`,
          data: { fleet_name: fleetName },
        });
        return created;
      });
      log.info({ fleetGuid: fleet.fleetGuid, orgGuid, userGuid: actor.userGuid }, 'fleet created');
      return fleet;
    },

    async rename(fleet: Fleet, fleetName: string, actor: Actor) {
      await db.transaction(async (tx) => {
        await fleetsRepository(tx).rename(fleet.fleetGuid, fleetName);
        await deps.devices.recordFleetChange(tx, {
          fleetGuid: fleet.fleetGuid,
          orgGuid: fleet.orgGuid,
          actor,
          message: `Fleet renamed from ${fleet.fleetName} to ${fleetName} by ${actor.email}`,
          data: { from_name: fleet.fleetName, to_name: fleetName },
        });
      });
      log.info({ fleetGuid: fleet.fleetGuid, userGuid: actor.userGuid }, 'fleet renamed');
    },

    /** Deletes the fleet; each device it held has it in its events, as a removal. */
    async delete(fleet: Fleet, reason: string, actor: Actor) {
      const held = await db.transaction(async (tx) => {
        const held = await fleetsRepository(tx).delete(fleet.fleetGuid);
        await deps.devices.recordFleetDevices(tx, {
          orgGuid: fleet.orgGuid,
          fleet,
          deviceGuids: held,
          change: 'removed',
          actor,
        });
        return held;
      });
      announce(fleet, held, 'removed');
      log.info({ fleetGuid: fleet.fleetGuid, userGuid: actor.userGuid, reason }, 'fleet deleted');
    },

    /**
     * Adds devices of the fleet's organization that the caller sees (all for a member); any other
     * guid refuses the whole request. Devices already in the fleet stay as they are.
     */
    async addDevices(access: FleetAccess, deviceGuids: readonly string[], actor: Actor) {
      const { fleet } = access;
      const added = await db.transaction(async (tx) => {
        const repository = fleetsRepository(tx);
        const visible = await repository.visibleDevices({
          orgGuid: fleet.orgGuid,
          deviceGuids,
          viewer: { userGuid: actor.userGuid, member: access.member },
        });
        const unknown = deviceGuids.filter((guid) => !visible.has(guid));
        if (unknown.length > 0)
          throw ApiError.badRequest(
            `${FLEET_ERRORS.devicesNotFound}: ${unknown.join(', ')}`,
            'FLEET_DEVICES_NOT_FOUND',
          );
        const added = await repository.addDevices(fleet.fleetGuid, fleet.orgGuid, deviceGuids);
        await deps.devices.recordFleetDevices(tx, {
          orgGuid: fleet.orgGuid,
          fleet,
          deviceGuids: added,
          change: 'added',
          actor,
        });
        return added;
      });
      announce(fleet, added, 'added');
    },

    /** Removes devices from the fleet; guids that are not in it are left alone. */
    async removeDevices(fleet: Fleet, deviceGuids: readonly string[], actor: Actor) {
      const removed = await db.transaction(async (tx) => {
        const removed = await fleetsRepository(tx).removeDevices(fleet.fleetGuid, fleet.orgGuid, deviceGuids);
        await deps.devices.recordFleetDevices(tx, {
          orgGuid: fleet.orgGuid,
          fleet,
          deviceGuids: removed,
          change: 'removed',
          actor,
        });
        return removed;
      });
      announce(fleet, removed, 'removed');
    },

    /**
     * The fleet's status (spec 2 §3), as the organization's is counted (GET /devices/status): devices,
     * online, streaming (spec 2 §4.1) and the open alerts of the alert store's month: two statements.
     */
    async status(fleet: Fleet) {
      const [counts, alerts] = await Promise.all([
        deps.inventory.deviceCounts({ orgGuid: fleet.orgGuid, fleetGuid: fleet.fleetGuid }),
        fleets.openAlerts(fleet.fleetGuid, alertStoreStart()),
      ]);
      return {
        ...counts,
        total_alerts: alerts.length,
        alerts: alerts.map((alert) => ({ alert_guid: alert.alertGuid, device_guid: alert.deviceGuid })),
      };
    },

    /** One page of the fleet users table: its own users and its organization's members (managed there). */
    async listUsers(fleet: Fleet, query: PageQuery) {
      const size = query.pagination_size ?? FLEET_USERS_PAGE_SIZE;
      const rows = await fleets.listUsers({
        fleetGuid: fleet.fleetGuid,
        orgGuid: fleet.orgGuid,
        after: decodePageToken(query.pagination_token, userPageKey),
        limit: size + 1,
      });
      return pageOf(rows, size, (row) => [row.sortName, row.userGuid, row.managedBy === 'org' ? 1 : 0]);
    },

    /** New access levels for the fleet's own users (PUT /fleets/{guid}/users). */
    async saveUsers(fleet: Fleet, changes: readonly { userGuid: string; access: number }[], actor: Actor) {
      const changed = await db.transaction(async (tx) => {
        const found = await lockOwnUsers(
          tx,
          fleet,
          changes.map((change) => change.userGuid),
        );
        const made = changes.filter((change) => found.get(change.userGuid)?.access !== change.access);
        for (const change of made)
          await fleetsRepository(tx).setUserAccess(fleet.fleetGuid, change.userGuid, change.access);
        if (made.length > 0)
          await recordUsers(
            tx,
            fleet,
            actor,
            'Fleet users changed',
            made.map((change) => ({
              user_guid: change.userGuid,
              email: found.get(change.userGuid)?.email ?? '',
              from_access: found.get(change.userGuid)?.access ?? null,
              to_access: change.access,
            })),
          );
        return made;
      });
      if (changed.length > 0)
        log.info(
          { fleetGuid: fleet.fleetGuid, userGuid: actor.userGuid, changes: changed },
          'fleet users changed',
        );
    },

    /** Removes users of the fleet (DELETE /fleets/{guid}/users). */
    async removeUsers(fleet: Fleet, userGuids: readonly string[], actor: Actor) {
      await db.transaction(async (tx) => {
        const found = await lockOwnUsers(tx, fleet, userGuids);
        await fleetsRepository(tx).removeUsers(fleet.fleetGuid, userGuids);
        await recordUsers(
          tx,
          fleet,
          actor,
          'Fleet users removed',
          [...found.values()].map((row) => ({
            user_guid: row.userGuid,
            email: row.email,
            from_access: row.access,
            to_access: null,
          })),
        );
      });
      log.info(
        { fleetGuid: fleet.fleetGuid, userGuid: actor.userGuid, removed: userGuids },
        'fleet users removed',
      );
    },
  };
}
