import type { AlertType } from '@ec/contract/alerts';
import { queryRoots } from '../query-keys';

/**
 * The keys of the organization's alert data. Everything an alert's change moves (the bell's count, the
 * current lists, the history) sits under `all`, so one invalidation refetches it; templates and the
 * legacy settings sit apart, as a raised alert does not change them.
 */
export const alertKeys = {
  all: (orgGuid: string | null) => [...queryRoots.org(orgGuid), 'alerts'] as const,
  activeCount: (orgGuid: string | null) => [...alertKeys.all(orgGuid), 'active-count'] as const,
  current: (orgGuid: string | null, alertType: AlertType) =>
    [...alertKeys.all(orgGuid), 'current', alertType] as const,
  history: (orgGuid: string | null, alertType: AlertType, request: object) =>
    [...alertKeys.all(orgGuid), 'history', alertType, request] as const,
  templates: (orgGuid: string | null) => [...queryRoots.org(orgGuid), 'alert-templates'] as const,
  settings: (orgGuid: string | null) => [...queryRoots.org(orgGuid), 'alert-settings'] as const,
};
