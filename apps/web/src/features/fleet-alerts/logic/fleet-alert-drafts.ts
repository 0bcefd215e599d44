import {
  type FleetAlertTemplate,
  type SaveFleetAlertsBody,
  saveFleetAlertsBodySchema,
} from '@ec/contract/fleet-templates';
import { type AlertType, alertConfigForType } from '@ec/contract/shadow-documents/alerts';
import { zodIssues } from '@ec/contract/shadow-documents/fields';
import { type AlertDraft, issuesByDraft } from '../../../lib/shadows/alert-drafts';

/**
 * The fleet Alerts tab's working copy (spec 2 §2.6, §7): edits stay here until Save, which sends the
 * whole list. A draft's key is its alert_guid: a new alert gets a generated one at once.
 */

/** A saved template in the alert editor's shape. */
export const fleetAlertDraft = (template: FleetAlertTemplate): AlertDraft => ({
  key: template.alert_guid,
  alert_guid: template.alert_guid,
  type: template.type,
  name: template.name,
  label: template.label,
  category: 'fleet',
  fleet_guid: template.fleet_guid,
  alert_state: template.alert_state,
  config: template.config,
});

/** A created alert joins the fleet's list with a generated guid and category fleet (spec 2 §7). */
export function newFleetAlert(
  alert: AlertDraft,
  fleetGuid: string,
  guid: string = crypto.randomUUID(),
): AlertDraft {
  return {
    ...alert,
    key: guid,
    alert_guid: guid,
    category: 'fleet',
    fleet_guid: fleetGuid,
    alert_state: null,
  };
}

/** Changing the type resets the config to that type's defaults, turned off (spec 2 §7). */
export const withType = (draft: AlertDraft, type: AlertType): AlertDraft =>
  draft.type === type ? draft : { ...draft, type, config: alertConfigForType(type) };

/** The body of Save: every alert of the working copy, in its order. */
export const fleetAlertsBody = (drafts: readonly AlertDraft[]): SaveFleetAlertsBody => ({
  alerts: drafts.map((draft) => ({
    alert_guid: draft.alert_guid ?? draft.key,
    type: draft.type,
    name: draft.name,
    label: draft.label,
    config: draft.config,
  })),
});

/** The contract's messages for the working copy, by draft key and the field's path inside it. */
export function fleetAlertIssues(drafts: readonly AlertDraft[]): Map<string, Map<string, string>> {
  const parsed = saveFleetAlertsBodySchema.safeParse(fleetAlertsBody(drafts));
  return parsed.success ? new Map() : issuesByDraft(drafts, zodIssues(parsed.error));
}

/** Whether the working copy differs from the saved list. */
export const fleetAlertsChanged = (drafts: readonly AlertDraft[], saved: readonly AlertDraft[]) =>
  JSON.stringify(fleetAlertsBody(drafts)) !== JSON.stringify(fleetAlertsBody(saved));
