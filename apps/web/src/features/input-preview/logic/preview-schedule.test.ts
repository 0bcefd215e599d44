import { INPUT_PREVIEW_MESSAGES } from '@ec/contract/input-preview';
import { describe, expect, it } from 'vitest';
import { previewUnavailable } from './preview-availability';
import { previewTimedOut, requestDue } from './preview-schedule';

const rights = { view: true, control: true, edit: true, admin: false };
const licensed = { 'services.cloud.input_preview.enabled': true };

describe('when the page asks for previews', () => {
  it('asks at once, not again within the 30 s asked for, then again; 5 s after a failure', () => {
    expect(requestDue({ requestedAt: null, failedAt: null }, 0)).toBe(true);
    expect(requestDue({ requestedAt: 0, failedAt: null }, 10_000)).toBe(false);
    expect(requestDue({ requestedAt: 0, failedAt: null }, 20_000)).toBe(false);
    expect(requestDue({ requestedAt: 0, failedAt: null }, 30_000)).toBe(true);
    expect(requestDue({ requestedAt: 0, failedAt: 40_000 }, 42_000)).toBe(false);
    expect(requestDue({ requestedAt: 0, failedAt: 40_000 }, 45_000)).toBe(true);
  });

  it('says no data came 10 s after a request without a picture since', () => {
    const log = { requestedAt: 1000, failedAt: null };
    expect(previewTimedOut(log, null, 10_000)).toBe(false);
    expect(previewTimedOut(log, null, 11_000)).toBe(true);
    expect(previewTimedOut(log, 9000, 11_000)).toBe(false);
    expect(previewTimedOut({ requestedAt: null, failedAt: null }, null, 60_000)).toBe(false);
  });
});

describe('why there is no preview', () => {
  const device = { cloud_version: 'v1.26.0', online: true };
  it('names the licence, the cloud agent and the device being offline, in that order', () => {
    expect(previewUnavailable({ device, rights, entitlements: {} })).toBe(INPUT_PREVIEW_MESSAGES.notLicensed);
    expect(
      previewUnavailable({ device: { ...device, cloud_version: 'v1.2.0' }, rights, entitlements: licensed }),
    ).toBe('Input preview requires cloud agent version v1.3.0.');
    expect(previewUnavailable({ device: { ...device, online: false }, rights, entitlements: licensed })).toBe(
      INPUT_PREVIEW_MESSAGES.offline,
    );
    expect(previewUnavailable({ device, rights, entitlements: licensed })).toBeNull();
    // A device admin needs no licence.
    expect(previewUnavailable({ device, rights: { ...rights, admin: true }, entitlements: {} })).toBeNull();
  });
});
