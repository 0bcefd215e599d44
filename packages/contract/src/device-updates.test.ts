import { describe, expect, it } from 'vitest';
import {
  canCloudAgentSelfUpdate,
  canReinstallCloudAgent,
  canStartUpdate,
  cloudVersionFlags,
  DEVELOPMENT_BUILD_MESSAGE,
  DEVICE_STATE_UNKNOWN,
  firmwareLabel,
  isDevelopmentBuild,
  isDeviceUpdating,
  LATEST_RELEASES,
  NO_SELF_UPDATE_MESSAGE,
  OFFLINE_UPDATE_MESSAGE,
  systemUpdateAction,
  updateStatusText,
  updatesAvailable,
} from './device-updates.ts';

const state = (
  ...update_state: {
    module: string;
    status: string;
    action?: string;
    state?: string;
    progress_percent?: number;
  }[]
) => ({
  update_state,
});
const noUpdates = { cloud: null, device: null };

describe("cloudVersionFlags (spec 2 §3 cloud_version's dev and manual_update_required)", () => {
  it.each<[string | null, boolean, boolean]>([
    [null, false, false],
    [LATEST_RELEASES.cloud, false, false],
    ['V1.25.0', false, false],
    ['V1.26.0-dev', true, false],
    ['v1.4.9', false, true],
    ['V1.0.0b40', false, true],
    // The spec's exceptions carry the updater, so they update themselves.
    ['V1.0.0b44', false, false],
    ['V1.0.0b44-BB-PROD', false, false],
    ['V1.0.0b30-dev', true, true],
  ])('%s: dev %s, manual_update_required %s', (version, dev, manual) => {
    expect(cloudVersionFlags(version)).toEqual({ dev, manual_update_required: manual });
  });
});

describe('updatesAvailable (spec 2 §3)', () => {
  it('offers the latest firmware of the product and the latest cloud agent to older software', () => {
    expect(
      updatesAvailable({ product_name: 'edgecaster', firmware_version: 'v10.5.2', cloud_version: 'V1.25.0' }),
    ).toEqual({ cloud: LATEST_RELEASES.cloud, device: LATEST_RELEASES.firmware.edgecaster });
    expect(
      updatesAvailable({ product_name: 'edgecaster_max', firmware_version: 'v11.2.1', cloud_version: null }),
    ).toEqual({ cloud: null, device: LATEST_RELEASES.firmware.edgecaster_max });
  });

  it('offers nothing to current or newer software, nor to an unknown version', () => {
    expect(
      updatesAvailable({
        product_name: 'edgecaster',
        firmware_version: LATEST_RELEASES.firmware.edgecaster,
        cloud_version: 'V9.0.0',
      }),
    ).toEqual(noUpdates);
    expect(
      updatesAvailable({ product_name: 'edgecaster', firmware_version: 'custom', cloud_version: null }),
    ).toEqual(noUpdates);
  });

  it('offers the official release to a development build, whatever its number', () => {
    expect(isDevelopmentBuild('V1.27.0-dev')).toBe(true);
    expect(isDevelopmentBuild('V1.0.0b44-BB-PROD')).toBe(false);
    expect(
      updatesAvailable({ product_name: 'edgecaster', firmware_version: 'v10.9.0-dev.3', cloud_version: null })
        .device,
    ).toBe(LATEST_RELEASES.firmware.edgecaster);
  });
});

describe('canCloudAgentSelfUpdate', () => {
  it.each([
    ['V1.25.0', true],
    ['1.5.0', true],
    ['V1.4.9', false],
    ['V1.0.0b43', false],
    ['V1.0.0b44', true],
    ['V1.0.0b44-BB-PROD', true],
    [null, false],
  ])('%s: %s', (version, expected) => {
    expect(canCloudAgentSelfUpdate(version)).toBe(expected);
  });
});

describe('isDeviceUpdating (spec 2 §4.6)', () => {
  it('is true while an update command is in flight, on any product', () => {
    expect(isDeviceUpdating({ product: 'edgecaster', state: state(), inFlight: ['download_update'] })).toBe(
      true,
    );
    expect(isDeviceUpdating({ product: 'edgecaster', state: null, inFlight: ['update_cloud'] })).toBe(true);
    expect(isDeviceUpdating({ product: 'edgecaster', state: state(), inFlight: ['reboot_device'] })).toBe(
      false,
    );
  });

  it('follows the system update of an Edgecaster Max: downloading, or an apply in progress', () => {
    const downloading = state({ module: 'system', status: 'Downloading Update', progress_percent: 40 });
    expect(isDeviceUpdating({ product: 'edgecaster_max', state: downloading, inFlight: [] })).toBe(true);
    const applying = state({
      module: 'system',
      status: 'update downloaded',
      action: 'apply',
      state: 'in progress',
    });
    expect(isDeviceUpdating({ product: 'edgecaster_max', state: applying, inFlight: [] })).toBe(true);
    const applied = state({
      module: 'system',
      status: 'update downloaded',
      action: 'apply',
      state: 'complete',
    });
    expect(isDeviceUpdating({ product: 'edgecaster_max', state: applied, inFlight: [] })).toBe(false);
    // An Edgecaster's download counts through its command only.
    const daemon = state({ module: 'daemon', status: 'downloading update' });
    expect(isDeviceUpdating({ product: 'edgecaster', state: daemon, inFlight: [] })).toBe(false);
  });
});

