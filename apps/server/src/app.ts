import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEVICE_LIST_EVENT_TYPES } from '@ec/contract/live';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-context.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { accountService } from './features/account/account.service.ts';
import { alertsRoutes } from './features/alerts/alerts.routes.ts';
import { createAlertsService } from './features/alerts/alerts.service.ts';
import { fleetAlertRulesRoutes } from './features/alerts/fleet-alert-rules.routes.ts';
import { createFleetAlertRulesService } from './features/alerts/fleet-alert-rules.service.ts';
import { createOrgAlertRulesService } from './features/alerts/org-alert-rules.service.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { authService } from './features/auth/auth.service.ts';
import { registerCallerResolution } from './features/auth/request-context.ts';
import { bulkActionsRoutes } from './features/bulk-actions/bulk-actions.routes.ts';
import { containerDirectoryRoutes } from './features/container-directory/container-directory.routes.ts';
import { createContainerDirectoryService } from './features/container-directory/container-directory.service.ts';
import { deviceCommandsRoutes } from './features/device-commands/device-commands.routes.ts';
import { deviceLogsRoutes } from './features/device-logs/device-logs.routes.ts';
import { deviceSearchRoutes } from './features/device-search/device-search.routes.ts';
import { createDeviceSearchService } from './features/device-search/device-search.service.ts';
import { deviceUsersRoutes } from './features/device-users/device-users.routes.ts';
import { deviceInventoryService } from './features/devices/device-inventory.service.ts';
import { deviceMetadataRoutes } from './features/devices/device-metadata.routes.ts';
import { devicesRoutes } from './features/devices/devices.routes.ts';
import { dockerRoutes } from './features/docker/docker.routes.ts';
import { createDockerService } from './features/docker/docker.service.ts';
import { entitlementsRoutes } from './features/entitlements/entitlements.routes.ts';
import { licensesRoutes } from './features/entitlements/licenses.routes.ts';
import { createLicensesService } from './features/entitlements/licenses.service.ts';
import { createProfilesService } from './features/entitlements/profiles.service.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { createEventsService } from './features/events/events.service.ts';
import { fleetsRoutes } from './features/fleets/fleets.routes.ts';
import { createFleetsService } from './features/fleets/fleets.service.ts';
import { invitesRoutes } from './features/invites/invites.routes.ts';
import { invitesService } from './features/invites/invites.service.ts';
import { liveRoutes } from './features/live/live.routes.ts';
import { createLiveService } from './features/live/live.service.ts';
import { LiveHub } from './features/live/live-hub.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { orgsRoutes } from './features/orgs/orgs.routes.ts';
import { createOrgsService } from './features/orgs/orgs.service.ts';
import { outputControlRoutes } from './features/output-control/output-control.routes.ts';
import { patsRoutes } from './features/pats/pats.routes.ts';
import { patsService } from './features/pats/pats.service.ts';
import { platformRoutes } from './features/platform/platform.routes.ts';
import { rolloutsRoutes } from './features/rollouts/rollouts.routes.ts';
import { createRolloutsService } from './features/rollouts/rollouts.service.ts';
import { shadowHistoryRoutes } from './features/shadow-history/shadow-history.routes.ts';
import { createShadowHistoryService } from './features/shadow-history/shadow-history.service.ts';
import { shadowTemplatesRoutes } from './features/shadow-templates/shadow-templates.routes.ts';
import { createShadowTemplatesService } from './features/shadow-templates/shadow-templates.service.ts';
import { shadowsRoutes } from './features/shadows/shadows.routes.ts';
import { ssoRoutes } from './features/sso/sso.routes.ts';
import { ssoService } from './features/sso/sso.service.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { usersAdminService } from './features/users/users-admin.service.ts';
import { fileStore } from './files/file-store.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerNoStore, registerSecurityHeaders } from './http/security-headers.ts';
import { registerApiCompression, registerWebAssets } from './http/web-assets.ts';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The HTTP application: the API under /v1, its OpenAPI document, the live channel and the web app. */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}) {
  const app = Fastify({
    logger: false,
    ...options,
    // Scripts written for the published API join paths to a base URL ending in /v1/: `/v1/orgs/`,
    // `/v1//devices/...` route like the clean path.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, ...options.routerOptions },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('deviceLink', deps.deviceLink);
  const serviceDeps = { db: deps.database.db, outbox: deps.outbox, config: deps.config };
  const auth = authService(serviceDeps);
  const inventory = deviceInventoryService({ db: deps.database.db, devices: deps.devices });
  app.decorate('services', {
    devices: deps.devices,
    shadows: deps.shadows,
    deviceCommands: deps.deviceCommands,
    deviceUsers: deps.deviceUsers,
    docker: createDockerService({
      shadows: deps.shadows,
      entitlementsOf: async (device) =>
        (await deps.devices.effectiveEntitlements(device.deviceGuid)).properties,
    }),
    alerts: createAlertsService({ db: deps.database.db, actions: deps.alerts.actions }),
    alertRules: createOrgAlertRulesService({ db: deps.database.db, engine: deps.alerts }),
    fleetAlertRules: createFleetAlertRulesService({ db: deps.database.db, engine: deps.alerts }),
    inventory,
    auth,
    account: accountService({
      ...serviceDeps,
      sms: deps.sms,
      files: fileStore(deps.config.filesDir),
      log: app.log,
    }),
    pats: patsService(serviceDeps),
    invites: invitesService({ ...serviceDeps, fleetEvents: deps.devices }),
    sso: ssoService({ ...serviceDeps, auth, log: app.log }),
    usersAdmin: usersAdminService({ db: deps.database.db, log: app.log }),
    orgs: createOrgsService({ ...serviceDeps, devices: deps.devices }),
    fleets: createFleetsService({ db: deps.database.db, devices: deps.devices, inventory, log: app.log }),
    containerDirectory: createContainerDirectoryService({ db: deps.database.db }),
    profiles: createProfilesService({ db: deps.database.db, devices: deps.devices, log: app.log }),
    licenses: createLicensesService({ db: deps.database.db, devices: deps.devices, log: app.log }),
    rollouts: createRolloutsService({ db: deps.database.db, rollouts: deps.rollouts }),
    deviceSearch: createDeviceSearchService(serviceDeps),
    events: createEventsService(serviceDeps),
    metrics: deps.metrics,
    shadowHistory: createShadowHistoryService(serviceDeps),
    shadowTemplates: createShadowTemplatesService(serviceDeps),
    live: createLiveService({ db: deps.database.db, log: app.log }),
  });
  app.decorate('liveHub', new LiveHub());
  const stopLive = deps.deviceLink.onLive((orgGuid, event) => {
    app.liveHub.broadcast(orgGuid, event);
    // What refreshes the browsers' device lists and counts refreshes the status they share.
    if (DEVICE_LIST_EVENT_TYPES.includes(event.type)) inventory.statusChanged(orgGuid);
  });
  app.addHook('onClose', async () => stopLive());

  const webDist = deps.config.WEB_DIST ?? defaultWebDist;
  const serveWeb = existsSync(path.join(webDist, 'index.html'));
  registerErrorHandler(app, { spaIndex: serveWeb });
  registerCallerResolution(app);
  await registerSecurityHeaders(app, { https: deps.config.publicUrl.startsWith('https:') });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${deps.config.DEPLOYMENT_NAME} API`,
        version: '1.0.0',
        description: 'Cloud console for video encoder fleets',
      },
      // A personal access token goes in either scheme: `Bearer <token>` or, as the published client
      // scripts send it, `PAT <token>`.
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          pat: {
            type: 'http',
            scheme: 'PAT',
            description: 'A personal access token (Authorization: PAT <token>)',
          },
        },
      },
      security: [{ bearer: [] }, { pat: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyWebsocket);

  await app.register(
    async (api) => {
      await registerApiCompression(api);
      registerNoStore(api);
      await api.register(platformRoutes);
      await api.register(authRoutes);
      await api.register(ssoRoutes);
      await api.register(accountRoutes);
      await api.register(patsRoutes);
      await api.register(usersRoutes);
      await api.register(orgsRoutes);
      await api.register(invitesRoutes);
      await api.register(devicesRoutes);
      await api.register(deviceMetadataRoutes);
      await api.register(deviceSearchRoutes);
      await api.register(deviceUsersRoutes);
      await api.register(fleetsRoutes);
      await api.register(fleetAlertRulesRoutes);
      await api.register(rolloutsRoutes);
      await api.register(shadowsRoutes);
      await api.register(outputControlRoutes);
      await api.register(shadowHistoryRoutes);
      await api.register(shadowTemplatesRoutes);
      await api.register(deviceCommandsRoutes);
      await api.register(dockerRoutes);
      await api.register(bulkActionsRoutes);
      await api.register(deviceLogsRoutes);
      await api.register(alertsRoutes);
      await api.register(eventsRoutes);
      await api.register(metricsRoutes);
      await api.register(entitlementsRoutes);
      await api.register(containerDirectoryRoutes);
      await api.register(licensesRoutes);
      await api.register(liveRoutes);
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: '/v1' },
  );
  await app.register(fastifySwaggerUi, { routePrefix: '/v1/docs' });
  // Where the published API's own documentation links its reference.
  app.get('/v1/openapi/html', { schema: { hide: true } }, (_request, reply) => reply.redirect('/v1/docs'));

  if (serveWeb) await registerWebAssets(app, webDist);
  return app;
}
