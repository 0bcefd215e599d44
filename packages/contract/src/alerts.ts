import { z } from 'zod';
import { activeAlertCountOperation } from './alert-count.ts';
import {
  deviceGuidsQuery,
  guidSchema,
  optionalTimeQuery,
  paginationQuerySchema,
  paginationTokenSchema,
  startNotAfterEnd,
} from './common.ts';
import { defineOperation, type Operation } from './operations.ts';

/** Alerts (spec 2 §2.10, §3, §4.4, §7): raised on a device ('device') or by the legacy settings ('other'). */

/** The alert store's page size (spec 2 §9). */
export const ALERT_PAGE_SIZE = 50;
/** The active alerts table's rows (spec 2 §9), and the page the alert bell reads them in. */
export const ACTIVE_ALERTS_MAX_ROWS = 1000;

export const ALERT_TYPES = ['device', 'other'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const alertSchema = z.object({
  alert_guid: z.string(),
  device_guid: z.string().nullable(),
  alert_type: z.enum(ALERT_TYPES),
  type: z.string(),
  name: z.string(),
  label: z.string(),
  category: z.string(),
  alert_state: z.string(),
  config: z.object({
    /** A number for a metric; a state (RUNNING, FORMAT_UNDEFINED, false) for an input, output or encoder. */
    threshold_value: z.union([z.number(), z.string(), z.boolean()]).optional(),
    threshold_condition: z.string().optional(),
  }),
  timestamp: z.iso.datetime(),
  last_status_change: z.iso.datetime().nullable(),
  resolved: z.boolean(),
  silenced: z.boolean(),
  silenced_toggled_by: z.string().nullable(),
  silenced_timestamp: z.iso.datetime().nullable(),
  /** auto, disabled, alert_disabled, shadow_removal, or the user who closed it. */
  closed_by: z.string().nullable(),
  legacy: z.boolean(),
});
export type Alert = z.infer<typeof alertSchema>;

/** Active alerts are those neither resolved nor silenced (spec 2 §4.4): the bell counts these. */
export const isActiveAlert = (alert: Pick<Alert, 'resolved' | 'silenced'>): boolean =>
  !alert.resolved && !alert.silenced;

/** An alert's state as the console labels it (spec 2 §4.4). */
export const alertStateLabel = (
  alert: Pick<Alert, 'resolved' | 'silenced'>,
): 'Resolved' | 'Silenced' | 'Unresolved' =>
  alert.resolved ? 'Resolved' : alert.silenced ? 'Silenced' : 'Unresolved';

/** The store looks back one month (spec 2 §4.4, §9). */
export function alertStoreStart(now = new Date()): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - 1);
  return start;
}

export const listAlertsQuerySchema = paginationQuerySchema.extend({
  org_guid: guidSchema.optional(),
  pagination_size: paginationQuerySchema.shape.pagination_size.default(ALERT_PAGE_SIZE),
  start_time: z.iso
    .datetime({ offset: true, error: 'Must be an ISO 8601 date and time, e.g. 2026-01-31T12:00:00Z' })
    .optional()
    .describe('Oldest alert timestamp to list; one month ago when absent')
    .transform((value) => (value ? new Date(value) : alertStoreStart())),
});
export type ListAlertsQuery = z.input<typeof listAlertsQuerySchema>;

export const listAlertsResponseSchema = z.object({
  alerts: z.array(alertSchema),
  pagination_token: paginationTokenSchema,
});
export type ListAlertsResponse = z.infer<typeof listAlertsResponseSchema>;

const listAlerts = (path: `/${string}`, summary: string) =>
  defineOperation({
    method: 'GET',
    path,
    summary,
    tags: ['alerts'],
    query: listAlertsQuerySchema,
    status: 200,
    response: listAlertsResponseSchema,
  });

/** GET /alerts (legacy and other alerts) and GET /device_alerts (spec 2 §7), one per alert type. */
export const alertOperations = {
  other: listAlerts('/alerts', "The organization's legacy and other alerts since start_time, newest first"),
  device: listAlerts('/device_alerts', "The organization's device alerts since start_time, newest first"),
} satisfies Record<AlertType, Operation>;

/** The current alerts table of the alerts page (spec 2 §9) and the look-back of its two lists (§4.4). */
export const ALERTS_TABLE_MAX_ROWS = 200;
export const ALERT_PAGE_LOOKBACK_MS = 5 * 24 * 60 * 60_000;
/** Devices one history query may name. */
export const ALERT_HISTORY_DEVICES_MAX = 100;

/**
 * How long a condition must hold before it raises an alert, by what it watches: a metric sample is
 * already a minute's reading; a state (an input's format, an output's or encoder's status) must last
 * 30 s so that a restart does not alert; a device must stay offline a minute (a reconnect does not).
 */
