import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/tables/auth.schema.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { fleets } from '../../db/tables/fleets.schema.ts';
import { invites } from '../../db/tables/invites.schema.ts';
import { orgs, orgUsers } from '../../db/tables/orgs.schema.ts';

export type InviteRow = typeof invites.$inferSelect;
export type InviteTarget = { orgGuid: string } | { fleetGuid: string } | { deviceGuid: string };

/** An invite with the names of its target, as lists show it. */
export type InviteListRow = InviteRow & {
  orgName: string | null;
  deviceName: string | null;
  fleetName: string | null;
};

const targetFilter = (target: InviteTarget): SQL => {
  if ('orgGuid' in target) return eq(invites.orgGuid, target.orgGuid);
  if ('deviceGuid' in target) return eq(invites.deviceGuid, target.deviceGuid);
  return eq(invites.fleetGuid, target.fleetGuid);
};

/** created_at at the millisecond precision of the paging token (PostgreSQL keeps microseconds). */
const createdMs = sql`date_trunc('milliseconds', ${invites.createdAt})`;

/** All SQL on invites. */
export function invitesRepository(db: Db) {
  const listed = () =>
    db
      .select({
        invite: invites,
        orgName: orgs.orgName,
        deviceName: devices.deviceName,
        fleetName: fleets.fleetName,
      })
      .from(invites)
      .leftJoin(orgs, eq(orgs.orgGuid, invites.orgGuid))
      .leftJoin(fleets, eq(fleets.fleetGuid, invites.fleetGuid))
      .leftJoin(devices, eq(devices.deviceGuid, invites.deviceGuid));

  /** Newest first, paged after the (created_at, invite_guid) of the previous page's last row. */
  const page = (filter: SQL, after: [string, string] | undefined, limit: number) => {
    const filters = [filter];
    if (after) {
      const [createdAt, guid] = after;
      filters.push(sql`(${createdMs}, ${invites.inviteGuid}) < (${createdAt}::timestamptz, ${guid}::uuid)`);
    }
    return listed()
      .where(and(...filters))
      .orderBy(desc(createdMs), desc(invites.inviteGuid))
      .limit(limit)
      .then((rows) =>
        rows.map((row) => ({
          ...row.invite,
          orgName: row.orgName,
          deviceName: row.deviceName,
          fleetName: row.fleetName,
        })),
      );
  };

  return {
    /**
     * Creates the invite, or replaces the pending one of the same address and target (new guid, access,
     * inviter and date), in one statement.
     */
    async upsert(row: {
      targetEmail: string;
      access: number;
      invitedBy: string;
      target: InviteTarget;
    }): Promise<InviteRow> {
      const values = {
        targetEmail: row.targetEmail,
        access: row.access,
        invitedBy: row.invitedBy,
        ...row.target,
      };
      const [saved] = await db
        .insert(invites)
        .values(values)
        .onConflictDoUpdate({
          target: [invites.targetEmail, invites.orgGuid, invites.fleetGuid, invites.deviceGuid],
          set: {
            inviteGuid: sql`gen_random_uuid()`,
            access: row.access,
            invitedBy: row.invitedBy,
            createdAt: sql`now()`,
          },
        })
        .returning();
      if (!saved) throw new Error('saving an invite returned no row');
      return saved;
    },

    async findByGuid(inviteGuid: string): Promise<InviteRow | undefined> {
      const [row] = await db.select().from(invites).where(eq(invites.inviteGuid, inviteGuid));
      return row;
    },

    listForEmail: (email: string, after: [string, string] | undefined, limit: number) =>
      page(eq(invites.targetEmail, email.toLowerCase()), after, limit),

    listForTarget: (target: InviteTarget, after: [string, string] | undefined, limit: number) =>
      page(targetFilter(target), after, limit),

    async delete(inviteGuid: string): Promise<boolean> {
      const rows = await db
        .delete(invites)
        .where(eq(invites.inviteGuid, inviteGuid))
        .returning({ inviteGuid: invites.inviteGuid });
      return rows.length > 0;
    },

    /** An organization's name (undefined: no such organization). */
    async orgName(orgGuid: string): Promise<string | undefined> {
      const [row] = await db.select({ orgName: orgs.orgName }).from(orgs).where(eq(orgs.orgGuid, orgGuid));
      return row?.orgName;
    },

    /** A fleet's organization (undefined: the fleet is gone). */
    async fleetOrg(fleetGuid: string): Promise<string | undefined> {
      const [row] = await db
        .select({ orgGuid: fleets.orgGuid })
        .from(fleets)
        .where(eq(fleets.fleetGuid, fleetGuid));
      return row?.orgGuid;
    },

    /** Whether an account of this address (any case) is a member of the organization. */
    async isOrgMemberEmail(orgGuid: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ userGuid: orgUsers.userGuid })
        .from(orgUsers)
        .innerJoin(users, eq(users.userGuid, orgUsers.userGuid))
        .where(and(eq(orgUsers.orgGuid, orgGuid), eq(sql`lower(${users.email})`, email.toLowerCase())));
      return Boolean(row);
    },

    /**
     * Accepts an organization invite in one transaction: the invite is claimed (deleted) first so that two
     * concurrent accepts cannot both apply it, then the membership is added or raised, never lowered.
     */
    async acceptOrgInvite(invite: InviteRow & { orgGuid: string }, userGuid: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .delete(invites)
          .where(eq(invites.inviteGuid, invite.inviteGuid))
          .returning({ inviteGuid: invites.inviteGuid });
        if (claimed.length === 0) return false;
        await tx
          .insert(orgUsers)
          .values({ orgGuid: invite.orgGuid, userGuid, access: invite.access })
          .onConflictDoUpdate({
            target: [orgUsers.orgGuid, orgUsers.userGuid],
            set: { access: sql`greatest(${orgUsers.access}, excluded.access)` },
          });
        return true;
      });
    },
  };
}
