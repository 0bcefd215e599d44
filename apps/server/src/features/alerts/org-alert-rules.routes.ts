import {
  alertSettingsOperations,
  orgAlertTemplateOperations as templateOperations,
} from '@ec/contract/alert-rules';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { operationRoute } from '../../http/operation-route.ts';
import { requireCaller } from '../auth/request-context.ts';
import { requireOrgAccess } from '../orgs/org-scope.ts';
import { presentOrgAlertTemplate } from './org-alert-template.presenter.ts';

const errors = errorResponses(400, 401, 403, 404);

/**
 * An organization's own alert rules (spec 2 §2.10): its templates, which watch every device of the
 * organization, and the legacy Device Offline setting. Every member reads them; organization editors
 * change them, and each change has the organization's devices judged again.
 */
export const orgAlertRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = app.services.alertRules;

  const requireRulesEditor = async (request: FastifyRequest, orgGuid: string) => {
    const scope = await requireOrgAccess(app, request, orgGuid, 'read');
    if (!scope.canEdit)
      throw ApiError.forbidden('Only organization editors can change its alert rules', 'ORG_EDITOR_REQUIRED');
    return { orgGuid: scope.orgGuid, userGuid: requireCaller(request).user.userGuid };
  };

  app.route({
    ...operationRoute(templateOperations.list, errors),
    handler: async (request) => {
      const scope = await requireOrgAccess(app, request, request.params.org_guid, 'read');
      return { templates: (await rules.listTemplates(scope.orgGuid)).map(presentOrgAlertTemplate) };
    },
  });

  app.route({
    ...operationRoute(templateOperations.create, { ...errors, ...errorResponses(409) }),
    handler: async (request, reply) => {
      const { orgGuid, userGuid } = await requireRulesEditor(request, request.params.org_guid);
      const row = await rules.createTemplate(orgGuid, request.body, userGuid);
      return reply.code(201).send({ template: presentOrgAlertTemplate(row) });
    },
  });

  app.route({
    ...operationRoute(templateOperations.update, errors),
    handler: async (request) => {
      const { orgGuid, userGuid } = await requireRulesEditor(request, request.params.org_guid);
      const row = await rules.updateTemplate(orgGuid, request.params.template_guid, request.body, userGuid);
      return { template: presentOrgAlertTemplate(row) };
    },
  });

  app.route({
    ...operationRoute(templateOperations.remove, errors),
    handler: async (request) => {
      const { orgGuid } = await requireRulesEditor(request, request.params.org_guid);
      await rules.deleteTemplate(orgGuid, request.params.template_guid);
      return { ok: true as const };
    },
  });

  app.route({
    ...operationRoute(alertSettingsOperations.get, errors),
    handler: async (request) => {
      const scope = await requireOrgAccess(app, request, request.params.org_guid, 'read');
      return rules.settings(scope.orgGuid);
    },
  });

  app.route({
    ...operationRoute(alertSettingsOperations.save, errors),
    handler: async (request) => {
      const { orgGuid, userGuid } = await requireRulesEditor(request, request.params.org_guid);
      return rules.saveSettings(orgGuid, request.body, userGuid);
    },
  });
};
