import { z } from 'zod';
import { containsNul, guidSchema, inputText, NUL_MESSAGE, okResponseSchema } from './common.ts';
import { defineOperation } from './operations.ts';
import { orgParamsSchema } from './orgs.ts';
import { jsonBytes } from './rest-direct.ts';
import { shadowRegistry } from './shadow-registry.ts';
import { SHADOW_NAMES, type ShadowName } from './shadows.ts';

/**
 * Shadow templates (spec 3 §3.13, §7): an organization's saved documents of one shadow, by name, that
 * a device's configuration can start from. Every member reads them; organization admins change them.
 */

export const SHADOW_TEMPLATE_NAME_MAX = 100;
/** A document of the largest kind (Outputs with many outputs) stays far below this. */
export const SHADOW_TEMPLATE_MAX_BYTES = 256 * 1024;
export const SHADOW_TEMPLATES_PER_ORG = 100;
/** Templates one save may carry; the request body is at most 1 MiB as well. */
export const SHADOW_TEMPLATES_PER_SAVE = 20;

export const shadowTemplateNameSchema = inputText(SHADOW_TEMPLATE_NAME_MAX, {
  error: 'template_name is required',
})
  .trim()
  .min(1, 'The template name is required')
  // Commas separate the names of GET ?template_names=.
  .refine((name) => !name.includes(','), 'The template name cannot contain a comma');

const templateShadowNameSchema = z.enum(SHADOW_NAMES, {
  error: () => `shadow_name must be one of ${SHADOW_NAMES.join(', ')}`,
});

const templateStateSchema = z
  .record(z.string(), z.unknown(), { error: 'The state must be a JSON object' })
  .refine((state) => jsonBytes(state) <= SHADOW_TEMPLATE_MAX_BYTES, {
    message: `The state must be at most ${SHADOW_TEMPLATE_MAX_BYTES / 1024} KiB of JSON`,
  })
  .refine((state) => !containsNul(state), NUL_MESSAGE);

export const shadowTemplateSchema = z.object({
  template_guid: z.string(),
  template_name: z.string(),
  /** The shadow whose document the template holds (not in spec 3 §3.13, which leaves it to the name). */
  shadow_name: z.enum(SHADOW_NAMES),
  state: z.record(z.string(), z.unknown()),
  /** Whose template it is (spec 3 §3.13): the organization's own, or one of its fleets' (decision 185). */
  target_object: z.enum(['org', 'fleet']).optional(),
  /** The organization's or the fleet's guid. */
  target_guid: z.string().optional(),
});
export type ShadowTemplate = z.infer<typeof shadowTemplateSchema>;

export const listShadowTemplatesQuerySchema = z.object({
  /** Names as a comma list or a repeated parameter; all templates when absent. */
  template_names: z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(',')).map((name) => name.trim()).filter(Boolean),
    )
    .pipe(z.array(inputText(SHADOW_TEMPLATE_NAME_MAX)).max(SHADOW_TEMPLATES_PER_ORG))
    .optional(),
  shadow_name: templateShadowNameSchema.optional(),
});

export const shadowTemplatesResponseSchema = z.object({ templates: z.array(shadowTemplateSchema) });

export const SHADOW_NAME_NOT_TOLD =
  'shadow_name is required when the state does not show its shadow (by one key of inputs, encoders, outputs, config, alerts or containers)';

/** The shadow a document is of, told by its one top-level key (System's is config); else undefined. */
export function shadowOfState(state: Record<string, unknown>): ShadowName | undefined {
  const found = SHADOW_NAMES.filter((name) => Object.hasOwn(state, shadowRegistry[name].listKey ?? 'config'));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * One template to save as spec 3 §7 sends it, {template_guid, template_name, state}: the shadow is
 * told by the state's key when shadow_name is left out, and an empty or null template_guid is a new
 * template.
 */
const templateToSaveSchema = z
  .object({
    /** The template to change; without it the template of this shadow and name is changed or created. */
    template_guid: z
      .union([guidSchema, z.literal(''), z.null()])
      .optional()
      .transform((guid) => guid || undefined),
    template_name: shadowTemplateNameSchema,
    shadow_name: templateShadowNameSchema.optional(),
    state: templateStateSchema,
  })
  .transform((template, ctx) => {
    const shadowName = template.shadow_name ?? shadowOfState(template.state);
    if (shadowName) return { ...template, shadow_name: shadowName };
    ctx.addIssue({ code: 'custom', path: ['shadow_name'], message: SHADOW_NAME_NOT_TOLD });
    return z.NEVER;
  });

export const saveShadowTemplatesBodySchema = z.object({
  templates: z
    .array(templateToSaveSchema)
    .min(1, 'At least one template is required')
    .max(SHADOW_TEMPLATES_PER_SAVE, `At most ${SHADOW_TEMPLATES_PER_SAVE} templates per save`),
});
/** What a client sends; the server reads it with every template's shadow told. */
export type SaveShadowTemplatesBody = z.input<typeof saveShadowTemplatesBodySchema>;

export const shadowTemplateParamsSchema = orgParamsSchema.extend({ template_guid: guidSchema });

const tags = ['shadow templates'];

export const shadowTemplateOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/orgs/:org_guid/shadow_templates',
    summary: "The organization's shadow templates, optionally only those named or of one shadow",
    tags,
    params: orgParamsSchema,
    query: listShadowTemplatesQuerySchema,
    status: 200,
    response: shadowTemplatesResponseSchema,
  }),
  save: defineOperation({
    method: 'POST',
    path: '/orgs/:org_guid/shadow_templates',
    summary:
      'Create or change templates (organization admins): by template_guid, else by shadow and name; ' +
      'answers the saved templates',
    tags,
    params: orgParamsSchema,
    body: saveShadowTemplatesBodySchema,
    status: 200,
    response: shadowTemplatesResponseSchema,
  }),
  delete: defineOperation({
    method: 'DELETE',
    path: '/orgs/:org_guid/shadow_templates/:template_guid',
    summary: 'Delete a template (organization admins)',
    tags,
    params: shadowTemplateParamsSchema,
    status: 200,
    response: okResponseSchema,
  }),
};