export const ALERT_HOLD_SECONDS = { metric: 0, inputs: 30, outputs: 30, encoders: 30, offline: 60 } as const;

/** Why an alert was closed when no person closed it (spec 2 §3). */
export const SYSTEM_CLOSERS = ['auto', 'disabled', 'alert_disabled', 'shadow_removal'] as const;

/** GET /alerts/history and /device_alerts/history (spec 2 §7): every alert, closed ones too. */
export const alertHistoryQuerySchema = paginationQuerySchema
  .extend({
    org_guid: guidSchema.optional(),
    pagination_size: paginationQuerySchema.shape.pagination_size.default(ALERT_PAGE_SIZE),
    start_time: optionalTimeQuery('Oldest alert to list; one month ago when absent'),
    end_time: optionalTimeQuery('Newest alert to list; now when absent'),
    device_guids: deviceGuidsQuery(ALERT_HISTORY_DEVICES_MAX)
      .optional()
      .describe('Only these devices (comma list or repeated)'),
  })
  .refine(...startNotAfterEnd);
export type AlertHistoryQuery = z.input<typeof alertHistoryQuerySchema>;

/** PATCH: silence or unsilence (spec 2 §4.4). */
export const silenceAlertBodySchema = z.object({
  silenced: z.boolean({ error: 'silenced must be true or false' }),
});
export const alertResponseSchema = z.object({ alert: alertSchema });
const deviceAlertParams = z.object({ device_guid: guidSchema });
const deviceAlertQuery = z.object({ alert_guid: guidSchema });
const otherAlertParams = z.object({ alert_guid: guidSchema });

const alertHistory = (path: `/${string}`, summary: string) =>
  defineOperation({
    method: 'GET',
    path,
    summary,
    tags: ['alerts'],
    query: alertHistoryQuerySchema,
    status: 200,
    response: listAlertsResponseSchema,
  });

/**
 * A device's active alerts of both types in its organization, newest first: the device page's alert
 * toolbar and status (spec 2 §2.5, §4.2; decision 165). Anyone who may view the device reads them.
 */
export const deviceActiveAlertsResponseSchema = z.object({ alerts: z.array(alertSchema) });

/** Silence, unsilence and close (spec 2 §7): a device alert by its device, another by its guid. */
export const alertActionOperations = {
  deviceActive: defineOperation({
    method: 'GET',
    path: '/device_alerts/:device_guid',
    summary: "A device's active alerts (neither resolved nor silenced), newest first",
    tags: ['alerts'],
    params: deviceAlertParams,
    status: 200,
    response: deviceActiveAlertsResponseSchema,
  }),
  silence: {
    device: defineOperation({
      method: 'PATCH',
      path: '/device_alerts/:device_guid',
      summary: 'Silence or unsilence a device alert',
      tags: ['alerts'],
      params: deviceAlertParams,
      query: deviceAlertQuery,
      body: silenceAlertBodySchema,
      status: 200,
      response: alertResponseSchema,
    }),
    other: defineOperation({
      method: 'PATCH',
      path: '/alerts/:alert_guid',
      summary: 'Silence or unsilence a legacy or other alert',
      tags: ['alerts'],
      params: otherAlertParams,
      body: silenceAlertBodySchema,
      status: 200,
      response: alertResponseSchema,
    }),
  },
  close: {
    device: defineOperation({
      method: 'DELETE',
      path: '/device_alerts/:device_guid',
      summary: 'Close a device alert: it leaves the current lists and may be raised again',
      tags: ['alerts'],
      params: deviceAlertParams,
      query: deviceAlertQuery,
      status: 200,
      response: alertResponseSchema,
    }),
    other: defineOperation({
      method: 'DELETE',
      path: '/alerts/:alert_guid',
      summary: 'Close a legacy or other alert: it leaves the current lists and may be raised again',
      tags: ['alerts'],
      params: otherAlertParams,
      status: 200,
      response: alertResponseSchema,
    }),
  },
  history: {
    device: alertHistory('/device_alerts/history', "The organization's device alerts, closed ones too"),
    other: alertHistory('/alerts/history', "The organization's legacy and other alerts, closed ones too"),
  },
  activeCount: activeAlertCountOperation,
} satisfies Record<string, Operation | Record<AlertType, Operation>>;

/** The same calls under names of their own, as the API client (packages/client) lists them. */
export const alertActionCalls = {
  deviceActiveAlerts: alertActionOperations.deviceActive,
  silenceDeviceAlert: alertActionOperations.silence.device,
  silenceAlert: alertActionOperations.silence.other,
  closeDeviceAlert: alertActionOperations.close.device,
  closeAlert: alertActionOperations.close.other,
  deviceAlertHistory: alertActionOperations.history.device,
  alertHistory: alertActionOperations.history.other,
  activeCount: alertActionOperations.activeCount,
} satisfies Record<string, Operation>;
