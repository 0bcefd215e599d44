import { randomUUID } from 'node:crypto';
import type { DeviceRights } from '@ec/contract/access';
import { guidSchema } from '@ec/contract/common';
import { type CommandRefusal, configurationEditRefusal } from '@ec/contract/device-command-rules';
import type { ShadowCommandMessage } from '@ec/contract/device-link';
import { DEVICE_UPDATING_MESSAGE, isDeviceUpdating } from '@ec/contract/device-updates';
import type { DeviceState } from '@ec/contract/devices';
import type { EntitlementProperties } from '@ec/contract/entitlements/capabilities';
import { featureLabel } from '@ec/contract/entitlements/capability-catalogue';
import {
  allOutputToggles,
  NO_CONFIGURED_OUTPUTS,
  type OutputToggle,
  outputControlRefusal,
  outputControlSetState,
} from '@ec/contract/output-control';
import { showsSetApplied } from '@ec/contract/shadow-diff';
import { INVALID_SHADOW_DOCUMENT, shadowRegistry, validateShadowSet } from '@ec/contract/shadow-registry';
import {
  DEVICE_LINK_UNAVAILABLE,
  DEVICE_TIMEOUT,
  SHADOW_COMMAND_TIMEOUT_MS,
  SHADOW_NAMES,
  type ShadowName,
} from '@ec/contract/shadows';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { batchLoader } from '../../shared/batch-loader.ts';
import { deviceBatchLoader } from '../../shared/device-batch-loader.ts';
import { DeviceLinkUnavailableError, refusalError } from '../../shared/device-errors.ts';
import type { Actor, DeviceDomainEvent, DeviceEventBus } from '../../shared/device-event-bus.ts';
import { deviceCommandsRepository } from '../device-commands/device-commands.repository.ts';
import type { DeviceTransport } from '../device-transport.ts';
import { loadOneDeviceEntitlements } from '../devices/device-entitlements.ts';
import type { DeviceRow } from '../devices/devices.reads.ts';
import { devicesRepository } from '../devices/devices.repository.ts';
import { CATCH_UP_WINDOW_MS } from './catch-up.ts';
import type { ShadowCommandRow } from './shadows.reads.ts';
import { type ReportedDocument, shadowsRepository } from './shadows.repository.ts';

export type ShadowService = ReturnType<typeof createShadowService>;

export interface NewShadowCommand {
  shadowName: ShadowName;
  targetVersion: number | null;
  requestedState: Record<string, unknown> | null;
}

/** A reported document: the device's word on one of its shadows. */
interface DeviceDocument {
  deviceGuid: string;
  shadowName: ShadowName;
  state: Record<string, unknown>;
  version: number;
}

export interface ShadowCommandAnswer {
  commandGuid: string;
  result: 'succeeded' | 'failed';
  shadowName: ShadowName;
  message: string | null;
  errorCode: string | null;
  state: Record<string, unknown> | null;
  currentVersion: number | null;
}

/** Values the device list keeps from shadows so it can sort and colour without reading documents. */
const derivedFromShadow = (shadowName: ShadowName, state: Record<string, unknown>) =>
  shadowRegistry[shadowName].deviceRecord?.(state) ?? {};

const LINK_FAILURE = {
  message: 'The device link was unavailable.',
  error_code: DEVICE_LINK_UNAVAILABLE,
  state: null,
  current_version: null,
};
const TIMEOUT_FAILURE = {
  message: 'The device did not answer in time.',
  error_code: DEVICE_TIMEOUT,
  state: null,
  current_version: null,
};

function toMessage(command: ShadowCommandRow): ShadowCommandMessage {
  const shadowName = command.shadowName as ShadowName;
  return command.commandType === 'set'
    ? {
        command_guid: command.commandGuid,
        command_type: 'set',
        shadow_name: shadowName,
        target_version: command.targetVersion ?? 0,
        state: command.requestedState ?? {},
      }
    : { command_guid: command.commandGuid, command_type: 'get', shadow_name: shadowName };
}

