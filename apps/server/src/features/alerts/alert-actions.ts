import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import type { DeviceDomainEvent } from '../../shared/device-event-bus.ts';
import { type AlertRow, alertsRepository } from './alerts.repository.ts';

type AlertChange = Extract<DeviceDomainEvent, { type: 'device.alert' }>['change'];

/**
 * What a person does to an alert (spec 2 §4.4), once the route has checked their rights: silence or
 * unsilence an open alert; close one, which takes it off the current lists (the history keeps it) so
 * that its condition, if it still holds or comes back, raises a new one.
 */
export function createAlertActions(deps: { db: Db; emit: (alert: AlertRow, change: AlertChange) => void }) {
  const alerts = alertsRepository(deps.db);
  return {
    async silence(alert: AlertRow, silenced: boolean, userGuid: string) {
      const row = await alerts.setSilenced(alert.alertGuid, silenced, userGuid);
      if (!row)
        throw ApiError.conflict('This alert is closed: only open alerts can be silenced', 'ALERT_CLOSED');
      deps.emit(row, silenced ? 'silenced' : 'unsilenced');
      return row;
    },

    async close(alert: AlertRow, userGuid: string) {
      const row = await alerts.closeByPerson(alert.alertGuid, userGuid);
      if (!row) throw ApiError.notFound('Alert not found', 'ALERT_NOT_FOUND');
      // The e-mail listener tells of it when this closed it (closed_by names the person).
      deps.emit(row, 'closed');
      return row;
    },
  };
}

export type AlertActions = ReturnType<typeof createAlertActions>;
