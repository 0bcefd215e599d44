import { describe, expect, it } from 'vitest';
import { visibleNavGroups } from './nav-items';

const labels = (groups: string[]) =>
  visibleNavGroups(groups).flatMap((group) => group.items.map((i) => i.label));

describe('visibleNavGroups', () => {
  it('hides the admin group from ordinary users', () => {
    expect(labels([])).toEqual([
      'Dashboard',
      'Alerts',
      'Events',
      'Metrics',
      'All Devices',
      'Search',
      'Fleets',
      'Templates',
      'Rollouts',
      'Licenses',
    ]);
  });

  it('shows the admin group to platform admins, entitlements only with EntitlementManagement', () => {
    expect(labels(['DeviceManagement'])).toContain('Provisioned Devices');
    expect(labels(['DeviceManagement'])).not.toContain('Licensing & Entitlements');
    expect(labels(['EntitlementManagement'])).toContain('Licensing & Entitlements');
  });

  it('does not make ContainerManagement alone a platform admin, but shows it the Container Directory', () => {
    expect(labels(['ContainerManagement'])).not.toContain('Provisioned Devices');
    const admin = visibleNavGroups(['ContainerManagement']).find((group) => group.title === 'Admin');
    expect(admin?.items.map((item) => item.label)).toEqual(['Container Directory']);
    expect(labels(['UserManagement'])).toContain('Container Directory');
  });

  it("opens every organization from the admin menu's Organizations", () => {
    const admin = visibleNavGroups(['OrganizationManagement']).find((group) => group.title === 'Admin');
    expect(admin?.items.find((item) => item.label === 'Organizations')?.to).toBe('/orgs?scope=all');
  });
});
