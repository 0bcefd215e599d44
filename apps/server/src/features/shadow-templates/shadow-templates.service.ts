import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { saveShadowTemplates } from './save-shadow-templates.ts';
import { shadowTemplatesRepository, type TemplateOwner } from './shadow-templates.repository.ts';

export type ShadowTemplatesService = ReturnType<typeof createShadowTemplatesService>;

/** An organization's or a fleet's shadow templates (spec 3 §7): listed, saved as one change, deleted. */
export function createShadowTemplatesService(deps: { db: Db }) {
  const templates = shadowTemplatesRepository(deps.db);

  return {
    list: (owner: TemplateOwner, filter: { names?: readonly string[]; shadowName?: string }) =>
      templates.list(owner, filter),

    save: (props: Parameters<typeof saveShadowTemplates>[1]) => saveShadowTemplates(deps.db, props),

    async delete(owner: TemplateOwner, templateGuid: string) {
      if (!(await templates.delete(owner, templateGuid)))
        throw ApiError.notFound('Shadow template not found', 'TEMPLATE_NOT_FOUND');
    },
  };
}
