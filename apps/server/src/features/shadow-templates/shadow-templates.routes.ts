import { fleetTemplateOperations } from '@ec/contract/fleet-templates';
import {
  shadowTemplateOperations as operations,
  type saveShadowTemplatesBodySchema,
} from '@ec/contract/shadow-templates';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireFleet } from '../fleets/fleet-access.ts';
import { requireOrgAccess } from '../orgs/org-scope.ts';
import { presentShadowTemplate } from './shadow-template.presenter.ts';

const errors = errorResponses(400, 401, 403, 404);
const done = { ok: true as const };

type SaveBody = z.output<typeof saveShadowTemplatesBodySchema>;

/** The templates of a save as the service takes them. */
const templatesOf = (body: SaveBody) =>
  body.templates.map((template) => ({
    templateGuid: template.template_guid,
    templateName: template.template_name,
    shadowName: template.shadow_name,
    state: template.state,
  }));

/**
 * Shadow templates (spec 3 §7): an organization's, which every member reads and its editors change
 * (spec 3 §6: "editable only if the org allows editing"), and each fleet's beside them, which whoever
 * sees the fleet reads and its editors change (decision 185).
 */
export const shadowTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const templates = app.services.shadowTemplates;

  const requireTemplateEditor = async (request: FastifyRequest, orgGuid: string) => {
    const scope = await requireOrgAccess(app, request, orgGuid, 'read');
    if (!scope.canEdit)
      throw ApiError.forbidden(
        'Only organization admins can change its shadow templates',
        'ORG_ADMIN_REQUIRED',
      );
    return scope;
  };

  app.route({
    ...operationRoute(operations.list, errors),
    handler: async (request) => {
      const scope = await requireOrgAccess(app, request, request.params.org_guid, 'read');
      const rows = await templates.list(
        { orgGuid: scope.orgGuid, fleetGuid: null },
        { names: request.query.template_names, shadowName: request.query.shadow_name },
      );
      return { templates: rows.map(presentShadowTemplate) };
    },
  });

  app.route({
    ...operationRoute(operations.save, { ...errors, ...errorResponses(409) }),
    handler: async (request) => {
      const scope = await requireTemplateEditor(request, request.params.org_guid);
      const saved = await templates.save({
        owner: { orgGuid: scope.orgGuid, fleetGuid: null },
        userGuid: requireCaller(request).user.userGuid,
        templates: templatesOf(request.body),
      });
      return { templates: saved.map(presentShadowTemplate) };
    },
  });

  app.route({
    ...operationRoute(operations.delete, errors),
    handler: async (request) => {
      const scope = await requireTemplateEditor(request, request.params.org_guid);
      await templates.delete({ orgGuid: scope.orgGuid, fleetGuid: null }, request.params.template_guid);
      return done;
    },
  });

  app.route({
    ...operationRoute(fleetTemplateOperations.listShadowTemplates, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'view');
      const rows = await templates.list(fleet, {
        names: request.query.template_names,
        shadowName: request.query.shadow_name,
      });
      return { templates: rows.map(presentShadowTemplate) };
    },
  });

  app.route({
    ...operationRoute(fleetTemplateOperations.saveShadowTemplates, { ...errors, ...errorResponses(409) }),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'edit');
      const saved = await templates.save({
        owner: fleet,
        userGuid: requireCaller(request).user.userGuid,
        templates: templatesOf(request.body),
      });
      return { templates: saved.map(presentShadowTemplate) };
    },
  });

  app.route({
    ...operationRoute(fleetTemplateOperations.deleteShadowTemplate, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'edit');
      await templates.delete(fleet, request.params.template_guid);
      return done;
    },
  });

  app.route({
    ...operationRoute(fleetTemplateOperations.drift, errors),
    handler: async (request) => {
      const { fleet } = await requireFleet(app, request, request.params.fleet_guid, 'view');
      return templates.drift(fleet);
    },
  });
};
