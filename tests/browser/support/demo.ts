import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ProvisionedDevice } from '@ec/contract/devices';

export const DEMO_ADMIN = { email: 'demo-admin@example.com', password: 'demo-admin-password' };

/**
 * The licensable add-on profile the demo seeds for Edgecasters (apps/server/src/demo/demo-profiles.ts):
 * Zixi and WHIP outputs, which the base profile grants none of.
 */
export const DEMO_EDGECASTER_ADDON = { profileGuid: '5e1f0c1e-7a11-4c0d-9d2e-000000000001', zixi: 2 };

/** The single sign-on provider the console is configured with: accounts of sso.example use it. */
export const SSO_PROVIDER = { name: 'acme', label: 'Acme Identity', domains: ['sso.example'] };

/** The demo's simulated devices, as the server wrote them into its data folder. */
export function demoDevices(): ProvisionedDevice[] {
  const file = path.join(process.env.EC_DATA_DIR!, 'demo-devices.json');
  return JSON.parse(readFileSync(file, 'utf8')) as ProvisionedDevice[];
}
