import { z } from 'zod';
import { guidSchema } from './common.ts';
import { defineOperation } from './operations.ts';
import { orgParamsSchema } from './orgs.ts';
import {
  alertConfigSchema,
  alertRuleFields,
  metricThresholdIsNumber,
  ALERT_TYPES as RULE_TYPES,
} from './shadow-documents/alerts.ts';

/**
 * An organization's own alert rules (spec 2 §2.10): its alert templates (/alerts/templates) and the
 * legacy settings (/alerts/config). Apart from alerts.ts, so the shell's bell does not carry the rules'
 * schemas.
 */

/** An organization holds at most this many alert templates. */
export const ORG_ALERT_TEMPLATES_MAX = 100;

/**
 * An organization's alert template (spec 2 §2.10 /alerts/templates): a rule of category org that
 * watches every device of the organization, with the device alert's fields and validation (spec 3 §3.6, §5).
 */
export const orgAlertTemplateBodySchema = z
  .object({ ...alertRuleFields, config: alertConfigSchema })
  .superRefine(metricThresholdIsNumber);
export type OrgAlertTemplateBody = z.input<typeof orgAlertTemplateBodySchema>;

/** A rule's config as the server answers it: stored values, without the input's transforms. */
const storedAlertConfigSchema = alertConfigSchema.extend({ email_list: z.array(z.string()) });

export const orgAlertTemplateSchema = z.object({
  template_guid: z.string(),
  org_guid: z.string(),
  type: z.enum(RULE_TYPES),
  name: z.string(),
  label: z.string(),
  category: z.literal('org'),
  config: storedAlertConfigSchema,
  updated_at: z.iso.datetime(),
});
export type OrgAlertTemplate = z.infer<typeof orgAlertTemplateSchema>;

const templateParams = orgParamsSchema.extend({ template_guid: guidSchema });

export const orgAlertTemplateOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/orgs/:org_guid/alert_templates',
    summary: "The organization's alert templates",
    tags: ['alerts'],
    params: orgParamsSchema,
    status: 200,
    response: z.object({ templates: z.array(orgAlertTemplateSchema) }),
  }),
  create: defineOperation({
    method: 'POST',
    path: '/orgs/:org_guid/alert_templates',
    summary: 'Add an alert template that watches every device of the organization',
    tags: ['alerts'],
    params: orgParamsSchema,
    body: orgAlertTemplateBodySchema,
    status: 201,
    response: z.object({ template: orgAlertTemplateSchema }),
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/orgs/:org_guid/alert_templates/:template_guid',
    summary: 'Change an alert template',
    tags: ['alerts'],
    params: templateParams,
    body: orgAlertTemplateBodySchema,
    status: 200,
    response: z.object({ template: orgAlertTemplateSchema }),
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/orgs/:org_guid/alert_templates/:template_guid',
    summary: 'Remove an alert template; its open alerts close',
    tags: ['alerts'],
    params: templateParams,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
  }),
};

/** The legacy alert settings (spec 2 §2.10 /alerts/config): Device Offline for every device. */
export const offlineAlertSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  notify_on_close: z.boolean().default(true),
  user_list: alertConfigSchema.shape.user_list,
  email_list: alertConfigSchema.shape.email_list,
});
export type OfflineAlertSettings = z.output<typeof offlineAlertSettingsSchema>;
export const alertSettingsSchema = z.object({ offline: offlineAlertSettingsSchema });
export type AlertSettings = z.output<typeof alertSettingsSchema>;
/** The settings as the server answers them (stored values, without the input's transforms). */
const alertSettingsResponseSchema = z.object({
  offline: offlineAlertSettingsSchema.extend({ email_list: z.array(z.string()) }),
});

export const alertSettingsOperations = {
  get: defineOperation({
    method: 'GET',
    path: '/orgs/:org_guid/alert_settings',
    summary: "The organization's legacy alert settings (Device Offline)",
    tags: ['alerts'],
    params: orgParamsSchema,
    status: 200,
    response: alertSettingsResponseSchema,
  }),
  save: defineOperation({
    method: 'PUT',
    path: '/orgs/:org_guid/alert_settings',
    summary: "Change the organization's legacy alert settings",
    tags: ['alerts'],
    params: orgParamsSchema,
    body: alertSettingsSchema,
    status: 200,
    response: alertSettingsResponseSchema,
  }),
};
