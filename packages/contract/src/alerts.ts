import { z } from 'zod';
import { guidSchema, paginationQuerySchema, paginationTokenSchema } from './common.ts';
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
    threshold_value: z.number().optional(),
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
