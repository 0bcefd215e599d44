import { z } from 'zod';
import { guidSchema, okResponseSchema } from './common.ts';
import { fleetParamsSchema } from './fleets.ts';
import { defineOperation } from './operations.ts';
import {
  alertConfigSchema,
  alertRuleFields,
  metricThresholdIsNumber,
  ALERT_TYPES as RULE_TYPES,
} from './shadow-documents/alerts.ts';
import { fleetDriftResponseSchema } from './shadow-drift.ts';
import {
  listShadowTemplatesQuerySchema,
  saveShadowTemplatesBodySchema,
  shadowTemplatesResponseSchema,
} from './shadow-templates.ts';

/**
 * A fleet's templates (spec 2 §2.6 Alerts, §4.12; spec 3 §7): its alert templates, which watch every
 * device of the fleet, and its shadow templates beside the organization's.
 */

/** A fleet holds at most this many alert templates (as an organization does). */
export const FLEET_ALERT_TEMPLATES_MAX = 100;

export const FLEET_ALERT_ERRORS = {
  tooMany: `A fleet can have at most ${FLEET_ALERT_TEMPLATES_MAX} alert templates`,
  repeated: 'Each alert may be listed once',
  takenElsewhere: 'This alert_guid belongs to another fleet',
} as const;

/**
 * One fleet alert template as the Alerts tab saves it (spec 2 §3): a rule of category fleet with the
 * device alert's fields and validation (spec 3 §3.6, §5). A new alert carries the guid the browser
 * generated for it (spec 2 §7).
 */
export const fleetAlertTemplateBodySchema = z
  .object({ alert_guid: guidSchema, ...alertRuleFields, config: alertConfigSchema })
  .superRefine(metricThresholdIsNumber);
export type FleetAlertTemplateBody = z.input<typeof fleetAlertTemplateBodySchema>;

/** PUT /fleets/{fleet_guid}/alerts: the whole list; alerts left out are removed (spec 2 §7). */
export const saveFleetAlertsBodySchema = z.object({
  alerts: z
    .array(fleetAlertTemplateBodySchema, { error: 'List the alerts' })
    .max(FLEET_ALERT_TEMPLATES_MAX, FLEET_ALERT_ERRORS.tooMany)
    .refine((alerts) => new Set(alerts.map((alert) => alert.alert_guid)).size === alerts.length, {
      message: FLEET_ALERT_ERRORS.repeated,
    }),
});
export type SaveFleetAlertsBody = z.input<typeof saveFleetAlertsBodySchema>;

export const fleetAlertTemplateSchema = z.object({
  alert_guid: z.string(),
  fleet_guid: z.string(),
  type: z.enum(RULE_TYPES),
  name: z.string(),
  label: z.string(),
  category: z.literal('fleet'),
  config: alertConfigSchema.extend({ email_list: z.array(z.string()) }),
  /** ALARM while an alert raised from it is open on a device of the fleet, else OK. */
  alert_state: z.enum(['OK', 'ALARM']),
  updated_at: z.iso.datetime(),
});
export type FleetAlertTemplate = z.infer<typeof fleetAlertTemplateSchema>;

export const fleetAlertsResponseSchema = z.object({ alerts: z.array(fleetAlertTemplateSchema) });

const tags = ['fleets'];

export const fleetTemplateOperations = {
  listAlerts: defineOperation({
    method: 'GET',
    path: '/fleets/:fleet_guid/alerts',
    summary: "The fleet's alert templates, which watch every device of the fleet",
    tags,
    params: fleetParamsSchema,
    status: 200,
    response: fleetAlertsResponseSchema,
  }),
  saveAlerts: defineOperation({
    method: 'PUT',
    path: '/fleets/:fleet_guid/alerts',
    summary: "Save the fleet's whole alert template list (fleet editors); alerts left out are removed",
    tags,
    params: fleetParamsSchema,
    body: saveFleetAlertsBodySchema,
    status: 200,
    response: fleetAlertsResponseSchema,
  }),
  listShadowTemplates: defineOperation({
    method: 'GET',
    path: '/fleets/:fleet_guid/shadow_templates',
    summary: "The fleet's shadow templates, optionally only those named or of one shadow",
    tags,
    params: fleetParamsSchema,
    query: listShadowTemplatesQuerySchema,
    status: 200,
    response: shadowTemplatesResponseSchema,
  }),
  saveShadowTemplates: defineOperation({
    method: 'POST',
    path: '/fleets/:fleet_guid/shadow_templates',
    summary:
      "Create or change the fleet's shadow templates (fleet editors): by template_guid, else by shadow and name",
    tags,
    params: fleetParamsSchema,
    body: saveShadowTemplatesBodySchema,
    status: 200,
    response: shadowTemplatesResponseSchema,
  }),
  deleteShadowTemplate: defineOperation({
    method: 'DELETE',
    path: '/fleets/:fleet_guid/shadow_templates/:template_guid',
    summary: "Delete one of the fleet's shadow templates (fleet editors)",
    tags,
    params: fleetParamsSchema.extend({ template_guid: guidSchema }),
    status: 200,
    response: okResponseSchema,
  }),
  drift: defineOperation({
    method: 'GET',
    path: '/fleets/:fleet_guid/drift',
    summary:
      "Each device of the fleet against the fleet's newest template of each shadow: in sync, drifting (with the differences, secrets hidden) or unknown",
    tags,
    params: fleetParamsSchema,
    status: 200,
    response: fleetDriftResponseSchema,
  }),
};