/** Each device's rows, in the order of `deviceGuids`, from rows of many devices (kept in their order). */
function byDevice(deviceGuids: readonly string[], rows: readonly ShadowCommandRow[]) {
  const found = new Map<string, ShadowCommandRow[]>();
  for (const row of rows) found.set(row.deviceGuid, [...(found.get(row.deviceGuid) ?? []), row]);
  return deviceGuids.map((deviceGuid) => found.get(deviceGuid) ?? []);
}

/** The latest of some moments, as ISO text; null when none is known. */
function latest(...times: (Date | null | undefined)[]) {
  const known = times.filter((time): time is Date => time instanceof Date);
  return known.length ? new Date(Math.max(...known.map(Number))).toISOString() : null;
}

/**
 * Reported documents written in one statement at most. On PGlite's one connection a person's statement
 * waits for the one running: a storm's batch of 100-400 documents (about 1.2 kB each) held it 25-130 ms,
 * one of 40 about 15 ms at most (decision 293).
 */
const REPORTS_PER_STATEMENT = 40;

/**
 * The reported documents the rules of sets to the `sent` shadows read (documents the same request
 * sends are judged as sent): an Outputs set its Encoders and System, a System set its System (the
 * XML lock), an Alerts set its Alerts, a Containers set its Containers.
 */
function documentsJudging(sent: readonly ShadowName[]): ShadowName[] {
  const sends = new Set(sent);
  return [
    ...(sends.has('Outputs') && !sends.has('Encoders') ? (['Encoders'] as const) : []),
    ...(sends.has('Outputs') || sends.has('System') ? (['System'] as const) : []),
    ...(sends.has('Alerts') ? (['Alerts'] as const) : []),
    ...(sends.has('Containers') ? (['Containers'] as const) : []),
  ];
}

/** Refuses a change the caller's rights or the device's licences do not allow. */
function refuse(refusal: CommandRefusal | null) {
  if (refusal) throw refusalError(refusal);
}

/** A person's request about a device they were found to have `rights` on. */
interface DeviceRequest {
  device: DeviceRow;
  orgGuid: string;
  rights: DeviceRights;
  actor: Actor;
}

function commandEvent(
  command: ShadowCommandRow,
  orgGuid: string | null,
): Extract<DeviceDomainEvent, { type: 'shadow.command' }> {
  return {
    type: 'shadow.command',
    deviceGuid: command.deviceGuid,
    orgGuid,
    commandGuid: command.commandGuid,
    shadowName: command.shadowName,
    commandState: command.commandState,
  };
}

/**
 * A device's shadows: the commands people send (judged by the shadow registry, stored, delivered once
 * by one process), the documents and answers devices report, and the commands left unanswered.
 */
