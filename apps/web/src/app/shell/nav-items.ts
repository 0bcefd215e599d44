import { type GroupName, hasGroup, isPlatformAdmin } from '@ec/contract/access';
import { paths } from '../../config/paths';

/** What an item or group needs: admin status, a group, or any one of several of these. */
export type NavRequirement = { admin: true } | { group: GroupName } | { anyOf: readonly NavRequirement[] };

export interface NavItem {
  label: string;
  to: string;
  icon: string;
  requires?: NavRequirement;
}

export interface NavGroup {
  title?: string;
  requires?: NavRequirement;
  items: NavItem[];
}

const ADMINS: NavRequirement = { admin: true };
/** Platform staff, and container administrators (ContainerManagement), who are not platform staff by it. */
const CONTAINER_DIRECTORY_READERS: NavRequirement = {
  anyOf: [ADMINS, { group: 'ContainerManagement' }],
};

/** Side navigation (spec 1 §2.2). Items needing admin status or a group are hidden unless the user meets it. */
export const NAV_GROUPS: NavGroup[] = [
  {
    items: [
      { label: 'Dashboard', to: paths.dashboard.getHref(), icon: 'dashboard' },
      { label: 'Alerts', to: paths.alerts.list.getHref(), icon: 'alerts' },
    ],
  },
  {
    title: 'Reporting',
    items: [
      { label: 'Events', to: paths.events.getHref(), icon: 'events' },
      { label: 'Metrics', to: paths.metrics.getHref(), icon: 'metrics' },
    ],
  },
  {
    title: 'Devices',
    items: [
      { label: 'All Devices', to: paths.devices.list.getHref(), icon: 'devices' },
      { label: 'Search', to: paths.search.getHref(), icon: 'search' },
      { label: 'Fleets', to: paths.fleets.list.getHref(), icon: 'fleets' },
      // Beyond the spec (issue 26): templates rolled out to many devices in waves.
      { label: 'Templates', to: paths.templates.getHref(), icon: 'templates' },
      { label: 'Rollouts', to: paths.rollouts.list.getHref(), icon: 'rollouts' },
    ],
  },
  { items: [{ label: 'Licenses', to: paths.licenses.getHref(), icon: 'licenses' }] },
  {
    title: 'Admin',
    requires: CONTAINER_DIRECTORY_READERS,
    items: [
      {
        label: 'Provisioned Devices',
        to: paths.adminDevices.getHref(),
        icon: 'provisioned',
        requires: ADMINS,
      },
      // Platform staff manage every organization here; without OrganizationManagement the page shows one's own.
      { label: 'Organizations', to: paths.orgs.list.getHref('all'), icon: 'orgs', requires: ADMINS },
      { label: 'Users', to: paths.adminUsers.list.getHref(), icon: 'users', requires: ADMINS },
      {
        label: 'Licensing & Entitlements',
        to: paths.entitlements.getHref('profiles'),
        icon: 'entitlements',
        requires: { group: 'EntitlementManagement' },
      },
      {
        label: 'Container Directory',
        to: paths.adminContainers.getHref(),
        icon: 'containers',
        requires: CONTAINER_DIRECTORY_READERS,
      },
    ],
  },
];

const meets = (requirement: NavRequirement | undefined, groups: readonly string[]): boolean => {
  if (!requirement) return true;
  if ('anyOf' in requirement) return requirement.anyOf.some((option) => meets(option, groups));
  if ('admin' in requirement) return isPlatformAdmin(groups);
  return hasGroup(groups, requirement.group);
};

export function visibleNavGroups(groups: readonly string[], all: NavGroup[] = NAV_GROUPS): NavGroup[] {
  return all
    .filter((group) => meets(group.requires, groups))
    .map((group) => ({ ...group, items: group.items.filter((item) => meets(item.requires, groups)) }))
    .filter((group) => group.items.length > 0);
}