describe('firmwareLabel (spec 2 §4.6)', () => {
  const base = {
    product: 'edgecaster' as const,
    state: state(),
    inFlight: [] as string[],
    firmwareVersion: 'v10.5.2',
    online: true,
    updates: { cloud: null, device: 'v10.6.0' },
  };

  it('says Updating... while updating', () => {
    expect(firmwareLabel({ ...base, inFlight: ['download_update'] })).toEqual({
      kind: 'updating',
      text: 'Updating...',
    });
  });

  it("says Reboot to update on the product's waiting status", () => {
    expect(
      firmwareLabel({ ...base, state: state({ module: 'daemon', status: 'awaiting reboot' }) }).text,
    ).toBe('Reboot to update');
    expect(
      firmwareLabel({
        ...base,
        product: 'edgecaster_max',
        state: state({ module: 'system', status: 'Update Downloaded' }),
      }).text,
    ).toBe('Reboot to update');
    // Another product's waiting status is not a reboot to update.
    expect(
      firmwareLabel({ ...base, state: state({ module: 'daemon', status: 'update downloaded' }) }).kind,
    ).toBe('version');
  });

  it('shows the version, highlighted only when an update exists and the device is online', () => {
    expect(firmwareLabel(base)).toEqual({ kind: 'version', text: 'v10.5.2', highlighted: true });
    expect(firmwareLabel({ ...base, online: false })).toMatchObject({ highlighted: false });
    expect(firmwareLabel({ ...base, updates: noUpdates })).toMatchObject({ highlighted: false });
  });
});

describe('systemUpdateAction (spec 2 §4.6)', () => {
  it.each([
    ['update available for download', { kind: 'download' }],
    ['Update Downloaded', { kind: 'apply' }],
    ['awaiting reboot', { kind: 'apply' }],
    ['already on newer version', { kind: 'check' }],
    ['checking for update', { kind: 'status', text: 'checking for update' }],
  ])('%s', (status, expected) => {
    expect(systemUpdateAction(state({ module: 'system', status }))).toEqual(expected);
  });

  it('shows the download progress, and Check for Update before any status', () => {
    expect(
      systemUpdateAction(state({ module: 'system', status: 'downloading update', progress_percent: 60 })),
    ).toEqual({ kind: 'downloading', percent: 60 });
    expect(systemUpdateAction(state({ module: 'daemon', status: 'awaiting reboot' }))).toEqual({
      kind: 'check',
    });
    expect(systemUpdateAction(null)).toEqual({ kind: 'unknown', text: DEVICE_STATE_UNKNOWN });
  });
});

describe('who may update (spec 2 §4.6, §6)', () => {
  const editor = { control: true, edit: true, admin: false };
  const viewer = { control: true, edit: false, admin: false };
  const admin = { control: true, edit: true, admin: true };

  it('needs edit rights, an online device and no update in progress', () => {
    expect(canStartUpdate({ rights: editor, online: true, updating: false })).toBe(true);
    expect(canStartUpdate({ rights: viewer, online: true, updating: false })).toBe(false);
    expect(canStartUpdate({ rights: editor, online: false, updating: false })).toBe(false);
    expect(canStartUpdate({ rights: editor, online: true, updating: true })).toBe(false);
  });

  it('offers the cloud agent re-install to admins only', () => {
    expect(canReinstallCloudAgent({ rights: admin, product: 'edgecaster_max' })).toBe(true);
    expect(canReinstallCloudAgent({ rights: editor, product: 'edgecaster' })).toBe(false);
  });
});

describe('the messages of spec 2 §4.6', () => {
  it('reads word for word', () => {
    expect(OFFLINE_UPDATE_MESSAGE('v10.6.0')).toBe(
      'v10.6.0 is available. However, you are unable to apply updates while the device is offline.',
    );
    expect(NO_SELF_UPDATE_MESSAGE('V1.26.0')).toBe(
      'V1.26.0 is available. However, the version you are on does not support self-updating. Please follow the manual upgrade steps.',
    );
    expect(DEVELOPMENT_BUILD_MESSAGE).toBe(
      'You are currently running a development build, updating to an official release may give you an older version than you are currently running.',
    );
  });

  it('names the status of an update command, with the slow download hint on an Edgecaster', () => {
    const status = (s: Parameters<typeof updateStatusText>[0]['status'], product = 'edgecaster' as const) =>
      updateStatusText({ status: s, message: 'Download failed.', cloud: false, product });
    expect(status('issued')).toBe('Update Requested');
    expect(updateStatusText({ status: 'issued', message: '', cloud: true, product: 'edgecaster' })).toBe(
      'Cloud Update Requested',
    );
    expect(status('accepted')).toBe('Update Command Accepted');
    expect(status('rejected')).toBe(
      'Download failed. This may be due to slow download speeds. Check back later to apply update.',
    );
    expect(status('failed')).toBe('Download failed.');
    expect(
      updateStatusText({ status: 'error', message: 'Nope', cloud: false, product: 'edgecaster_max' }),
    ).toBe('Nope');
  });
});
