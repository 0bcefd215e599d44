import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ACCESS, GROUPS } from '@ec/contract/access';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { FastifyInstance } from 'fastify';
import { orgsRepository } from '../features/orgs/orgs.repository.ts';
import { seedDemoAlertRules } from './demo-alert-rules.ts';
import { seedDemoMetricsHistory } from './demo-metrics-history.ts';
import { seedDemoProfiles } from './demo-profiles.ts';

export const DEMO_ORG_NAME = 'Demo Broadcast Co.';

/**
 * Seeds the demo once: an admin holding every platform group, licensable add-on profiles, an
 * organization, and simulated devices of both products, about two thirds adopted, with a day of
 * metrics behind them and alert rules that e-mail the admin. The devices' link credentials are their "firmware":
 * kept in DATA_DIR so the simulators reconnect after a restart.
 */
export async function seedDemo(app: FastifyInstance): Promise<ProvisionedDevice[]> {
  const { config } = app;
  const credentialsFile = path.join(config.dataDir, 'demo-devices.json');
  const admin = await app.services.auth.createConfirmedUser({
    email: config.DEMO_ADMIN_EMAIL,
    name: 'Demo Admin',
    password: config.DEMO_ADMIN_PASSWORD,
    groups: [...GROUPS],
  });
  await seedDemoProfiles(app.db);
  if (existsSync(credentialsFile)) {
    const seeded = JSON.parse(await readFile(credentialsFile, 'utf8')) as ProvisionedDevice[];
    // An external broker started afresh (scripts/start-mosquitto.sh with a new data dir) learns them again.
    await app.services.devices.restoreBrokerAccounts(seeded);
    return seeded;
  }

  const orgs = orgsRepository(app.db);
  const org = await orgs.create(DEMO_ORG_NAME, admin.userGuid, ACCESS.admin);
  const provisioned = await app.services.devices.provision({ count: config.DEMO_DEVICES });
  const adoptCount = Math.round((provisioned.length * 2) / 3);
  // Through the device service, as a person would: each device's events say who adopted it.
  const actor = { userGuid: admin.userGuid, email: admin.email };
  const adopted = provisioned.slice(0, adoptCount);
  for (const device of adopted)
    await app.services.devices.adopt({ deviceGuid: device.device_guid, orgGuid: org.orgGuid, actor });
  await seedDemoAlertRules(app.db, org.orgGuid, admin.userGuid);
  await seedDemoMetricsHistory(app.db, adopted);
  await writeFile(credentialsFile, JSON.stringify(provisioned, null, 2), { mode: 0o600 });
  return provisioned;
}
