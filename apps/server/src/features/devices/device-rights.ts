import { canControlWith, canEditWith } from '@ec/contract/access';
import type { DeviceRights } from '@ec/contract/device-command-rules';
import type { OrgScope } from '../orgs/org-scope.ts';

/**
 * What a member of the device's organization may do with it (spec 2 §6): control above Read Only,
 * edit as the organization's editors; platform DeviceManagement is device admin.
 */
export function deviceRights(scope: OrgScope, groups: readonly string[]): DeviceRights {
  return {
    control: scope.canEdit || canControlWith(scope.access),
    edit: scope.canEdit || canEditWith(scope.access),
    admin: groups.includes('DeviceManagement'),
  };
}
