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
