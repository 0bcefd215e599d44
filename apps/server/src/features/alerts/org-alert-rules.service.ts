import {
  type AlertSettings,
  ORG_ALERT_TEMPLATES_MAX,
  type OrgAlertTemplateBody,
} from '@ec/contract/alert-rules';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AlertEngine } from './alert-engine.ts';
import { orgAlertRulesRepository } from './org-alert-rules.repository.ts';

export type OrgAlertRulesService = ReturnType<typeof createOrgAlertRulesService>;

const templateNotFound = () => ApiError.notFound('Alert template not found', 'TEMPLATE_NOT_FOUND');

/**
 * An organization's own alert rules (spec 2 §2.10): its templates, which watch every device of the
 * organization, and the legacy Device Offline setting. Each change has the organization's devices
 * judged again (not waited for).
 */
export function createOrgAlertRulesService(deps: { db: Db; engine: Pick<AlertEngine, 'reevaluateOrg'> }) {
  const rules = orgAlertRulesRepository(deps.db);
  const changed = (orgGuid: string) => void deps.engine.reevaluateOrg(orgGuid);

  return {
    listTemplates: (orgGuid: string) => rules.listTemplates(orgGuid),

    async createTemplate(orgGuid: string, body: OrgAlertTemplateBody, userGuid: string) {
      const row = await rules.createTemplate(orgGuid, body, userGuid, ORG_ALERT_TEMPLATES_MAX);
      if (!row)
        throw ApiError.conflict(
          `An organization can have at most ${ORG_ALERT_TEMPLATES_MAX} alert templates`,
          'TOO_MANY_ALERT_TEMPLATES',
        );
      changed(orgGuid);
      return row;
    },

    async updateTemplate(
      orgGuid: string,
      templateGuid: string,
      body: OrgAlertTemplateBody,
      userGuid: string,
    ) {
      const row = await rules.updateTemplate(orgGuid, templateGuid, body, userGuid);
      if (!row) throw templateNotFound();
      changed(orgGuid);
      return row;
    },

    async deleteTemplate(orgGuid: string, templateGuid: string) {
      if (!(await rules.deleteTemplate(orgGuid, templateGuid))) throw templateNotFound();
      changed(orgGuid);
    },

    settings: (orgGuid: string) => rules.settings(orgGuid),

    async saveSettings(orgGuid: string, settings: AlertSettings, userGuid: string) {
      const saved = await rules.saveSettings(orgGuid, settings, userGuid);
      changed(orgGuid);
      return saved;
    },
  };
}