export function createShadowService(deps: { db: Db; transport: DeviceTransport; bus: DeviceEventBus }) {
  const { db, transport, bus } = deps;
  const devices = devicesRepository(db);
  const shadows = shadowsRepository(db);
  // A fleet announcing its documents at once is stored in a few statements (one per round and tick).
  const reports = deviceBatchLoader<ReportedDocument>((batch) => shadows.saveReportedMany(batch), {
    maxBatchSize: REPORTS_PER_STATEMENT,
  });
  // The unanswered sets of the devices whose documents arrive together, in one statement.
  const unansweredSets = batchLoader<string, ShadowCommandRow[]>(
    async (deviceGuids) => {
      const since = new Date(Date.now() - CATCH_UP_WINDOW_MS);
      return byDevice(deviceGuids, await shadows.unansweredSetsSince(deviceGuids, since));
    },
    { maxBatchSize: 500 },
  );
  // The commands waiting for the devices that connect together, in one statement.
  const undelivered = batchLoader<string, ShadowCommandRow[]>(
    async (deviceGuids) => byDevice(deviceGuids, await shadows.undelivered(deviceGuids)),
    { maxBatchSize: 500 },
  );

  /**
   * What a person's sets are judged on, read side by side so that the set waits for the database
   * once, not three times: the device's effective entitlements, its commands in flight, and the
   * reported documents the rules of the `sent` shadows read (with `alsoRead`), by name.
   */
  async function readSetGate(
    device: DeviceRow,
    sent: readonly ShadowName[],
    alsoRead: readonly ShadowName[] = [],
  ) {
    const names = [...new Set([...documentsJudging(sent), ...alsoRead])];
    const [entitlements, inFlight, documents] = await Promise.all([
      entitlementsOf(device.deviceGuid),
      deviceCommandsRepository(db).inFlight(device.deviceGuid),
      names.length ? shadows.list(device.deviceGuid, names) : [],
    ]);
    return {
      entitlements,
      inFlight,
      reported: new Map(documents.map((row) => [row.shadowName as ShadowName, row])),
      featureLabel: (feature: string) => featureLabel(device.productName, feature),
    };
  }

  /**
   * Refuses sets whose document breaks a rule of spec 3 §5 or the XML lock of §6 (400
   * INVALID_SHADOW_DOCUMENT with the rule's text), judged by the device's product, effective
   * entitlements, the reported System (whose XML configuration may lock Outputs and System), the
   * reported Alerts (an alert keeps its category), the reported Containers (a set names known,
   * unprotected containers) and, for the outputs' encoder rules, the Encoders sent in the same
   * request, else the reported ones. Then, spec 3 §6: no configuration change while an update is
   * pending (device-updates.ts), judged on the device as the request read it and the commands in
   * flight now.
   */
  function refuseSets(device: DeviceRow, commands: readonly NewShadowCommand[], gate: SetGate) {
    const sets = commands.filter((command) => command.requestedState);
    const sent = new Map(sets.map((command) => [command.shadowName, command.requestedState ?? undefined]));
    const reported = (name: ShadowName) => gate.reported.get(name)?.reportedState;
    const context = {
      product: device.productName,
      entitlements: gate.entitlements,
      documents: {
        Encoders: sent.get('Encoders') ?? reported('Encoders'),
        Outputs: sent.get('Outputs'),
        System: reported('System'),
        Alerts: reported('Alerts'),
        Containers: reported('Containers'),
      },
    };
    for (const command of sets) {
      const [first] = validateShadowSet(command.shadowName, command.requestedState, context);
      if (first) throw ApiError.badRequest(first.message, INVALID_SHADOW_DOCUMENT);
    }
    const state = device.state as Pick<DeviceState, 'update_state'> | null | undefined;
    if (isDeviceUpdating({ product: device.productName, state, inFlight: gate.inFlight }))
      throw ApiError.conflict(DEVICE_UPDATING_MESSAGE, 'DEVICE_UPDATING');
  }

  /**
   * Hands undelivered commands to the broker, each claimed first so that one process sends it once.
   * A command the broker cannot take stays undelivered: it goes out when the device next connects.
   */
  async function deliver(deviceGuid: string, commands: readonly ShadowCommandRow[]) {
    for (const command of commands)
      if (await shadows.claimDelivery(deviceGuid, command.commandGuid))
        await sendClaimed(deviceGuid, [command]);
  }

  /** Hands commands this process has claimed to the broker; one it cannot take is released. */
  async function sendClaimed(deviceGuid: string, commands: readonly ShadowCommandRow[]) {
    for (const command of commands) {
      try {
        await transport.sendShadowCommand(deviceGuid, toMessage(command));
      } catch (error) {
        if (!(error instanceof DeviceLinkUnavailableError)) throw error;
        await shadows.releaseDelivery(deviceGuid, command.commandGuid);
        throw error;
      }
    }
  }

  /**
   * A reported document: the device's own (authoritative) or one carried by a command's answer, with
   * the command when the answer says it succeeded (the version's history names its user). Stored and
   * told once per version: the second of report and answer only completes the version's history.
   */
  async function recordReported(input: {
    deviceGuid: string;
    shadowName: ShadowName;
    state: Record<string, unknown>;
    version: number;
    authoritative: boolean;
    commandGuid?: string | null;
  }) {
    const stored = await reports.load({
      ...input,
      derived: derivedFromShadow(input.shadowName, input.state),
    });
    if (!stored) return;
    bus.emit({
      type: 'shadow.reported',
      deviceGuid: input.deviceGuid,
      orgGuid: stored.orgGuid,
      shadowName: input.shadowName,
      version: input.version,
    });
    // A new version the device reports of itself may hold a set the server gave up on: its answer was
    // lost. A set still pending waits for its answer, which follows the report.
    if (input.authoritative) await finishAppliedSets(input, { pendingToo: false });
  }

  /**
   * Stores the device's answer to a command that has none yet (a late one replaces the server's
   * guess) with its audit event, in one transaction; answers the command, or nothing when it was
   * answered already.
   */
  async function storeAnswer(deviceGuid: string, answer: ShadowCommandAnswer) {
    const stored = await db.transaction(async (tx) => {
      const command = await shadowsRepository(tx).finishCommand(deviceGuid, answer.commandGuid, {
        commandState: answer.result,
        response: {
          message: answer.message,
          error_code: answer.errorCode,
          state: answer.state,
          current_version: answer.currentVersion,
        },
      });
      if (!command?.orgGuid) return { command };
      const event = {
        ...commandEvent(command, command.orgGuid),
        answer: {
          commandType: command.commandType,
          result: answer.result,
          fromVersion: command.targetVersion,
          toVersion: answer.currentVersion,
          createdBy: command.createdBy,
        },
      };
      await bus.record(tx, event);
      return { command, event };
    });
    if (stored.event) bus.emit(stored.event);
    return stored.command;
  }

  /** Whether `document` shows `command` applied: past the version it was written against, with all it sent. */
  const appliedIn = (command: ShadowCommandRow, document: DeviceDocument) =>
    command.commandType === 'set' &&
    command.shadowName === document.shadowName &&
    command.targetVersion !== null &&
    command.targetVersion < document.version &&
    showsSetApplied(document.shadowName, command.requestedState ?? {}, document.state);

  /**
   * Finishes as succeeded the unanswered sets that a document of the device shows applied: their
   * answers were lost while no server listened (the only one was killed mid-command), and the
   * device's document is its word that they were applied (decision 170). Without `pendingToo` only
   * the sets the server already failed on the device's behalf.
   */
  async function finishAppliedSets(document: DeviceDocument, options: { pendingToo: boolean }) {
    for (const command of await unansweredSets.load(document.deviceGuid))
      if ((options.pendingToo || command.commandState === 'failed') && appliedIn(command, document))
        await succeedFrom(command, document);
  }

  /** Finishes a set as succeeded on the word of a document that shows it applied. */
  const succeedFrom = (command: ShadowCommandRow, document: DeviceDocument) =>
    storeAnswer(document.deviceGuid, {
      commandGuid: command.commandGuid,
      result: 'succeeded',
      shadowName: document.shadowName,
      message: null,
      errorCode: null,
      state: document.state,
      currentVersion: document.version,
    });

  /**
   * Asks the device for its current document of each shadow (a get not stored as a command): its
   * answer finishes the sets it shows applied. Unsent while the link is down: the catch-up after
   * the reconnection asks then.
   */
  async function askForDocuments(deviceGuid: string, shadowNames: Iterable<string>) {
    for (const shadowName of new Set(shadowNames)) {
      await transport
        .sendShadowCommand(deviceGuid, {
          command_guid: randomUUID(),
          command_type: 'get',
          shadow_name: shadowName as ShadowName,
        })
        .catch((error: unknown) => {
          if (!(error instanceof DeviceLinkUnavailableError)) throw error;
        });
    }
  }

  /**
   * Creates shadow commands (a set also stores the requested document) in one transaction, then
   * sends them to the device if it is online. A device that is offline gets them when it
   * reconnects: its commands stay pending until then, and its answer is stored whenever it comes.
   */
  async function send(
    request: DeviceRequest & { commandType: 'get' | 'set'; commands: readonly NewShadowCommand[] },
  ) {
    const { device, actor } = request;
    if (!transport.isConnected()) throw new DeviceLinkUnavailableError('not connected to the broker');
    const created = await shadows.createCommands(
      request.commands.map((command) => ({
        deviceGuid: device.deviceGuid,
        shadowName: command.shadowName,
        commandType: request.commandType,
        targetVersion: command.targetVersion,
        requestedState: command.requestedState,
        createdBy: actor.userGuid,
      })),
      // Claimed as they are stored if the device is online: a device connecting meanwhile finds
      // them undelivered.
      { claimWhileOnline: true },
    );
    for (const command of created) bus.emit(commandEvent(command, request.orgGuid));
    try {
      await sendClaimed(
        device.deviceGuid,
        created.filter((command) => command.deliveredAt),
      );
    } catch (error) {
      if (!(error instanceof DeviceLinkUnavailableError)) throw error;
      // The broker may still deliver a publish that ran out of time: the device's answer then
      // replaces this failure.
      const failed = await shadows.failUnanswered(
        device.deviceGuid,
        created.map((command) => command.commandGuid),
        LINK_FAILURE,
      );
      for (const command of failed) bus.emit(commandEvent(command, request.orgGuid));
      throw error;
    }
    return created;
  }

  type SetGate = Awaited<ReturnType<typeof readSetGate>>;

  /** The device's live effective entitlements (its licences as stored now). */
  async function entitlementsOf(deviceGuid: string): Promise<EntitlementProperties> {
    const found = await loadOneDeviceEntitlements(db, deviceGuid);
    if (!found) throw ApiError.notFound('Device not found', 'DEVICE_NOT_FOUND');
    return found.properties;
  }

  return {
    recordReported,

    /** A device's documents, all or the named ones. */
    list: (deviceGuid: string, shadowNames?: readonly ShadowName[]) => shadows.list(deviceGuid, shadowNames),

    /** When each of a device's documents last changed: its state, then each shadow (spec 3 §7). */
    async lastModified(device: DeviceRow) {
      const rows = new Map((await shadows.list(device.deviceGuid)).map((row) => [row.shadowName, row]));
      return [
        { document: 'state' as const, last_modified: latest(device.stateUpdatedAt) },
        ...SHADOW_NAMES.map((name) => ({
          document: name,
          last_modified: latest(rows.get(name)?.reportedAt, rows.get(name)?.requestedAt),
        })),
      ];
    },

    /** One command of the device, as the console follows it (404 when the device has no such one). */
    async findCommand(deviceGuid: string, commandGuid: string) {
      const command = await shadows.findCommand(deviceGuid, commandGuid);
      if (!command) throw ApiError.notFound('Shadow command not found', 'COMMAND_NOT_FOUND');
      return command;
    },

    /** The commands that waited for a device that has just connected. */
    async deliverWaiting(deviceGuid: string) {
      await deliver(deviceGuid, await undelivered.load(deviceGuid));
    },

    /**
     * Shadow commands a person sends (spec 3 §7): each shadow at most once, a set only with the rights
     * and licence to configure the device; then stored and sent (`send`).
     */
    async sendShadowCommands(
      request: DeviceRequest & { commandType: 'get' | 'set'; commands: readonly NewShadowCommand[] },
    ) {
      const names = request.commands.map((command) => command.shadowName);
      if (new Set(names).size !== names.length)
        throw ApiError.badRequest('Each shadow may appear once per request');
      if (request.commandType !== 'set') return send(request);
      const gate = await readSetGate(request.device, names);
      refuse(configurationEditRefusal({ rights: request.rights, ...gate }));
      refuseSets(request.device, request.commands, gate);
      return send(request);
    },

    /**
     * Switches outputs on or off (spec 2 §4.7): an Outputs set against the reported version that
     * changes only `enable`, for people who control a device licensed for output control. Switches the
     * named outputs, or with `{ all }` every output the Output Control dialog lists (a bulk action);
     * answers the Outputs set command and how many outputs it switches.
     */
    async switchOutputs(request: DeviceRequest & { toggles: readonly OutputToggle[] | { all: boolean } }) {
      const { device } = request;
      const gate = await readSetGate(device, ['Outputs'], ['Outputs']);
      refuse(outputControlRefusal({ rights: request.rights, ...gate }));
      const outputs = gate.reported.get('Outputs');
      if (outputs?.reportedState == null || outputs.reportedVersion == null)
        throw ApiError.conflict('The device has not reported its outputs yet', 'MISSING_SHADOW_STATE');
      const toggles =
        'all' in request.toggles
          ? allOutputToggles(outputs.reportedState, request.toggles.all)
          : request.toggles;
      if (toggles.length === 0) throw ApiError.conflict(NO_CONFIGURED_OUTPUTS, 'NO_OUTPUTS');
      const set = outputControlSetState(outputs.reportedState, toggles);
      if ('error' in set) throw ApiError.badRequest(set.error, 'UNKNOWN_OUTPUT');
      const commands = [
        { shadowName: 'Outputs' as const, targetVersion: outputs.reportedVersion, requestedState: set.state },
      ];
      refuseSets(device, commands, gate);
      const [command] = await send({ ...request, commandType: 'set', commands });
      return { command: command!, outputCount: toggles.length };
    },

    /** The device's answer to a shadow command, stored whenever it arrives. */
    async finishShadowCommand(deviceGuid: string, answer: ShadowCommandAnswer) {
      if (answer.state && answer.currentVersion !== null) {
        await recordReported({
          deviceGuid,
          shadowName: answer.shadowName,
          state: answer.state,
          version: answer.currentVersion,
          authoritative: false,
          // The device echoes the guid it was sent; one that is not a guid names no command of ours.
          commandGuid:
            answer.result === 'succeeded' && guidSchema.safeParse(answer.commandGuid).success
              ? answer.commandGuid
              : null,
        });
      }
      const command = await storeAnswer(deviceGuid, answer);
      // The answer to a get (the catch-up's and the timeout job's are not stored) is the device's word
      // on its document, stored or already known, given after any set it received before: it may show
      // a set applied whose answer no server heard.
      const { state, currentVersion: version } = answer;
      if (command?.commandType !== 'set' && answer.result === 'succeeded' && state && version !== null)
        await finishAppliedSets(
          { deviceGuid, shadowName: answer.shadowName, state, version },
          { pendingToo: true },
        );
    },

    /**
     * Ends the commands devices received but did not answer within the console's polling window. A
     * set the stored document already shows applied succeeded (its answer was lost); the others are
     * failed with DEVICE_TIMEOUT, and their devices are asked for those documents: an answer showing
     * a set applied, or a late answer, replaces the failure. Answers how many were failed.
     */
    async failOverdueCommands(now = new Date()) {
      const overdue = await shadows.deliveredBefore(new Date(now.getTime() - SHADOW_COMMAND_TIMEOUT_MS));
      const byDevice = new Map<string, ShadowCommandRow[]>();
      for (const command of overdue)
        byDevice.set(command.deviceGuid, [...(byDevice.get(command.deviceGuid) ?? []), command]);
      let failed = 0;
      for (const [deviceGuid, commands] of byDevice) {
        const documents = new Map(
          (await shadows.list(deviceGuid, [...new Set(commands.map((command) => command.shadowName))])).map(
            (row) => [row.shadowName, row],
          ),
        );
        const unanswered: ShadowCommandRow[] = [];
        for (const command of commands) {
          const stored = documents.get(command.shadowName);
          const document = stored?.reportedState &&
            stored.reportedVersion !== null && {
              deviceGuid,
              shadowName: command.shadowName as ShadowName,
              state: stored.reportedState,
              version: stored.reportedVersion,
            };
          if (document && appliedIn(command, document)) await succeedFrom(command, document);
          else unanswered.push(command);
        }
        const rows = await shadows.failUnanswered(
          deviceGuid,
          unanswered.map((command) => command.commandGuid),
          TIMEOUT_FAILURE,
        );
        const orgGuid = rows.length ? ((await devices.orgOf(deviceGuid)) ?? null) : null;
        for (const command of rows) bus.emit(commandEvent(command, orgGuid));
        failed += rows.length;
        await askForDocuments(
          deviceGuid,
          rows.map((command) => command.shadowName),
        );
      }
      return failed;
    },
  };
}
