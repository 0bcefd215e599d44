import { LICENSE_ERRORS } from '@ec/contract/entitlements/licenses';
import { describe, expect, it } from 'vitest';
import { emptyLicenseForm, licenseBodyOf } from './license-form';

const ORG = '7d3c2a52-1a4b-4c8e-9f00-0123456789ab';
const form = (overrides = {}) => ({ ...emptyLicenseForm(ORG), profile_guid: 'P1', ...overrides });

describe('Create License (spec 3 §5)', () => {
  it('needs a profile', () => {
    expect(licenseBodyOf(emptyLicenseForm(ORG), 'edgecaster')).toEqual({
      problem: LICENSE_ERRORS.profileRequired,
    });
  });

  it('makes an organization licence unlimited or with a count, and aborts on a count of 0', () => {
    expect(licenseBodyOf(form(), 'edgecaster')).toEqual({ problem: LICENSE_ERRORS.countOrUnlimited });
    expect(licenseBodyOf(form({ allocation_limit: '0' }), 'edgecaster')).toEqual({
      problem: LICENSE_ERRORS.zeroAllocation,
    });
    expect(licenseBodyOf(form({ allocation_limit: '5', license_name: ' Zixi ' }), 'edgecaster')).toEqual({
      body: {
        profile_guid: 'P1',
        org_guid: ORG,
        unlimited: false,
        allocation_limit: 5,
        license_name: 'Zixi',
        lifespan_days: 365,
      },
    });
    expect(licenseBodyOf(form({ unlimited: true, allocation_limit: '5' }), 'edgecaster')).toMatchObject({
      body: { unlimited: true, allocation_limit: undefined },
    });
  });

  it('forces a cloud_ui licence unlimited', () => {
    expect(licenseBodyOf(form(), 'cloud_ui')).toMatchObject({ body: { unlimited: true } });
  });

  it('makes a serial-number licence', () => {
    expect(licenseBodyOf(form({ holder: 'serial', serial_number: '1234-1234' }), 'edgecaster')).toMatchObject(
      {
        body: { serial_number: '1234-1234', unlimited: false },
      },
    );
    expect(licenseBodyOf(form({ holder: 'serial' }), 'edgecaster')).toEqual({
      problem: LICENSE_ERRORS.holderRequired,
    });
  });
});
