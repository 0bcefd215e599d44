import { and, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { inGuids } from '../../db/sql-helpers.ts';
import { alertConditions, alerts } from '../../db/tables/alerts.schema.ts';
import { users } from '../../db/tables/auth.schema.ts';
import { devices } from '../../db/tables/devices.schema.ts';
import { orgUsers } from '../../db/tables/orgs.schema.ts';
import { shadows } from '../../db/tables/shadows.schema.ts';
import type { DeviceService } from '../../device-core/devices/device.service.ts';
import type { ConditionReading } from './alert-conditions.ts';
import type { AlertRule } from './alert-rules.ts';
import type { AlertRow } from './alerts.repository.ts';
import { fleetAlertRulesRepository } from './fleet-alert-rules.repository.ts';
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
const ruleIdSql = (key: SQL) => sql`split_part(${key}, ':', 1)`;

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

const WATCHED_DOCUMENTS = ['Alerts', 'Inputs', 'Outputs', 'Encoders'];

/** Devices with what their rules are judged on; a device no organization holds is left out. */
async function loadDevices(db: Db, deviceGuids: readonly string[]) {
  const held = (
    await db
      .select({
        deviceGuid: devices.deviceGuid,
        orgGuid: devices.orgGuid,
        online: devices.online,
        onlineChangedAt: devices.onlineChangedAt,
      })
      .from(devices)
      .where(inGuids(devices.deviceGuid, deviceGuids))
  ).flatMap(({ orgGuid, ...device }) => (orgGuid ? [{ ...device, orgGuid }] : []));
  if (held.length === 0) return [];
  const orgGuids = [...new Set(held.map((device) => device.orgGuid))];
  const rules = orgAlertRulesRepository(db);
  const documents = await db
    .select({ deviceGuid: shadows.deviceGuid, name: shadows.shadowName, state: shadows.reportedState })
    .from(shadows)
    .where(
      and(
        inGuids(
          shadows.deviceGuid,
          held.map((device) => device.deviceGuid),
        ),
        inArray(shadows.shadowName, WATCHED_DOCUMENTS),
      ),
    );
  const templates = await rules.templatesOf(orgGuids);
  const settings = await rules.settingsOf(orgGuids);
  const fleetTemplates = await fleetAlertRulesRepository(db).ofDevices(
    held.map((device) => device.deviceGuid),
  );
  return held.map((device) => {
    const byName = Object.fromEntries(
      documents
        .filter((document) => document.deviceGuid === device.deviceGuid)
        .map((document) => [document.name, document.state]),
    );
    return {
      ...device,
      documents: { Inputs: byName.Inputs, Outputs: byName.Outputs, Encoders: byName.Encoders },
      alertsShadow: byName.Alerts,
      templates: templates.filter((template) => template.orgGuid === device.orgGuid),
      fleetTemplates: fleetTemplates.filter((template) => template.deviceGuid === device.deviceGuid),
      offline: settings.get(device.orgGuid)!.offline,
    };
  });
}

export type JudgedDevice = Awaited<ReturnType<typeof loadDevices>>[number];

/**
 * The evaluations as a table `ev` for statements that judge many devices at once: per device, the
 * rules enabled, the device rules disabled, the condition keys that cleared, the rules whose every
 * condition was answered, and the keys that hold.
 */
function evaluationsTable(evaluations: readonly Evaluation[]) {
  const rows = evaluations.map((evaluation) => ({
    device_guid: evaluation.deviceGuid,
    enabled: evaluation.enabledRuleIds,
    disabled: evaluation.disabledDeviceRuleIds,
    cleared: evaluation.readings.filter((reading) => !reading.holds).map((reading) => reading.key),
    complete: evaluation.completeRuleIds,
    holding: evaluation.readings.filter((reading) => reading.holds).map((reading) => reading.key),
  }));
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ev(device_guid uuid, enabled text[], disabled text[], cleared text[], complete text[], holding text[])`;
}

/**
 * Stores the evaluations of many devices in a few statements of the caller's transaction: alerts of
 * rules that no longer apply close (why: the device's rule turned off, removed from its shadow, or a
 * template or setting gone), alerts whose condition cleared resolve, and the conditions that hold are
 * kept with the time their alert is due. A condition that still holds after its alert was closed by a
 * person is due again after its hold.
 */
async function applyEvaluations(tx: Db, evaluations: readonly Evaluation[], record: RecordAlerts) {
  // Qualified by hand: inside the subquery an unqualified device_guid would name ev's own.
  const [alertDevice, alertKey] = [sql.raw('alerts.device_guid'), sql.raw('alerts.condition_key')];
  const [conditionDevice, conditionKey] = [
    sql.raw('alert_conditions.device_guid'),
    sql.raw('alert_conditions.condition_key'),
  ];
  /** Whether the row's device's evaluation (`ev`) says so. */
  const judged = (deviceGuid: SQL, predicate: SQL) =>
    sql`exists (select 1 from ${evaluationsTable(evaluations)} where ev.device_guid = ${deviceGuid} and ${predicate})`;
  const gone = (key: SQL) => sql`${ruleIdSql(key)} <> all(ev.enabled)`;
  const cleared = (key: SQL) =>
    sql`(${key} = any(ev.cleared) or (${ruleIdSql(key)} = any(ev.complete) and ${key} <> all(ev.holding)))`;
  const open = and(isNull(alerts.closedAt), sql`${alerts.conditionKey} is not null`);

  const closed = await tx
    .update(alerts)
    .set({
      // No longer watched: it reads Resolved, and counts as active nowhere.
      resolved: true,
      closedBy: sql`case
        when ${alerts.category} <> 'device' then 'disabled'
        when ${judged(alertDevice, sql`${ruleIdSql(alertKey)} = any(ev.disabled)`)} then 'alert_disabled'
        else 'shadow_removal' end`,
      closedAt: sql`now()`,
      lastStatusChange: sql`now()`,
    })
    .where(and(open, judged(alertDevice, gone(alertKey))))
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
    .where(and(open, judged(alertDevice, cleared(alertKey))))
    .returning();
  await tx
    .delete(alertConditions)
    .where(judged(conditionDevice, sql`(${gone(conditionKey)} or ${cleared(conditionKey)})`));
  const holding = evaluations.flatMap((evaluation) =>
    evaluation.readings
      .filter((reading) => reading.holds)
      .map((reading) => ({ ...reading, deviceGuid: evaluation.deviceGuid, orgGuid: evaluation.orgGuid })),
  );
  if (holding.length > 0) {
    const column = <T>(pick: (reading: (typeof holding)[number]) => T) => sql.param(holding.map(pick));
    await tx.execute(sql`
      insert into alert_conditions (device_guid, condition_key, org_guid, rule, held_since, due_at, updated_at)
      select h.device_guid, h.key, h.org_guid, h.rule, coalesce(h.since, now()),
             coalesce(h.since, now()) + h.hold_ms * interval '1 millisecond', now()
        from unnest(
          ${column((r) => r.deviceGuid)}::uuid[],
          ${column((r) => r.orgGuid)}::uuid[],
          ${column((r) => r.key)}::text[],
          ${column((r) => JSON.stringify({ rule: r.rule, observed: r.observed } satisfies HeldCondition))}::jsonb[],
          ${column((r) => r.since?.toISOString() ?? null)}::timestamptz[],
          ${column((r) => r.holdMs)}::double precision[]
        ) as h(device_guid, org_guid, key, rule, since, hold_ms)
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
}

/** The alert engine's SQL: conditions held, alerts raised, resolved and closed by the system. */
export function alertEngineRepository(db: Db) {
  return {
    /**
     * Judges devices in one transaction that holds each device's alert lock: two processes judging one
     * device take turns, so neither stores a judgement made on what the other has since changed (a
     * device read online, then resolving the Device Offline alert raised meanwhile). The locks are
     * advisory ones, taken in one order so that two batches never wait on each other in a circle; the
     * ingest's writes to the devices do not wait for them.
     */
    judgeDevices(
      deviceGuids: readonly string[],
      judge: (device: JudgedDevice) => Evaluation,
      record: RecordAlerts,
    ) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          select pg_advisory_xact_lock(s.lock)
            from (select distinct hashtext('alerts:' || g) as lock from unnest(${text(deviceGuids)}) as g) as s
           order by s.lock`);
        const evaluations = (await loadDevices(tx, deviceGuids)).map(judge);
        if (evaluations.length === 0) return { closed: [], resolved: [] };
        return applyEvaluations(tx, evaluations, record);
      });
    },

    /**
     * Raises the alerts that are due (of these devices, or all): each due condition is claimed (its due
     * time cleared) and its alert inserted in one transaction. The unique index on open alerts keeps
     * one alert per condition whichever process gets there; only the inserted ones are answered.
     */
    async raiseDue(record: RecordAlerts, deviceGuids?: readonly string[]): Promise<RaisedAlert[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .update(alertConditions)
          .set({ dueAt: null })
          .where(
            and(
              lte(alertConditions.dueAt, sql`now()`),
              deviceGuids ? inGuids(alertConditions.deviceGuid, deviceGuids) : undefined,
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
