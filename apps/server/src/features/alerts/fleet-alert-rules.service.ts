import { FLEET_ALERT_ERRORS, type FleetAlertTemplateBody } from '@ec/contract/fleet-templates';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AlertEngine } from './alert-engine.ts';
import { fleetAlertRulesRepository } from './fleet-alert-rules.repository.ts';

export type FleetAlertRulesService = ReturnType<typeof createFleetAlertRulesService>;

/**
 * A fleet's alert templates (spec 2 §2.6 Alerts, §7): read by whoever sees the fleet, saved as a whole
 * list by its editors. A save has the fleet's devices judged again (not waited for).
 */
export function createFleetAlertRulesService(deps: {
  db: Db;
  engine: Pick<AlertEngine, 'reevaluateDevices'>;
}) {
  const rules = fleetAlertRulesRepository(deps.db);

  return {
    list: (fleetGuid: string) => rules.list(fleetGuid),

    async save(fleetGuid: string, templates: readonly FleetAlertTemplateBody[], userGuid: string) {
      if (!(await rules.replace(fleetGuid, templates, userGuid)))
        throw ApiError.conflict(FLEET_ALERT_ERRORS.takenElsewhere, 'ALERT_GUID_TAKEN');
      void deps.engine.reevaluateDevices(await rules.devicesOf(fleetGuid), `fleet ${fleetGuid}`);
      return rules.list(fleetGuid);
    },
  };
}
