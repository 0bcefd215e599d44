import type { ListLicensesQuery } from '@ec/contract/entitlements/licenses';
import { fromZonedInputValue } from '../../../components/ui/zoned-date-time';

/**
 * The licence manager's filters (spec 2 §2.12): chips of type and value. The search widget offers
 * org_guid and profile_guid beside the table's own filters; the four dates are picked as days.
 */
export const LICENSE_FILTER_LABELS = {
  license_name: 'License Name',
  sales_order: 'Sales Order',
  profile_platform: 'Platform',
  serial_number: 'Serial Number',
  created_start: 'Issued From',
  created_end: 'Issued Until',
  expires_start: 'Expires From',
  expires_end: 'Expires Until',
  org_guid: 'Organization GUID',
  profile_guid: 'Profile GUID',
} as const;
export type LicenseFilterType = keyof typeof LICENSE_FILTER_LABELS;
export const LICENSE_FILTER_TYPES = Object.keys(LICENSE_FILTER_LABELS) as LicenseFilterType[];

export const DATE_FILTERS: readonly LicenseFilterType[] = [
  'created_start',
  'created_end',
  'expires_start',
  'expires_end',
];

export interface LicenseFilter {
  type: LicenseFilterType;
  value: string;
}

/**
 * The filters with one more: only with both a type and a value, and a type only once (spec 2 §2.12,
 * §5); null when it cannot be added.
 */
export function addLicenseFilter(
  filters: readonly LicenseFilter[],
  candidate: { type: LicenseFilterType | ''; value: string },
): LicenseFilter[] | null {
  const value = candidate.value.trim();
  if (!candidate.type || !value) return null;
  if (filters.some((filter) => filter.type === candidate.type)) return null;
  return [...filters, { type: candidate.type, value }];
}

/** The types still free for a new chip. */
export const freeFilterTypes = (filters: readonly LicenseFilter[]) =>
  LICENSE_FILTER_TYPES.filter((type) => !filters.some((filter) => filter.type === type));

/**
 * The list call's query (spec 2 §7): the organization's licences with the active filters, serial
 * licences always, organization licences only while no filter is set. A day starts or ends in the
 * profile's time zone.
 */
export function licenseListQuery(
  orgGuid: string | null,
  filters: readonly LicenseFilter[],
  timeZone: string | undefined,
): ListLicensesQuery {
  const query: Record<string, string> = {};
  if (orgGuid) query.org_guid = orgGuid;
  for (const { type, value } of filters) {
    if (DATE_FILTERS.includes(type)) {
      const instant = fromZonedInputValue(
        `${value}T${type.endsWith('_end') ? '23:59:59' : '00:00'}`,
        timeZone,
      );
      if (instant) query[type] = instant.toISOString();
    } else query[type] = value;
  }
  return {
    ...query,
    show_serials: 'true',
    show_orgs: filters.length === 0 ? 'true' : 'false',
  } as ListLicensesQuery;
}
