import { SHADOW_TEMPLATES_PER_ORG } from '@ec/contract/shadow-templates';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import {
  type ShadowTemplateRow,
  shadowTemplatesRepository,
  type TemplateInput,
  type TemplateOwner,
} from './shadow-templates.repository.ts';

/**
 * Saves an organization's or a fleet's templates as one change: each by its guid (404 when the owner
 * has no such template), else by shadow and name (changed if it exists, created if not). The owner's
 * saves run one at a time, so the name and count checks hold under concurrent saves. Answers the saved
 * templates in the order given.
 */
export async function saveShadowTemplates(
  db: Db,
  props: { owner: TemplateOwner; userGuid: string; templates: readonly TemplateInput[] },
): Promise<ShadowTemplateRow[]> {
  refuseRepeats(props.templates);
  return db.transaction(async (tx) => {
    const repository = shadowTemplatesRepository(tx);
    await repository.lockOwner(props.owner);
    const saved: ShadowTemplateRow[] = [];
    for (const template of props.templates) {
      if (!template.templateGuid) {
        saved.push(await repository.upsertByName(props.owner, template, props.userGuid));
        continue;
      }
      const namesake = await repository.findByName(props.owner, template.shadowName, template.templateName);
      if (namesake && namesake.templateGuid !== template.templateGuid)
        throw ApiError.conflict(
          `Another ${template.shadowName} template is already named "${template.templateName}"`,
          'TEMPLATE_NAME_TAKEN',
        );
      const row = await repository.update(props.owner, template.templateGuid, template, props.userGuid);
      if (!row) throw ApiError.notFound('Shadow template not found', 'TEMPLATE_NOT_FOUND');
      saved.push(row);
    }
    if ((await repository.count(props.owner)) > SHADOW_TEMPLATES_PER_ORG)
      throw ApiError.badRequest(
        `An organization keeps at most ${SHADOW_TEMPLATES_PER_ORG} shadow templates; delete some first`,
        'TOO_MANY_TEMPLATES',
      );
    return saved;
  });
}

/** One save names each template once: by guid, and by shadow and name. */
function refuseRepeats(templates: readonly TemplateInput[]) {
  const guids = new Set<string>();
  const names = new Set<string>();
  for (const template of templates) {
    const name = `${template.shadowName}\u0000${template.templateName}`;
    if (names.has(name))
      throw ApiError.badRequest(
        `The ${template.shadowName} template "${template.templateName}" appears twice in this save`,
      );
    names.add(name);
    if (!template.templateGuid) continue;
    if (guids.has(template.templateGuid))
      throw ApiError.badRequest(`Template ${template.templateGuid} appears twice in this save`);
    guids.add(template.templateGuid);
  }
}
