import { shadowTemplateOperations as operations } from '@ec/contract/shadow-templates';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireOrgAccess } from '../orgs/org-scope.ts';
import { presentShadowTemplate } from './shadow-template.presenter.ts';

const errors = errorResponses(400, 401, 403, 404);
const done = { ok: true as const };

/**
 * An organization's shadow templates (spec 3 §7): every member reads them; changing them needs the
 * organization's edit right (spec 3 §6: "editable only if the org allows editing").
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
      const rows = await templates.list(scope.orgGuid, {
        names: request.query.template_names,
        shadowName: request.query.shadow_name,
      });
      return { templates: rows.map(presentShadowTemplate) };
    },
  });

  app.route({
    ...operationRoute(operations.save, { ...errors, ...errorResponses(409) }),
    handler: async (request) => {
      const scope = await requireTemplateEditor(request, request.params.org_guid);
      const saved = await templates.save({
        orgGuid: scope.orgGuid,
        userGuid: requireCaller(request).user.userGuid,
        templates: request.body.templates.map((template) => ({
          templateGuid: template.template_guid,
          templateName: template.template_name,
          shadowName: template.shadow_name,
          state: template.state,
        })),
      });
      return { templates: saved.map(presentShadowTemplate) };
    },
  });

  app.route({
    ...operationRoute(operations.delete, errors),
    handler: async (request) => {
      const scope = await requireTemplateEditor(request, request.params.org_guid);
      await templates.delete(scope.orgGuid, request.params.template_guid);
      return done;
    },
  });
};
