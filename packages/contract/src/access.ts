import { z } from 'zod';
import { guidSchema } from './common.ts';

/** Organization, fleet and device access levels (spec 1 §6, spec 2 §6). */
export const ACCESS = { readOnly: 100, user: 200, admin: 300 } as const;
export type AccessLevel = (typeof ACCESS)[keyof typeof ACCESS];
export const ACCESS_LEVELS = [ACCESS.readOnly, ACCESS.user, ACCESS.admin] as const;

export function accessLabel(access: number | undefined | null): string {
  switch (access) {
    case ACCESS.admin:
      return 'Admin';
    case ACCESS.user:
      return 'User';
    case ACCESS.readOnly:
      return 'Read Only';
    default:
      return 'Unknown Access Level';
  }
}

/** Above 200 (or an organization admin) may edit; above 100 may control. */
export const canEditWith = (access: number | undefined | null) => (access ?? 0) > ACCESS.user;
export const canControlWith = (access: number | undefined | null) => (access ?? 0) > ACCESS.readOnly;

export const GROUPS = [
  'UserManagement',
  'OrganizationManagement',
  'DeviceManagement',
  'EntitlementManagement',
  'ContainerManagement',
] as const;
export type GroupName = (typeof GROUPS)[number];

export const GROUP_DESCRIPTIONS: Record<GroupName, string> = {
  UserManagement: 'Manage every user of the platform',
  OrganizationManagement: 'Manage every organization of the platform',
  DeviceManagement: 'Provision devices and see every device',
  EntitlementManagement: 'Manage entitlement profiles, capabilities and licenses',
  ContainerManagement: 'Manage the container directory',
};

const ADMIN_GROUPS: readonly GroupName[] = [
  'UserManagement',
  'OrganizationManagement',
  'DeviceManagement',
  'EntitlementManagement',
];

/** Holding any of the first four groups makes a platform admin (spec 1 §6). */
export const isPlatformAdmin = (groups: readonly string[]) =>
  groups.some((g) => ADMIN_GROUPS.includes(g as GroupName));
export const hasGroup = (groups: readonly string[], group: GroupName) => groups.includes(group);

/**
 * What a person may do with a device (spec 2 §6): device admins may do everything. GET
 * /devices/{device_guid} answers the caller's own, which the device page follows.
 */
export const deviceRightsSchema = z.object({
  control: z.boolean(),
  edit: z.boolean(),
  /** Platform DeviceManagement: bypasses the feature gates (spec 2 §5). */
  admin: z.boolean(),
});
export type DeviceRights = z.infer<typeof deviceRightsSchema>;

/** DeviceRights plus whether the device may be seen at all (others get the 404 of an unknown device). */
export interface DeviceAccessRights extends DeviceRights {
  view: boolean;
}

/** Everything that grants a person access to one adopted device. */
export interface DeviceAccessSources {
  /** The person's access level in the device's organization, null when not a member. */
  orgAccess: number | null;
  /** The person's own device user access (spec 3 §3.12), null when none. */
  deviceAccess: number | null;
  /** The person's access in each fleet that holds the device (spec 2 §6 fleet users). */
  fleetAccesses: readonly number[];
  /** The person's platform groups: DeviceManagement makes a device admin of every device. */
  groups: readonly string[];
}

const NO_ACCESS: DeviceAccessRights = { view: false, control: false, edit: false, admin: false };

/**
 * The one rule for what a person may do with a device (spec 2 §6, spec 3 §6): each source grants by
 * the same thresholds (any level views, above 100 controls, above 200 edits and controls), the
 * sources add up, and platform DeviceManagement is device admin (every right, feature gates bypassed).
 */
export function deviceAccessRights(sources: DeviceAccessSources): DeviceAccessRights {
  if (hasGroup(sources.groups, 'DeviceManagement'))
    return { view: true, control: true, edit: true, admin: true };
  const levels = [sources.orgAccess, sources.deviceAccess, ...sources.fleetAccesses].filter(
    (level): level is number => level !== null,
  );
  if (levels.length === 0) return NO_ACCESS;
  return {
    view: true,
    control: levels.some(canControlWith),
    edit: levels.some(canEditWith),
    admin: false,
  };
}

/** What a person may do with a fleet (spec 2 §6): view it, control its devices, edit it. */
export interface FleetAccessRights {
  view: boolean;
  control: boolean;
  edit: boolean;
}

/**
 * The rule for a fleet (spec 2 §6): the person's membership of the fleet's organization and their own
 * access as a fleet user, each by the device thresholds (any level views, above 100 controls, above
 * 200 edits); an organization admin always edits.
 */
export function fleetAccessRights(sources: {
  orgAccess: number | null;
  fleetAccess: number | null;
}): FleetAccessRights {
  const levels = [sources.orgAccess, sources.fleetAccess].filter((level): level is number => level !== null);
  return {
    view: levels.length > 0,
    control: levels.some(canControlWith),
    edit: levels.some(canEditWith),
  };
}

/** A level given to a person (organization member, device or fleet user), refused with the levels spelled out. */
export const grantedAccessSchema = z.union(
  ACCESS_LEVELS.map((level) => z.literal(level)),
  { error: 'Access must be 100 (Read Only), 200 (User) or 300 (Admin)' },
);

const listedOnce = { message: 'Each user may be listed once' };

/** People's new access levels saved together: at least one, each person once, at most `max`. */
export function userAccessListSchema(max?: number) {
  const users = z
    .array(z.object({ user_guid: guidSchema, access: grantedAccessSchema }))
    .min(1, 'List at least one user');
  return (max ? users.max(max) : users).refine(
    (list) => new Set(list.map((user) => user.user_guid)).size === list.length,
    listedOnce,
  );
}

/** People to remove: at least one, each once, at most `max`. */
export function userGuidListSchema(max: number) {
  return z
    .array(guidSchema)
    .min(1, 'List at least one user')
    .max(max)
    .refine((list) => new Set(list).size === list.length, listedOnce);
}
