import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { DeviceDomainEvent, DeviceEventBus } from '../../shared/device-event-bus.ts';
import type { Outbox } from '../outbox/outbox.service.ts';
import { conditionSubject } from './alert-conditions.ts';
import { alertEngineRepository } from './alert-engine.repository.ts';
import { type AlertRow, alertsRepository } from './alerts.repository.ts';

type AlertEvent = Extract<DeviceDomainEvent, { type: 'device.alert' }>;
type AlertNotice = { kind: 'raised'; observed: unknown } | { kind: 'closed'; by: 'auto' | 'person' };

/** closed_by holds a person's guid when a person closed the alert, else what the system did. */
const closedByPerson = (alert: AlertRow) => /^[0-9a-f-]{36}$/i.test(alert.closedBy ?? '');

/** What an alert event tells by e-mail, if anything. */
function noticeOf(event: AlertEvent, alert: AlertRow): AlertNotice | undefined {
  if (event.change === 'raised') return { kind: 'raised', observed: event.observed };
  if (event.change === 'resolved') return { kind: 'closed', by: 'auto' };
  // Closed by a person while open; a system close (rule gone, device forgotten) and the Close of an
  // alert already resolved (told then) send nothing.
  if (event.change === 'closed' && closedByPerson(alert)) return { kind: 'closed', by: 'person' };
  return undefined;
}

/**
 * Alert e-mails (decision 135), a listener of `device.alert` (decision 148): to the rule's users who are
 * members of the organization and to its addresses, when an alert is raised, and when it closes
 * (resolved, or closed by a person) if the rule asks. A silenced alert sends nothing more. The mails
 * go into the outbox, which delivers them; the event is emitted only by the process that made the
 * change, so each is stored once.
 */
export function startAlertMails(deps: {
  db: Db;
  bus: DeviceEventBus;
  outbox: Outbox;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const repository = alertEngineRepository(deps.db);
  const alerts = alertsRepository(deps.db);
  const pending = new Set<Promise<unknown>>();

  async function mail(event: AlertEvent) {
    const alert = await alerts.find(event.alertGuid);
    if (!alert?.deviceGuid || alert.silenced) return;
    const notice = noticeOf(event, alert);
    if (!notice) return;
    if (notice.kind === 'closed' && !alert.notify.notify_on_close) return;
    const members = await repository.memberEmails(alert.orgGuid, alert.notify.user_list);
    const recipients = [
      ...new Set([...members, ...alert.notify.email_list].map((email) => email.toLowerCase())),
    ];
    if (recipients.length === 0) return;
    const deviceName = await repository.deviceName(alert.deviceGuid);
    const subject = conditionSubject(alert.type, alert.conditionKey ?? '');
    const what = subject ? `${alert.label} (${subject})` : alert.label;
    const link = `${deps.publicUrl}/devices/${alert.deviceGuid}`;
    const condition = alert.config.threshold_condition
      ? `\nCondition: ${alert.name} ${alert.config.threshold_condition} ${String(alert.config.threshold_value)}`
      : '';
    const message =
      notice.kind === 'raised'
        ? {
            kind: 'alert.raised',
            subject: `Alert: ${what} on ${deviceName}`,
            text: `${what} on ${deviceName}.${condition}${notice.observed === undefined ? '' : `\nValue: ${String(notice.observed)}`}\n\nOpen the device: ${link}\n`,
          }
        : {
            kind: 'alert.closed',
            subject: `${notice.by === 'auto' ? 'Resolved' : 'Closed'}: ${what} on ${deviceName}`,
            text: `${what} on ${deviceName} is ${notice.by === 'auto' ? 'resolved' : 'closed'}.${condition}\n\nOpen the device: ${link}\n`,
          };
    await deps.outbox.send(recipients.map((to) => ({ to, ...message })));
  }

  const stop = deps.bus.on('device.alert', (event) => {
    const work = mail(event).catch((error: unknown) =>
      deps.log.error({ err: error, alertGuid: event.alertGuid }, 'alerts: storing an alert e-mail failed'),
    );
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });

  return {
    /** Stops listening and waits for the mails being stored. */
    async stop() {
      stop();
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type AlertMails = ReturnType<typeof startAlertMails>;
