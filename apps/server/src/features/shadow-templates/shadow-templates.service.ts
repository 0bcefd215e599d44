import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { saveShadowTemplates } from './save-shadow-templates.ts';
import { shadowTemplatesRepository } from './shadow-templates.repository.ts';

export type ShadowTemplatesService = ReturnType<typeof createShadowTemplatesService>;

/** An organization's shadow templates (spec 3 §7): listed, saved as one change, deleted. */
export function createShadowTemplatesService(deps: { db: Db }) {
  const templates = shadowTemplatesRepository(deps.db);

  return {
    list: (orgGuid: string, filter: { names?: readonly string[]; shadowName?: string }) =>
      templates.list(orgGuid, filter),

    save: (props: Parameters<typeof saveShadowTemplates>[1]) => saveShadowTemplates(deps.db, props),

    async delete(orgGuid: string, templateGuid: string) {
      if (!(await templates.delete(orgGuid, templateGuid)))
        throw ApiError.notFound('Shadow template not found', 'TEMPLATE_NOT_FOUND');
    },
  };
}
