import { canEditWith } from '@ec/contract/access';
import {
  type CreateRolloutBody,
  type createRolloutBodySchema,
  ROLLOUT_ERRORS,
  ROLLOUT_PAGE_SIZE,
} from '@ec/contract/rollouts';
import { isTemplateShadow, type TemplateShadowName } from '@ec/contract/shadow-template-state';
import type { ShadowName } from '@ec/contract/shadows';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { NewRolloutRequest, RolloutService } from '../../device-core/rollouts/rollout.service.ts';
import { type RolloutRow, rolloutsReads } from '../../device-core/rollouts/rollouts.reads.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, pageOf, timePageKey } from '../../http/pagination.ts';
import { loadDeviceRights } from '../devices/device-rights.ts';
import { orgsRepository } from '../orgs/orgs.repository.ts';
import { rolloutTargetsRepository } from './rollout-targets.repository.ts';

export type RolloutsService = ReturnType<typeof createRolloutsService>;

type CreateBody = z.output<typeof createRolloutBodySchema>;

export type { CreateRolloutBody };

/** Who asks: the signed-in person, with their platform groups. */
export interface RolloutCaller {
  userGuid: string;
  email: string;
  groups: readonly string[];
}

/** A fleet target already checked by the route (fleet editors, in the request's organization). */
export interface CheckedFleet {
  fleetGuid: string;
  orgGuid: string;
}

/**
 * The rollouts feature: starts a rollout once the caller was found to edit every target device (the
 * one device-access rule; a fleet's editors edit its devices), lists and shows them with their waves,
 * and pauses, resumes and cancels them through the device core's rollout service.
 */
export function createRolloutsService(deps: { db: Db; rollouts: RolloutService }) {
  const { db } = deps;
  const targets = rolloutTargetsRepository(db);
  const reads = rolloutsReads(db);

  async function sourceOf(
    orgGuid: string,
    source: CreateBody['source'],
  ): Promise<NewRolloutRequest['source']> {
    if (source.kind === 'change')
      return { kind: 'change', shadowName: source.shadow_name, state: source.state };
    const template = await targets.template(orgGuid, source.template_guid);
    if (!template) throw ApiError.notFound(ROLLOUT_ERRORS.templateNotFound, 'TEMPLATE_NOT_FOUND');
    if (!isTemplateShadow(template.shadowName as ShadowName))
      throw ApiError.badRequest(`${template.shadowName} templates cannot be rolled out`);
    return {
      kind: 'template',
      templateGuid: template.templateGuid,
      templateName: template.templateName,
      shadowName: template.shadowName as TemplateShadowName,
      state: template.state,
    };
  }

  /**
   * The devices of a device-list target, each one the caller edits: 404 when one is not a device of
   * the organization (or not one the caller sees), 403 when one is only seen or controlled.
   */
  async function editableDevices(orgGuid: string, caller: RolloutCaller, deviceGuids: readonly string[]) {
    const found = await targets.inOrg(orgGuid, deviceGuids);
    if (found.size !== deviceGuids.length)
      throw ApiError.notFound(ROLLOUT_ERRORS.devicesNotFound, 'DEVICE_NOT_FOUND');
    const membership = await orgsRepository(db).membership(orgGuid, caller.userGuid);
    // An organization editor edits every device of it; others by each device's own grants.
    if (canEditWith(membership?.access)) return [...deviceGuids];
    for (const deviceGuid of deviceGuids) {
      const rights = await loadDeviceRights(db, caller, { deviceGuid, orgGuid });
      if (!rights.view) throw ApiError.notFound(ROLLOUT_ERRORS.devicesNotFound, 'DEVICE_NOT_FOUND');
      if (!rights.edit) throw ApiError.forbidden(ROLLOUT_ERRORS.notEditable, 'DEVICE_EDITOR_REQUIRED');
    }
    return [...deviceGuids];
  }

  return {
    /** Starts a rollout in the request's organization; `fleet` is the checked fleet of a fleet target. */
    async create(input: { orgGuid: string; caller: RolloutCaller; body: CreateBody; fleet?: CheckedFleet }) {
      const { orgGuid, caller, body } = input;
      const source = await sourceOf(orgGuid, body.source);
      const deviceGuids =
        body.target.kind === 'fleet'
          ? await targets.fleetDevices(input.fleet!.fleetGuid)
          : await editableDevices(orgGuid, caller, body.target.device_guids);
      if (!deviceGuids.length) throw ApiError.badRequest(ROLLOUT_ERRORS.noDevices, 'NO_DEVICES');
      return deps.rollouts.create({
        orgGuid,
        actor: { userGuid: caller.userGuid, email: caller.email },
        source,
        target:
          body.target.kind === 'fleet'
            ? { kind: 'fleet', fleetGuid: body.target.fleet_guid }
            : { kind: 'devices' },
        deviceGuids,
        waveSize: body.wave_size,
        pauseSeconds: body.pause_seconds,
        offlinePolicy: body.offline_policy,
      });
    },

    /** One page of the organization's rollouts, newest first, with their device counts. */
    async list(
      orgGuid: string,
      query: {
        pagination_size?: number;
        pagination_token?: string;
        rollout_state?: RolloutRow['rolloutState'];
        fleet_guid?: string;
      },
    ) {
      const size = query.pagination_size ?? ROLLOUT_PAGE_SIZE;
      const after = decodePageToken(query.pagination_token, timePageKey);
      const rows = await reads.listPage({
        orgGuid,
        state: query.rollout_state,
        fleetGuid: query.fleet_guid,
        after: after && { createdAt: new Date(after[0]), rolloutGuid: after[1] },
        limit: size + 1,
      });
      const { page, pagination_token } = pageOf(rows, size, (row) => [
        row.createdAt.toISOString(),
        row.rolloutGuid,
      ]);
      const counts = await reads.countsOf(page.map((row) => row.rolloutGuid));
      return {
        page: page.map((row) => ({ row, counts: counts.get(row.rolloutGuid) ?? {} })),
        pagination_token,
      };
    },

    /**
     * A rollout the caller may see: a member of its organization or its creator (others get the 404
     * of an unknown one), and whether they may pause, resume and cancel it (its creator or an
     * organization editor).
     */
    async find(rolloutGuid: string, caller: RolloutCaller) {
      const row = await reads.find(rolloutGuid);
      const membership = row && (await orgsRepository(db).membership(row.orgGuid, caller.userGuid));
      if (!row || (!membership && row.createdBy !== caller.userGuid))
        throw ApiError.notFound(ROLLOUT_ERRORS.notFound, 'ROLLOUT_NOT_FOUND');
      return { row, manageable: row.createdBy === caller.userGuid || canEditWith(membership?.access) };
    },

    /** The rollout's device counts and devices in wave order. */
    async details(row: RolloutRow) {
      const [counts, devices] = await Promise.all([
        reads.countsOf([row.rolloutGuid]).then((found) => found.get(row.rolloutGuid) ?? {}),
        reads.devices(row.rolloutGuid),
      ]);
      return { counts, devices };
    },

    /** Pause, resume or cancel, by a caller who may manage the rollout (403 otherwise). */
    async act(rolloutGuid: string, caller: RolloutCaller, action: 'pause' | 'resume' | 'cancel') {
      const { manageable } = await this.find(rolloutGuid, caller);
      if (!manageable) throw ApiError.forbidden(ROLLOUT_ERRORS.notManageable, 'ROLLOUT_MANAGER_REQUIRED');
      const row = await deps.rollouts[action](rolloutGuid);
      return { row, counts: (await reads.countsOf([rolloutGuid])).get(rolloutGuid) ?? {}, manageable };
    },
  };
}
