import { describe, expect, it } from 'vitest';
import { addLicenseFilter, freeFilterTypes, licenseListQuery } from './license-filters';

describe('licence filters (spec 2 §2.12, §5, §7)', () => {
  it('adds a filter only with a type and a value, each type once', () => {
    expect(addLicenseFilter([], { type: '', value: 'x' })).toBeNull();
    expect(addLicenseFilter([], { type: 'license_name', value: '  ' })).toBeNull();
    const one = addLicenseFilter([], { type: 'license_name', value: ' Zixi ' });
    expect(one).toEqual([{ type: 'license_name', value: 'Zixi' }]);
    expect(addLicenseFilter(one!, { type: 'license_name', value: 'WHIP' })).toBeNull();
    expect(freeFilterTypes(one!)).not.toContain('license_name');
  });

  it("asks for the organization's licences, organization licences only without filters", () => {
    expect(licenseListQuery('org-1', [], 'UTC')).toEqual({
      org_guid: 'org-1',
      show_serials: 'true',
      show_orgs: 'true',
    });
    expect(
      licenseListQuery(
        'org-1',
        [
          { type: 'sales_order', value: 'SO-1' },
          { type: 'created_start', value: '2026-03-01' },
          { type: 'expires_end', value: '2026-03-31' },
        ],
        'America/New_York',
      ),
    ).toEqual({
      org_guid: 'org-1',
      sales_order: 'SO-1',
      created_start: '2026-03-01T05:00:00.000Z',
      expires_end: '2026-04-01T03:59:59.000Z',
      show_serials: 'true',
      show_orgs: 'false',
    });
  });

  it('lets the org_guid filter name another organization', () => {
    expect(licenseListQuery('org-1', [{ type: 'org_guid', value: 'org-2' }], 'UTC').org_guid).toBe('org-2');
  });
});
