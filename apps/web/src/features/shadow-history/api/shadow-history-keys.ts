import type { ShadowName } from '@ec/contract/shadows';
import { shadowKeys } from '../../../lib/shadows/shadow-keys';

/**
 * Under the shadow's own key: whatever refreshes the shadow (a live shadow.reported event, a settled
 * command) refreshes its history too.
 */
export const shadowHistoryKeys = {
  list: (orgGuid: string | null, deviceGuid: string, name: ShadowName) =>
    [...shadowKeys.shadow(orgGuid, deviceGuid, name), 'versions'] as const,
  version: (orgGuid: string | null, deviceGuid: string, name: ShadowName, version: number) =>
    [...shadowKeys.shadow(orgGuid, deviceGuid, name), 'versions', version] as const,
};
