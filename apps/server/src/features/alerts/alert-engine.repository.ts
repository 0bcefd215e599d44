import { and, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { alertConditions, alerts } from '../../db/tables/alerts.schema.ts';
import { users } from '../../db/tables/auth.schema.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { orgUsers } from '../../db/tables/orgs.schema.ts';
import { shadows } from '../../db/tables/shadows.schema.ts';
import type { DeviceService } from '../../device-core/devices/device.service.ts';
import type { ConditionReading } from './alert-conditions.ts';
import type { AlertRule } from './alert-rules.ts';
import type { AlertRow } from './alerts.repository.ts';
import { orgAlertRulesRepository } from './org-alert-rules.repository.ts';

/** What a condition row keeps to raise its alert later: the rule and the value that breached it. */
interface HeldCondition {
  rule: AlertRule;
  observed: unknown;
}

/** A raised alert with the value that raised it (for the e-mail). */
export interface RaisedAlert {
  alert: AlertRow;
  observed: unknown;
}

const text = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** The rule a condition key names: its text up to the first ':' (alert-rules.ts, ruleIdOf). */
const ruleIdSql = (key: SQL | typeof alerts.conditionKey) => sql`split_part(${key}, ':', 1)`;

export interface Evaluation {
  deviceGuid: string;
  orgGuid: string;
  readings: readonly (ConditionReading & { holdMs: number })[];
  /** Rules whose every condition was answered: a stored condition of theirs that was not, cleared. */
  completeRuleIds: readonly string[];
  enabledRuleIds: readonly string[];
  disabledDeviceRuleIds: readonly string[];
}

const message = (alert: AlertRow, what: string) => `${alert.label} ${what}`;

/** Writes alerts raised or resolved in the devices' events, in the engine's transaction (the device core's). */
export type RecordAlerts = DeviceService['recordAlerts'];

/** One device_alert event per change in the device's events (spec 2 §2.9). */
const recordEvents = (record: RecordAlerts, tx: Db, rows: readonly AlertRow[], what: string) =>
  record(
    tx,
    rows.flatMap((alert) =>
      alert.deviceGuid
        ? [
            {
              deviceGuid: alert.deviceGuid,
              orgGuid: alert.orgGuid,
              alertGuid: alert.alertGuid,
              message: message(alert, what),
            },
          ]
        : [],
    ),
  );

/** A device with what its rules are judged on; undefined when no organization holds it. */
async function loadDevice(db: Db, deviceGuid: string) {
  const [device] = await db
    .select({
      orgGuid: devices.orgGuid,
      online: devices.online,
      onlineChangedAt: devices.onlineChangedAt,
    })
    .from(devices)
    .where(eq(devices.deviceGuid, deviceGuid));
  if (!device?.orgGuid) return undefined;
  const orgGuid = device.orgGuid;
  const rules = orgAlertRulesRepository(db);
  const [documents, templates, settings] = await Promise.all([
    db
      .select({ name: shadows.shadowName, state: shadows.reportedState })
      .from(shadows)
      .where(
        and(
          eq(shadows.deviceGuid, deviceGuid),
          inArray(shadows.shadowName, ['Alerts', 'Inputs', 'Outputs', 'Encoders']),
        ),
      ),
    rules.listTemplates(orgGuid),
    rules.settings(orgGuid),
  ]);
  const byName = Object.fromEntries(documents.map((document) => [document.name, document.state]));
  return {
    ...device,
    orgGuid,
    documents: { Inputs: byName.Inputs, Outputs: byName.Outputs, Encoders: byName.Encoders },
    alertsShadow: byName.Alerts,
    templates,
    offline: settings.offline,
  };
}

export type JudgedDevice = NonNullable<Awaited<ReturnType<typeof loadDevice>>>;

/**
 * Stores one evaluation in one transaction: alerts of rules that no longer apply close (why: the
 * device's rule turned off, removed from its shadow, or a template or setting gone), alerts whose
 * condition cleared resolve, and the conditions that hold are kept with the time their alert is due.
 * A condition that still holds after its alert was closed by a person is due again after its hold.
 */
async function applyEvaluation(db: Db, evaluation: Evaluation, record: RecordAlerts) {
  const { deviceGuid, orgGuid } = evaluation;
  const holding = evaluation.readings.filter((reading) => reading.holds);
  const holdingKeys = holding.map((reading) => reading.key);
  const clearedKeys = evaluation.readings.filter((reading) => !reading.holds).map((reading) => reading.key);
  const gone = (key: SQL | typeof alerts.conditionKey) =>
    sql`${ruleIdSql(key)} <> all(${text(evaluation.enabledRuleIds)})`;
  const cleared = (key: SQL | typeof alerts.conditionKey) =>
    sql`(${key} = any(${text(clearedKeys)}) or (${ruleIdSql(key)} = any(${text(evaluation.completeRuleIds)}) and ${key} <> all(${text(holdingKeys)})))`;
  const openOfDevice = and(
    eq(alerts.deviceGuid, deviceGuid),
    isNull(alerts.closedAt),
    sql`${alerts.conditionKey} is not null`,
  );

  return db.transaction(async (tx) => {
    const closed = await tx
      .update(alerts)
      .set({
        // No longer watched: it reads Resolved, and counts as active nowhere.
        resolved: true,
        closedBy: sql`case
          when ${alerts.category} <> 'device' then 'disabled'
          when ${ruleIdSql(alerts.conditionKey)} = any(${text(evaluation.disabledDeviceRuleIds)}) then 'alert_disabled'
          else 'shadow_removal' end`,
        closedAt: sql`now()`,
        lastStatusChange: sql`now()`,
      })
      .where(and(openOfDevice, gone(alerts.conditionKey)))
      .returning();
    const resolved = await tx
      .update(alerts)
      .set({
        resolved: true,
        alertState: 'OK',
        closedBy: 'auto',
        closedAt: sql`now()`,
        lastStatusChange: sql`now()`,
      })
      .where(and(openOfDevice, cleared(alerts.conditionKey)))
      .returning();
    await tx
      .delete(alertConditions)
      .where(
        and(
          eq(alertConditions.deviceGuid, deviceGuid),
          sql`(${gone(sql`${alertConditions.conditionKey}`)} or ${cleared(sql`${alertConditions.conditionKey}`)})`,
        ),
      );
    if (holding.length > 0) {
      const column = <T>(pick: (reading: (typeof holding)[number]) => T) => sql.param(holding.map(pick));
      await tx.execute(sql`
        insert into alert_conditions (device_guid, condition_key, org_guid, rule, held_since, due_at, updated_at)
        select ${deviceGuid}::uuid, h.key, ${orgGuid}::uuid, h.rule, coalesce(h.since, now()),
               coalesce(h.since, now()) + h.hold_ms * interval '1 millisecond', now()
          from unnest(
            ${column((r) => r.key)}::text[],
            ${column((r) => JSON.stringify({ rule: r.rule, observed: r.observed } satisfies HeldCondition))}::jsonb[],
            ${column((r) => r.since?.toISOString() ?? null)}::timestamptz[],
            ${column((r) => r.holdMs)}::double precision[]
          ) as h(key, rule, since, hold_ms)
        on conflict (device_guid, condition_key) do update
          set rule = excluded.rule,
              org_guid = excluded.org_guid,
              updated_at = now(),
              due_at = case
                when alert_conditions.due_at is not null then alert_conditions.due_at
                when exists (
                  select 1 from alerts a
                   where a.device_guid = alert_conditions.device_guid
                     and a.condition_key = alert_conditions.condition_key
                     and a.closed_at is null
                ) then null
                else now() + (excluded.due_at - excluded.held_since)
              end
      `);
    }
    await recordEvents(record, tx, resolved, 'resolved');
    return { closed, resolved };
  });
}

/** The alert engine's SQL: conditions held, alerts raised, resolved and closed by the system. */
export function alertEngineRepository(db: Db) {
  return {
    /**
     * Judges a device in one transaction that holds the device's alert lock: two processes judging one
     * device take turns, so neither stores a judgement made on what the other has since changed (a
     * device read online, then resolving the Device Offline alert raised meanwhile). The lock is an
     * advisory one: the ingest's writes to the device do not wait for it.
     */
    judgeDevice(deviceGuid: string, judge: (device: JudgedDevice) => Evaluation, record: RecordAlerts) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${deviceGuid}`}))`);
        const device = await loadDevice(tx, deviceGuid);
        return device ? { device, ...(await applyEvaluation(tx, judge(device), record)) } : undefined;
      });
    },

    /**
     * Raises the alerts that are due (of one device, or all): each due condition is claimed (its due
     * time cleared) and its alert inserted in one transaction. The unique index on open alerts keeps
     * one alert per condition whichever process gets there; only the inserted ones are answered.
     */
    async raiseDue(record: RecordAlerts, deviceGuid?: string): Promise<RaisedAlert[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .update(alertConditions)
          .set({ dueAt: null })
          .where(
            and(
              lte(alertConditions.dueAt, sql`now()`),
              deviceGuid ? eq(alertConditions.deviceGuid, deviceGuid) : undefined,
            ),
          )
          .returning();
        if (due.length === 0) return [];
        const raised = await tx
          .insert(alerts)
          .values(
            due.map((condition) => {
              const { rule } = condition.rule as unknown as HeldCondition;
              return {
                orgGuid: condition.orgGuid,
                deviceGuid: condition.deviceGuid,
                alertType: rule.alertType,
                type: rule.kind,
                name: rule.name,
                label: rule.label,
                category: rule.category,
                alertState: 'ALARM',
                // A state threshold is text or a flag: the alert shows it as the rule says it.
                config: {
                  threshold_value: rule.threshold?.value as number | undefined,
                  threshold_condition: rule.threshold?.condition,
                },
                lastStatusChange: sql`now()`,
                legacy: rule.legacy,
                conditionKey: condition.conditionKey,
                notify: rule.notify,
              };
            }),
          )
          .onConflictDoNothing({
            target: [alerts.deviceGuid, alerts.conditionKey],
            where: sql`closed_at is null`,
          })
          .returning();
        await recordEvents(record, tx, raised, 'raised');
        const held = new Map(
          due.map((condition) => [`${condition.deviceGuid} ${condition.conditionKey}`, condition]),
        );
        return raised.map((alert) => ({
          alert,
          observed: (held.get(`${alert.deviceGuid} ${alert.conditionKey}`)?.rule as unknown as HeldCondition)
            ?.observed,
        }));
      });
    },

    /** A forgotten device: its open alerts close (resolved: nobody watches them) and its conditions are dropped. */
    async closeAllOfDevice(deviceGuid: string) {
      return db.transaction(async (tx) => {
        await tx.delete(alertConditions).where(eq(alertConditions.deviceGuid, deviceGuid));
        return tx
          .update(alerts)
          .set({ resolved: true, closedBy: 'disabled', closedAt: sql`now()`, lastStatusChange: sql`now()` })
          .where(and(eq(alerts.deviceGuid, deviceGuid), isNull(alerts.closedAt)))
          .returning();
      });
    },

    /** The organization's devices, judged again when its templates or settings change. */
    async devicesOf(orgGuid: string) {
      const rows = await db
        .select({ deviceGuid: devices.deviceGuid })
        .from(devices)
        .where(eq(devices.orgGuid, orgGuid));
      return rows.map((row) => row.deviceGuid);
    },

    /** The device as people know it: its name, else its serial number. */
    async deviceName(deviceGuid: string) {
      const [row] = await db
        .select({ name: devices.deviceName, serial: devices.serialNumber })
        .from(devices)
        .where(eq(devices.deviceGuid, deviceGuid));
      return row?.name || row?.serial || deviceGuid;
    },

    /** The addresses of those of `userGuids` who are members of the organization. */
    async memberEmails(orgGuid: string, userGuids: readonly string[]) {
      const guids = userGuids.filter((guid) => /^[0-9a-f-]{36}$/i.test(guid));
      if (guids.length === 0) return [];
      const rows = await db
        .select({ email: users.email })
        .from(orgUsers)
        .innerJoin(users, eq(users.userGuid, orgUsers.userGuid))
        .where(and(eq(orgUsers.orgGuid, orgGuid), inArray(orgUsers.userGuid, guids)));
      return rows.map((row) => row.email);
    },
  };
}

export type AlertEngineRepository = ReturnType<typeof alertEngineRepository>;
