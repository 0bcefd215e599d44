import type { AuthInfo, SessionUser } from '@ec/contract/auth';
import type { DirectoryEntry } from '@ec/contract/containers/directory';
import type { Device, DeviceState } from '@ec/contract/devices';
import type { License } from '@ec/contract/entitlements/licenses';
import type { DeviceEntitlements } from '@ec/contract/entitlements/merge-entitlements';
import type { Fleet } from '@ec/contract/fleets';
import type { Org } from '@ec/contract/orgs';
import type { Shadow, ShadowCommand } from '@ec/contract/shadows';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};
const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Test data in the contract's shapes, shared by the unit tests. */
export function makeDevice(overrides: Partial<Device> = {}): Device {
  const n = next();
  return {
    device_guid: guid(n),
    serial_number: `1000-${String(n).padStart(4, '0')}`,
    device_name: `Encoder ${n}`,
    product_name: 'edgecaster',
    mac_address: `00:11:22:33:44:${String(n % 100).padStart(2, '0')}`,
    provision_date: '2026-01-01T00:00:00.000Z',
    org_guid: guid(9000),
    online: true,
    device_ip: `192.168.1.${n % 250}`,
    external_ip: '203.0.113.10',
    firmware_version: '10.4.1',
    system_version: '3.2.0',
    daemon_version: '10.4.1',
    cloud_version: 'v1.25.0',
    dev: false,
    manual_update_required: false,
    partner_id: null,
    last_state_update: '2026-01-01T12:00:00.000Z',
    streaming_status: 1,
    metadata: [],
    alert_count: 0,
    ...overrides,
  };
}

export function makeOrg(overrides: Partial<Org> = {}): Org {
  const n = next();
  return { org_guid: guid(n), org_name: `Org ${n}`, access: 300, ...overrides };
}

export function makeFleet(overrides: Partial<Fleet> = {}): Fleet {
  const n = next();
  return {
    fleet_guid: guid(n),
    fleet_name: `Fleet ${n}`,
    org_guid: guid(9000),
    editable: true,
    controllable: true,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeDeviceState(overrides: Partial<DeviceState> = {}): DeviceState {
  return {
    online: true,
    device_ip: '192.168.1.20',
    external_ip: '203.0.113.10',
    ip_scheme: 'dhcp',
    serial_number: '1000-0001',
    mac_address_current: '00:11:22:33:44:55',
    last_boot: '2026-01-01T10:00:00.000Z',
    last_state_update: '2026-01-01T12:00:00.000Z',
    ready_for_commands: true,
    daemon_version: '10.4.1',
    system_version: '3.2.0',
    firmware_version: '10.4.1',
    cloud_version: 'v1.25.0',
    adb_port: null,
    ui_password_set: false,
    storage_devices: [],
    update_state: [],
    ...overrides,
  };
}

export function makeSystemShadow(config: Record<string, unknown> = {}, version = 3): Shadow {
  return {
    shadow_name: 'System',
    reported: {
      current_version: version,
      timestamp: '2026-01-01T12:00:00.000Z',
      state: {
        config: {
          device_name: 'Encoder 1',
          ip_scheme: 'dhcp',
          static_network: null,
          ntp_server: '',
          timezone: 'UTC',
          xml: { enabled: false, url: '', poll_interval: 60, username: '', password: '' },
          ...config,
        },
        status: {
          mac_address: '00:11:22:33:44:55',
          net_connected: true,
          ip_address: '192.168.1.20',
          dns_addresses: ['192.168.1.1', '8.8.8.8'],
        },
      },
    },
    requested: null,
  };
}

/** A shadow set command the device has answered: succeeded, at version 4 unless told otherwise. */
export function makeShadowCommand(overrides: Partial<ShadowCommand> = {}): ShadowCommand {
  return {
    command_guid: 'c1',
    shadow_name: 'System',
    command_type: 'set',
    finished: true,
    command_state: 'succeeded',
    response: { message: null, error_code: null, state: null, current_version: 4 },
    requested: { state: null },
    created_timestamp: '2026-01-01T00:00:00.000Z',
    finished_timestamp: '2026-01-01T00:00:01.000Z',
    ...overrides,
  };
}

/** The predefined High Temperature rule of a device's Alerts document, on at 80 °C. */
export function makeHighTemperatureRule(config: Record<string, unknown> = {}) {
  return {
    alert_guid: 'a1',
    type: 'metric',
    name: 'thermal_system_temp_current',
    label: 'High Temperature',
    category: 'device',
    config: { enabled: true, threshold_value: 80, threshold_condition: 'GreaterThan', ...config },
  };
}

export function makeSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const n = next();
  return {
    user_guid: guid(n),
    name: `User ${n}`,
    email: `user${n}@example.com`,
    email_verified: true,
    phone_number: null,
    phone_number_verified: false,
    locale: 'en-US',
    zoneinfo: 'America/New_York',
    status: 'CONFIRMED',
    groups: [],
    mfa_method: 'NOMFA',
    pending_email: null,
    picture: null,
    ...overrides,
  };
}

/** GET /auth-info for a built-in account (user_exists) or an unknown e-mail. */
export function makeAuthInfo(overrides: Partial<AuthInfo> = {}): AuthInfo {
  return {
    sso_providers: [],
    cognito_region: null,
    cognito_user_pool_id: null,
    cognito_user_pool_domain: null,
    client_id: null,
    cognito_identity_pool_id: null,
    oauth_scope: null,
    oauth_response_type: null,
    profile_picture_bucket: null,
    iot_endpoint: null,
    user_exists: true,
    identity_provider: 'builtin',
    ...overrides,
  };
}

/** GET /entitlements/devices/{guid}: an Edgecaster whose configuration tab is licensed or not. */
export function makeDeviceEntitlements(deviceGuid: string, configTab = true): DeviceEntitlements {
  return {
    device_guid: deviceGuid,
    product_name: 'edgecaster',
    version: '10.3.0',
    generated: '2026-11-23T00:00:00.000Z',
    base_profile_guid: 'base',
    licenses: [],
    properties: { 'services.cloud.device_config_tab.enabled': configTab },
  };
}

/** A published container directory entry (spec 3 §3.8) for both platforms. */
export function makeDirectoryEntry(overrides: Partial<DirectoryEntry> = {}): DirectoryEntry {
  const n = next();
  return {
    container_guid: guid(n),
    identifier: `container-${n}`,
    name: `Container ${n}`,
    image_url: `ghcr.io/acme/container-${n}:1.0`,
    description: '',
    company: { name: 'Acme', url: 'https://acme.example', description: '' },
    requirements: '',
    manifest: {},
    platforms: ['edgecaster', 'edgecaster_max'],
    published: true,
    licensable: false,
    ...overrides,
  };
}

/** A licence as the licence lists answer it: an unlimited organization licence unless told otherwise. */
export function makeLicense(overrides: Partial<License> = {}): License {
  const n = next();
  return {
    license_id: guid(n),
    license_name: `License ${n}`,
    sales_order: null,
    org_guid: guid(9000),
    serial_number: null,
    profile_guid: guid(n + 5000),
    profile_name: `Profile ${n}`,
    profile_platform: 'edgecaster',
    unlimited: true,
    allocation_limit: null,
    allocated: 0,
    created: '2026-01-10T12:00:00.000Z',
    expires: '2099-01-10T12:00:00.000Z',
    lifespan_days: 365,
    expired: false,
    ...overrides,
  };
}
