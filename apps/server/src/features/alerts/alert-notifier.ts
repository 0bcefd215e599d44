import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import { conditionSubject } from './alert-conditions.ts';
import type { AlertEngineRepository } from './alert-engine.repository.ts';
import type { AlertRow } from './alerts.repository.ts';

export type AlertNotice = { kind: 'raised'; observed: unknown } | { kind: 'closed'; by: 'auto' | 'person' };

/**
 * E-mails about alerts: to the rule's users who are members of the organization and to its addresses,
 * when an alert is raised, and when it closes (resolved, or closed by a person) if the rule asks. A
 * silenced alert sends nothing more. A failed send is logged and does not undo the change.
 */
export function createAlertNotifier(deps: {
  repository: AlertEngineRepository;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  return {
    async notify(alert: AlertRow, notice: AlertNotice) {
      if (alert.silenced || !alert.deviceGuid) return;
      if (notice.kind === 'closed' && !alert.notify.notify_on_close) return;
      const members = await deps.repository.memberEmails(alert.orgGuid, alert.notify.user_list);
      const recipients = [
        ...new Set([...members, ...alert.notify.email_list].map((email) => email.toLowerCase())),
      ];
      if (recipients.length === 0) return;
      const deviceName = await deps.repository.deviceName(alert.deviceGuid);
      const subject = conditionSubject(alert.type, alert.conditionKey ?? '');
      const what = subject ? `${alert.label} (${subject})` : alert.label;
      const link = `${deps.publicUrl}/devices/${alert.deviceGuid}`;
      const condition = alert.config.threshold_condition
        ? `\nCondition: ${alert.name} ${alert.config.threshold_condition} ${String(alert.config.threshold_value)}`
        : '';
      const message =
        notice.kind === 'raised'
          ? {
              subject: `Alert: ${what} on ${deviceName}`,
              text: `${what} on ${deviceName}.${condition}${notice.observed === undefined ? '' : `\nValue: ${String(notice.observed)}`}\n\nOpen the device: ${link}\n`,
            }
          : {
              subject: `${notice.by === 'auto' ? 'Resolved' : 'Closed'}: ${what} on ${deviceName}`,
              text: `${what} on ${deviceName} is ${notice.by === 'auto' ? 'resolved' : 'closed'}.${condition}\n\nOpen the device: ${link}\n`,
            };
      await Promise.all(
        recipients.map((to) =>
          deps.mailer.send({ to, ...message }).catch((error: unknown) =>
            // The error's text may quote the address: only its code is logged.
            deps.log.warn(
              { code: (error as { code?: unknown }).code, alertGuid: alert.alertGuid },
              'an alert e-mail could not be sent',
            ),
          ),
        ),
      );
    },
  };
}

export type AlertNotifier = ReturnType<typeof createAlertNotifier>;
