import {
  type CreateLicenseBody,
  createLicenseBodySchema,
  DEFAULT_LIFESPAN_DAYS,
  LICENSE_ERRORS,
} from '@ec/contract/entitlements/licenses';
import type { Product } from '@ec/contract/products';

/** The Create License dialog's fields as typed. */
export interface LicenseFormValues {
  profile_guid: string;
  holder: 'org' | 'serial';
  org_guid: string;
  serial_number: string;
  unlimited: boolean;
  allocation_limit: string;
  license_name: string;
  sales_order: string;
  lifespan_days: string;
}

export const emptyLicenseForm = (orgGuid: string | null): LicenseFormValues => ({
  profile_guid: '',
  holder: 'org',
  org_guid: orgGuid ?? '',
  serial_number: '',
  unlimited: false,
  allocation_limit: '',
  license_name: '',
  sales_order: '',
  lifespan_days: String(DEFAULT_LIFESPAN_DAYS),
});

const optionalText = (text: string) => (text.trim() ? text.trim() : undefined);
const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The body to send, or the first problem (spec 3 §5): a profile; an organization licence unlimited or
 * with an allocation count of at least 1 (0 aborts), or a serial number; a cloud_ui profile is
 * always unlimited.
 */
export function licenseBodyOf(
  values: LicenseFormValues,
  platform: Product | undefined,
): { body: CreateLicenseBody } | { problem: string } {
  if (!values.profile_guid) return { problem: LICENSE_ERRORS.profileRequired };
  const unlimited = platform === 'cloud_ui' || values.unlimited;
  const org = values.holder === 'org';
  if (!(org ? values.org_guid : values.serial_number).trim())
    return { problem: LICENSE_ERRORS.holderRequired };
  const allocation = org && !unlimited ? optionalNumber(values.allocation_limit) : undefined;
  if (org && !unlimited && allocation === undefined) return { problem: LICENSE_ERRORS.countOrUnlimited };
  const parsed = createLicenseBodySchema.safeParse({
    profile_guid: values.profile_guid,
    ...(org
      ? { org_guid: values.org_guid.trim(), unlimited }
      : { serial_number: values.serial_number.trim() }),
    allocation_limit: allocation,
    license_name: optionalText(values.license_name),
    sales_order: optionalText(values.sales_order),
    lifespan_days: optionalNumber(values.lifespan_days),
  });
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Invalid license' };
  return { body: parsed.data };
}
