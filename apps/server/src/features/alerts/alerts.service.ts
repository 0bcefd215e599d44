import {
  type AlertType,
  type alertHistoryQuerySchema,
  alertStoreStart,
  type listAlertsQuerySchema,
} from '@ec/contract/alerts';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, pageOf, timePageKey } from '../../http/pagination.ts';
import type { AlertActions } from './alert-actions.ts';
import { type AlertRow, alertsRepository } from './alerts.repository.ts';

export type AlertsService = ReturnType<typeof createAlertsService>;

export const alertNotFound = () => ApiError.notFound('Alert not found', 'ALERT_NOT_FOUND');
const pageKey = (row: AlertRow) => [row.timestamp.toISOString(), row.alertGuid];

/**
 * The alerts people see and act on (spec 2 §4.4, §7): an organization's current lists and history,
 * the active count for the bell, and silence, unsilence and close (the engine's actions, which tell the
 * bus). The routes check the caller's rights first.
 */
export function createAlertsService(deps: { db: Db; actions: AlertActions }) {
  const alerts = alertsRepository(deps.db);

  return {
    /** One page of an organization's current alerts of one type, newest first. */
    async list(orgGuid: string, alertType: AlertType, query: z.output<typeof listAlertsQuerySchema>) {
      const rows = await alerts.list({
        orgGuid,
        alertType,
        since: query.start_time,
        after: decodePageToken(query.pagination_token, timePageKey),
        limit: query.pagination_size + 1,
      });
      return pageOf(rows, query.pagination_size, pageKey);
    },

    /** One page of an organization's alerts of one type between two times, closed ones too. */
    async history(orgGuid: string, alertType: AlertType, query: z.output<typeof alertHistoryQuerySchema>) {
      const rows = await alerts.history({
        orgGuid,
        alertType,
        start: query.start_time ?? alertStoreStart(),
        end: query.end_time ?? new Date(),
        deviceGuids: query.device_guids,
        after: decodePageToken(query.pagination_token, timePageKey),
        limit: query.pagination_size + 1,
      });
      return pageOf(rows, query.pagination_size, pageKey);
    },

    /** A device's active alerts in its organization, newest first (its page's alert toolbar); none unadopted. */
    async activeOfDevice(device: { deviceGuid: string; orgGuid: string | null }) {
      if (!device.orgGuid) return [];
      return alerts.activeOfDevice(
        { deviceGuid: device.deviceGuid, orgGuid: device.orgGuid },
        alertStoreStart(),
      );
    },

    /** The organization's active alerts, for the bell. */
    activeCount: (orgGuid: string) => alerts.countActive({ orgGuid }, alertStoreStart()),

    /** A device alert of this device in its current organization; 404 for anything else. */
    async deviceAlert(device: { deviceGuid: string; orgGuid: string }, alertGuid: string) {
      const alert = await alerts.find(alertGuid);
      if (
        alert?.alertType !== 'device' ||
        alert.deviceGuid !== device.deviceGuid ||
        alert.orgGuid !== device.orgGuid
      )
        throw alertNotFound();
      return alert;
    },

    /** A legacy or other alert; 404 for anything else. */
    async otherAlert(alertGuid: string) {
      const alert = await alerts.find(alertGuid);
      if (alert?.alertType !== 'other') throw alertNotFound();
      return alert;
    },

    silence: deps.actions.silence,
    close: deps.actions.close,
  };
}
