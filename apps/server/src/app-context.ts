import type { Config } from './config/env.ts';
import type { Database, Db } from './db/database.ts';
import type { DeviceCommandsService } from './device-core/device-commands/device-commands.service.ts';
import type { DeviceUsersService } from './device-core/device-users/device-users.service.ts';
import type { DeviceService } from './device-core/devices/device.service.ts';
import type { RolloutService } from './device-core/rollouts/rollout.service.ts';
import type { ShadowService } from './device-core/shadows/shadow.service.ts';
import type { DeviceLink } from './device-link/device-link.ts';
import type { AccountService } from './features/account/account.service.ts';
import type { AlertEngine } from './features/alerts/alert-engine.ts';
import type { AlertsService } from './features/alerts/alerts.service.ts';
import type { FleetAlertRulesService } from './features/alerts/fleet-alert-rules.service.ts';
import type { OrgAlertRulesService } from './features/alerts/org-alert-rules.service.ts';
import type { AuthService } from './features/auth/auth.service.ts';
import type { ContainerDirectoryService } from './features/container-directory/container-directory.service.ts';
import type { DeviceSearchService } from './features/device-search/device-search.service.ts';
import type { DeviceInventoryService } from './features/devices/device-inventory.service.ts';
import type { DockerService } from './features/docker/docker.service.ts';
import type { LicensesService } from './features/entitlements/licenses.service.ts';
import type { ProfilesService } from './features/entitlements/profiles.service.ts';
import type { EventsService } from './features/events/events.service.ts';
import type { FleetsService } from './features/fleets/fleets.service.ts';
import type { InvitesService } from './features/invites/invites.service.ts';
import type { LiveService } from './features/live/live.service.ts';
import type { LiveHub } from './features/live/live-hub.ts';
import type { MetricsService } from './features/metrics/metrics.service.ts';
import type { OrgsService } from './features/orgs/orgs.service.ts';
import type { Outbox } from './features/outbox/outbox.service.ts';
import type { PatsService } from './features/pats/pats.service.ts';
import type { RolloutsService } from './features/rollouts/rollouts.service.ts';
import type { ShadowHistoryService } from './features/shadow-history/shadow-history.service.ts';
import type { ShadowTemplatesService } from './features/shadow-templates/shadow-templates.service.ts';
import type { SsoService } from './features/sso/sso.service.ts';
import type { UsersAdminService } from './features/users/users-admin.service.ts';
import type { SmsSender } from './sms/sms-sender.ts';

/** What the running server is made of; built once in main.ts (or a test) and handed to buildApp. */
export interface AppDeps {
  config: Config;
  database: Database;
  /** Every e-mail goes through it: stored, then delivered by the outbox worker (decision 147). */
  outbox: Outbox;
  sms: SmsSender;
  deviceLink: DeviceLink;
  /** The device core's services: every change to a device goes through them. */
  devices: DeviceService;
  shadows: ShadowService;
  deviceCommands: DeviceCommandsService;
  deviceUsers: DeviceUsersService;
  /** Carries configuration rollouts on, wave by wave. */
  rollouts: RolloutService;
  /** Raises and resolves alerts; what people do to them goes through it too. */
  alerts: AlertEngine;
  /** Stores the devices' metrics samples (the ingest's) and answers queries over them. */
  metrics: MetricsService;
}

/** Every service a route calls, as `app.services.<name>`: routes reach logic this one way. */
export interface Services {
  devices: DeviceService;
  shadows: ShadowService;
  deviceCommands: DeviceCommandsService;
  deviceUsers: DeviceUsersService;
  docker: DockerService;
  alerts: AlertsService;
  alertRules: OrgAlertRulesService;
  fleetAlertRules: FleetAlertRulesService;
  inventory: DeviceInventoryService;
  auth: AuthService;
  account: AccountService;
  sso: SsoService;
  pats: PatsService;
  invites: InvitesService;
  usersAdmin: UsersAdminService;
  orgs: OrgsService;
  fleets: FleetsService;
  containerDirectory: ContainerDirectoryService;
  profiles: ProfilesService;
  licenses: LicensesService;
  rollouts: RolloutsService;
  deviceSearch: DeviceSearchService;
  events: EventsService;
  metrics: MetricsService;
  shadowHistory: ShadowHistoryService;
  shadowTemplates: ShadowTemplatesService;
  live: LiveService;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    deviceLink: DeviceLink;
    services: Services;
    liveHub: LiveHub;
  }
}
