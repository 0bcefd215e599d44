import type { ShadowName } from '@ec/contract/shadows';
import { queryRoots } from '../query-keys';

export const shadowKeys = {
  shadow: (orgGuid: string | null, deviceGuid: string, name: ShadowName) =>
    [...queryRoots.device(orgGuid, deviceGuid), 'shadows', name] as const,
  command: (orgGuid: string | null, deviceGuid: string, commandGuid: string) =>
    [...queryRoots.device(orgGuid, deviceGuid), 'shadow-commands', commandGuid] as const,
};
