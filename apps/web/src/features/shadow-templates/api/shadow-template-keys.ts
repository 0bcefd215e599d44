import type { ShadowName } from '@ec/contract/shadows';
import { queryRoots } from '../../../lib/query-keys';

/** The organization's templates, under its key so that switching organizations never shows another's. */
export const shadowTemplateKeys = {
  all: (orgGuid: string | null) => [...queryRoots.org(orgGuid), 'shadow-templates'] as const,
  list: (orgGuid: string | null, shadowName: ShadowName) =>
    [...queryRoots.org(orgGuid), 'shadow-templates', shadowName] as const,
};
