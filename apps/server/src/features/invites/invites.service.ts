import { accessLabel, canEditWith, fleetAccessRights, hasGroup } from '@ec/contract/access';
import { FLEET_ERRORS } from '@ec/contract/fleets';
import {
  type AcceptInviteResponse,
  type cancelInviteBodySchema,
  type createInviteBodySchema,
  INVITE_ERRORS,
  INVITE_TABLE_LIMIT,
  type Invite,
  type ListInvitesResponse,
  type listInvitesQuerySchema,
} from '@ec/contract/invites';
import type { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { deviceUsersReads } from '../../device-core/device-users/device-users.reads.ts';
import type { createDeviceUsersService } from '../../device-core/device-users/device-users.service.ts';
import type { DeviceService } from '../../device-core/devices/device.service.ts';
import { devicesReads } from '../../device-core/devices/devices.reads.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, pageOf, timePageKey } from '../../http/pagination.ts';
import type { Actor } from '../../shared/device-event-bus.ts';
import type { UserRow } from '../auth/users.repository.ts';
import { loadDeviceRights } from '../devices/device-rights.ts';
import { fleetsRepository } from '../fleets/fleets.repository.ts';
import { orgsRepository } from '../orgs/orgs.repository.ts';
import type { Outbox } from '../outbox/outbox.service.ts';
import { inviteMail } from './invites.mails.ts';
import {
  type InviteListRow,
  type InviteRow,
  type InviteTarget,
  invitesRepository,
} from './invites.repository.ts';

type TargetFields = { org_guid?: string; fleet_guid?: string; device_guid?: string };

/** What the caller may do with an invite target, and how to name it (in mails and messages). */
interface ResolvedTarget {
  target: InviteTarget;
  /** The organization whose members are the target's users. */
  orgGuid: string;
  label: string;
  canEdit: boolean;
  /** Whether an account of this address already has access: a member, or a user of the device. */
  hasAccess: (email: string) => Promise<boolean>;
  alreadyMemberMessage: string;
}

/** The device service's part that turns an accepted device invitation into a device user. */
export type DeviceInviteAcceptor = Pick<ReturnType<typeof createDeviceUsersService>, 'acceptDeviceInvite'>;

const presentInvite = (row: InviteListRow): Invite => ({
  invite_guid: row.inviteGuid,
  target_email: row.targetEmail,
  access: row.access as Invite['access'],
  ...(row.orgGuid ? { org_guid: row.orgGuid, org_name: row.orgName ?? undefined } : {}),
  ...(row.fleetGuid ? { fleet_guid: row.fleetGuid, fleet_name: row.fleetName ?? undefined } : {}),
  ...(row.deviceGuid ? { device_guid: row.deviceGuid, device_name: row.deviceName ?? undefined } : {}),
  created_at: row.createdAt.toISOString(),
});

const targetOf = (fields: TargetFields): InviteTarget | undefined => {
  if (fields.org_guid) return { orgGuid: fields.org_guid };
  if (fields.device_guid) return { deviceGuid: fields.device_guid };
  if (fields.fleet_guid) return { fleetGuid: fields.fleet_guid };
  return undefined;
};

const targetOfRow = (row: InviteRow): InviteTarget | undefined =>
  targetOf({
    org_guid: row.orgGuid ?? undefined,
    device_guid: row.deviceGuid ?? undefined,
    fleet_guid: row.fleetGuid ?? undefined,
  });

/** Only an address the user has proven (a confirmed sign-up or a single sign-on account) receives invites. */
const confirmedEmailOf = (user: UserRow) =>
  user.status !== 'UNCONFIRMED' && user.emailVerified ? user.email.toLowerCase() : undefined;

/**
 * Invitations (spec 1 §2.4, §3, §5, §6): editors of an organization (or of a device's organization) invite
 * an e-mail address; only the signed-in owner of that confirmed address accepts or declines.
 */
export function invitesService(deps: {
  db: Db;
  outbox: Outbox;
  config: Config;
  /** A fleet's invitations are events of the fleet (decision 179), recorded with them. */
  fleetEvents: Pick<DeviceService, 'recordFleetChange'>;
}) {
  const invites = invitesRepository(deps.db);
  const fleets = fleetsRepository(deps.db);
  const actorOf = (user: UserRow): Actor => ({ userGuid: user.userGuid, email: user.email });
  /** Records a fleet invitation's change as the fleet's event, in the transaction `tx`. */
  const recordFleetInvite = (
    tx: Db,
    target: InviteTarget,
    orgGuid: string,
    actor: Actor,
    message: string,
    data: Record<string, unknown>,
  ) =>
    'fleetGuid' in target
      ? deps.fleetEvents.recordFleetChange(tx, { fleetGuid: target.fleetGuid, orgGuid, actor, message, data })
      : Promise.resolve();
  const orgs = orgsRepository(deps.db);
  const devices = devicesReads(deps.db);
  const deviceUsers = deviceUsersReads(deps.db);

  /**
   * The caller's rights on a target. Someone with no access answers 404 like an unknown target, so that
   * guids reveal nothing; OrganizationManagement holders edit every organization.
   */
  async function resolve(caller: UserRow, target: InviteTarget): Promise<ResolvedTarget> {
    if ('fleetGuid' in target) {
      // As the fleet's own calls: members of its organization and its users see it; editors invite.
      const found = await fleets.findWithAccess(target.fleetGuid, caller.userGuid);
      const rights = fleetAccessRights({
        orgAccess: found?.orgAccess ?? null,
        fleetAccess: found?.fleetAccess ?? null,
      });
      if (!found || !rights.view) throw ApiError.notFound(FLEET_ERRORS.notFound, 'FLEET_NOT_FOUND');
      const { orgGuid } = found;
      return {
        target,
        orgGuid,
        label: `the fleet ${found.fleetName}`,
        canEdit: rights.edit,
        // The organization's members are in the fleet's users too ('Managed by Org').
        hasAccess: async (email) =>
          (await invites.isOrgMemberEmail(orgGuid, email)) ||
          fleets.isFleetUserEmail(target.fleetGuid, email),
        alreadyMemberMessage: INVITE_ERRORS.alreadyFleetUser,
      };
    }
    if ('orgGuid' in target) {
      const orgManager = hasGroup(caller.groups, 'OrganizationManagement');
      const membership = await orgs.membership(target.orgGuid, caller.userGuid);
      const orgName = membership?.orgName ?? (orgManager ? await invites.orgName(target.orgGuid) : undefined);
      if (orgName === undefined) throw ApiError.notFound('Organization not found', 'ORG_NOT_FOUND');
      return {
        target,
        orgGuid: target.orgGuid,
        label: `the organization ${orgName}`,
        canEdit: orgManager || canEditWith(membership?.access),
        hasAccess: (email) => invites.isOrgMemberEmail(target.orgGuid, email),
        alreadyMemberMessage: INVITE_ERRORS.alreadyMember,
      };
    }
    // A device's invitations are its editors' business, like its users (spec 3 §6).
    const device = await devices.findByGuid(target.deviceGuid);
    const rights = device ? await loadDeviceRights(deps.db, caller, device) : undefined;
    const orgGuid = device?.orgGuid;
    if (!device || !orgGuid || !rights?.view) throw ApiError.notFound('Device not found', 'DEVICE_NOT_FOUND');
    return {
      target,
      orgGuid,
      label: `the device ${device.deviceName || device.serialNumber}`,
      canEdit: rights.edit,
      hasAccess: async (email) =>
        (await invites.isOrgMemberEmail(orgGuid, email)) ||
        deviceUsers.isDeviceUserEmail(target.deviceGuid, orgGuid, email),
      alreadyMemberMessage: INVITE_ERRORS.alreadyDeviceUser,
    };
  }

  async function requireEditor(caller: UserRow, target: InviteTarget) {
    const resolved = await resolve(caller, target);
    if (!resolved.canEdit)
      throw ApiError.forbidden(
        'deviceGuid' in target
          ? 'Only editors of this device can manage its invites'
          : 'fleetGuid' in target
            ? 'Only editors of this fleet can manage its invites'
            : 'Only editors of this organization can manage its invites',
      );
    return resolved;
  }

  /** The invite, if it is addressed to the caller's confirmed e-mail; otherwise 404 (nothing revealed). */
  async function ownInvite(caller: UserRow, inviteGuid: string) {
    const invite = await invites.findByGuid(inviteGuid);
    const email = confirmedEmailOf(caller);
    if (!invite || !email || invite.targetEmail !== email)
      throw ApiError.notFound(INVITE_ERRORS.notFound, 'INVITE_NOT_FOUND');
    return invite;
  }

  return {
    /** Invites an address (again: the pending invite is replaced) and mails it. */
    async create(caller: UserRow, body: z.output<typeof createInviteBodySchema>) {
      // The body schema holds exactly one target.
      const target = targetOf(body)!;
      const resolved = await requireEditor(caller, target);
      if (await resolved.hasAccess(body.target_email))
        throw ApiError.badRequest(resolved.alreadyMemberMessage, 'ALREADY_MEMBER');
      // The invite and its e-mail are stored together: neither exists without the other.
      const invite = await deps.outbox.transaction(async (tx, enqueue) => {
        const row = await invitesRepository(tx).upsert({
          targetEmail: body.target_email,
          access: body.access,
          invitedBy: caller.userGuid,
          target,
        });
        await recordFleetInvite(
          tx,
          target,
          resolved.orgGuid,
          actorOf(caller),
          `${body.target_email} invited as ${accessLabel(body.access)} by ${caller.email}`,
          { target_email: body.target_email, access: body.access },
        );
        await enqueue(
          inviteMail({
            to: body.target_email,
            inviterName: caller.name,
            target: resolved.label,
            access: body.access,
            publicUrl: deps.config.publicUrl,
            deployment: deps.config.DEPLOYMENT_NAME,
          }),
        );
        return row;
      });
      return { invite_guid: invite.inviteGuid };
    },

    /** A target's pending invites (for its members), or without a target the caller's own. */
    async list(
      caller: UserRow,
      query: z.output<typeof listInvitesQuerySchema>,
    ): Promise<ListInvitesResponse> {
      const size = query.pagination_size ?? INVITE_TABLE_LIMIT;
      const after = decodePageToken(query.pagination_token, timePageKey);
      const target = targetOf(query);
      let rows: InviteListRow[];
      if (target) {
        // A device's and a fleet's invitations are their editors' business, like their users.
        if (!('orgGuid' in target)) await requireEditor(caller, target);
        else await resolve(caller, target);
        rows = await invites.listForTarget(target, after, size + 1);
      } else {
        const email = confirmedEmailOf(caller);
        rows = email ? await invites.listForEmail(email, after, size + 1) : [];
      }
      const { page, pagination_token } = pageOf(rows, size, (row) => [
        row.createdAt.toISOString(),
        row.inviteGuid,
      ]);
      return { invites: page.map(presentInvite), pagination_token };
    },

    /** Cancelled by an editor of the invite's target; a `body` target that does not match answers 404. */
    async cancel(caller: UserRow, inviteGuid: string, body: z.output<typeof cancelInviteBodySchema>) {
      const invite = await invites.findByGuid(inviteGuid);
      const given = body ? targetOf(body) : undefined;
      const actual = invite ? targetOfRow(invite) : undefined;
      if (!invite || !actual || (given && JSON.stringify(given) !== JSON.stringify(actual)))
        throw ApiError.notFound(INVITE_ERRORS.notFound, 'INVITE_NOT_FOUND');
      const resolved = await requireEditor(caller, actual);
      await deps.db.transaction(async (tx) => {
        await invitesRepository(tx).delete(inviteGuid);
        await recordFleetInvite(
          tx,
          actual,
          resolved.orgGuid,
          actorOf(caller),
          `Invite of ${invite.targetEmail} cancelled by ${caller.email}`,
          { target_email: invite.targetEmail, access: invite.access },
        );
      });
    },

    /**
     * Joins the organization, or becomes a user of the device, with the invited access (an existing
     * lower access is raised, never lowered).
     */
    async accept(
      caller: UserRow,
      inviteGuid: string,
      deviceService: DeviceInviteAcceptor,
    ): Promise<AcceptInviteResponse> {
      const invite = await ownInvite(caller, inviteGuid);
      if (invite.deviceGuid) {
        // A forgotten device's invitations were deleted with its users, so the device is adopted.
        const orgGuid = await devices.orgOf(invite.deviceGuid);
        const accepted =
          orgGuid &&
          (await deviceService.acceptDeviceInvite({
            device: { deviceGuid: invite.deviceGuid, orgGuid },
            invitee: { userGuid: caller.userGuid, email: caller.email },
            access: invite.access,
            invitedBy: invite.invitedBy,
            claim: (tx) => invitesRepository(tx).delete(invite.inviteGuid),
          }));
        if (!accepted) throw ApiError.notFound(INVITE_ERRORS.notFound, 'INVITE_NOT_FOUND');
        return { device_guid: invite.deviceGuid };
      }
      if (invite.fleetGuid) {
        const fleetGuid = invite.fleetGuid;
        const orgGuid = await invites.fleetOrg(fleetGuid);
        // Claimed first, so that two accepts cannot both apply it; the fleet user and its event with it.
        const accepted =
          orgGuid &&
          (await deps.db.transaction(async (tx) => {
            if (!(await invitesRepository(tx).delete(invite.inviteGuid))) return false;
            await fleetsRepository(tx).grantUser({
              fleetGuid,
              userGuid: caller.userGuid,
              access: invite.access,
              grantedBy: invite.invitedBy,
            });
            await deps.fleetEvents.recordFleetChange(tx, {
              fleetGuid,
              orgGuid,
              actor: actorOf(caller),
              message: `Fleet user added: ${caller.email} ${accessLabel(invite.access)} (invite accepted)`,
              data: {
                users: [{ user_guid: caller.userGuid, email: caller.email, to_access: invite.access }],
              },
            });
            return true;
          }));
        if (!accepted) throw ApiError.notFound(INVITE_ERRORS.notFound, 'INVITE_NOT_FOUND');
        return { fleet_guid: fleetGuid };
      }
      if (!invite.orgGuid) throw ApiError.notFound(INVITE_ERRORS.notFound, 'INVITE_NOT_FOUND');
      if (!(await invites.acceptOrgInvite({ ...invite, orgGuid: invite.orgGuid }, caller.userGuid)))
        throw ApiError.notFound(INVITE_ERRORS.notFound, 'INVITE_NOT_FOUND');
      return { org_guid: invite.orgGuid };
    },

    async decline(caller: UserRow, inviteGuid: string) {
      const invite = await ownInvite(caller, inviteGuid);
      await invites.delete(invite.inviteGuid);
    },
  };
}

export type InvitesService = ReturnType<typeof invitesService>;
