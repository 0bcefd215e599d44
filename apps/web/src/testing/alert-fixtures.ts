import type { Alert, ListAlertsResponse } from '@ec/contract/alerts';
import { sessionStore } from '../lib/session/session-store';
import { makeOrg, makeSessionUser } from './data-generators';

export const TEST_ORG_GUID = '00000000-0000-4000-8000-000000000042';

let sequence = 0;

/** An active device alert unless `overrides` say otherwise. */
export function makeAlert(overrides: Partial<Alert> = {}): Alert {
  sequence += 1;
  return {
    alert_guid: `00000000-0000-4000-a000-${String(sequence).padStart(12, '0')}`,
    device_guid: '00000000-0000-4000-8000-000000000001',
    alert_type: 'device',
    type: 'metric',
    name: 'system_temperature',
    label: 'High Temperature',
    category: 'device',
    alert_state: 'alarm',
    config: { threshold_value: 80, threshold_condition: 'gt' },
    timestamp: '2026-01-01T12:00:00.000Z',
    last_status_change: null,
    resolved: false,
    silenced: false,
    silenced_toggled_by: null,
    silenced_timestamp: null,
    closed_by: null,
    legacy: false,
    ...overrides,
  };
}

export const alertsPage = (alerts: Alert[], paginationToken: string | null = null): ListAlertsResponse => ({
  alerts,
  pagination_token: paginationToken,
});

/** A valid session working in TEST_ORG_GUID. */
export function signInToTestOrg() {
  const expiresAt = new Date(Date.now() + 3600_000).toISOString();
  sessionStore.setToken({ access_token: 'token', expires_at: expiresAt, refresh_token: 'refresh' });
  sessionStore.selectOrg(TEST_ORG_GUID);
}

/** The calls every signed-in page makes: the caller's organizations (TEST_ORG_GUID, editor) and session. */
export function signedInHandlers() {
  return {
    'GET /orgs': {
      body: { orgs: [makeOrg({ org_guid: TEST_ORG_GUID, access: 300 })], pagination_token: null },
    },
    'GET /auth/session': {
      body: { user: makeSessionUser(), expires_at: new Date(Date.now() + 3600_000).toISOString() },
    },
  };
}
