import { type OfflinePolicy, ROLLOUT_ACK_LIMIT_MS, ROLLOUT_ERRORS } from '@ec/contract/rollouts';
import { type TemplateShadowName, templateSetState } from '@ec/contract/shadow-template-state';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { DeviceLinkUnavailableError } from '../../shared/device-errors.ts';
import type { Actor, DeviceEventBus } from '../../shared/device-event-bus.ts';
import { serialRunner } from '../../shared/serial-runner.ts';
import type { ShadowService } from '../shadows/shadow.service.ts';
import type { RolloutRow } from './rollouts.reads.ts';
import { rolloutsRepository, type SettledDevice, type WaveDevice } from './rollouts.repository.ts';

export type RolloutService = ReturnType<typeof createRolloutService>;

/** What the rollouts feature starts: checked already (the caller edits every device). */
export interface NewRolloutRequest {
  orgGuid: string;
  actor: Actor;
  source:
    | {
        kind: 'template';
        templateGuid: string;
        templateName: string;
        shadowName: TemplateShadowName;
        state: Record<string, unknown>;
      }
    | { kind: 'change'; shadowName: TemplateShadowName; state: Record<string, unknown> };
  target: { kind: 'fleet'; fleetGuid: string } | { kind: 'devices' };
  deviceGuids: readonly string[];
  waveSize: number;
  pauseSeconds: number;
  offlinePolicy: OfflinePolicy;
}

export interface RolloutWorkerOptions {
  /** How long a claim holds a rollout; another process takes it over after that (30 s). */
  leaseMs?: number;
  /** The poll for pauses that ended and rollouts of processes that died (1 s). */
  pollMs?: number;
  /** How many devices of a wave are sent to at once. */
  concurrency?: number;
}

/** The rights a rollout sends with: its creator was an editor of every target device when it started. */
const EDITOR = { view: true, control: true, edit: true, admin: false };
/** A sent set unanswered this long after the set's own limit has timed out even if no job said so. */
const GRACE_MS = 10_000;

/** Runs `work` on each item, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

/**
 * Configuration rollouts in waves (decisions 189-194). A rollout lives in the database: any server
 * process's worker claims a running one with a lease and takes one step with it: it settles the
 * devices whose sets were answered, stops the rollout on a rejection or a device that did not answer
 * within the set's limit, sends queued devices that came online, and sends the current wave (each
 * device's set through the shadow service, as a single save is judged and delivered) or, once every
 * device of the wave is settled, moves to the next after the pause. Each device's result is written in
 * its events with the rollout's guid; each change is told on the bus (`rollout.progress`) for the live
 * channel.
 */
export function createRolloutService(deps: {
  db: Db;
  shadows: ShadowService;
  bus: DeviceEventBus;
  log: FastifyBaseLogger;
}) {
  const { db, bus, shadows, log } = deps;
  const repository = rolloutsRepository(db);

  function progress(rollout: RolloutRow, changed: { deviceGuid: string; deviceState: string }[] = []) {
    bus.emit({
      type: 'rollout.progress',
      orgGuid: rollout.orgGuid,
      rolloutGuid: rollout.rolloutGuid,
      rolloutState: rollout.rolloutState,
      currentWave: rollout.currentWave,
      devices: changed,
    });
  }

  /** Records each device's new part in its events (one transaction), then tells the live channel. */
  async function recordDevices(
    rollout: RolloutRow,
    changes: {
      deviceGuid: string;
      deviceState: string;
      commandGuid?: string | null;
      message?: string | null;
    }[],
  ) {
    if (!changes.length) return;
    await db.transaction(async (tx) => {
      for (const change of changes)
        await bus.record(tx, {
          type: 'rollout.device',
          deviceGuid: change.deviceGuid,
          orgGuid: rollout.orgGuid,
          rolloutGuid: rollout.rolloutGuid,
          shadowName: rollout.shadowName,
          deviceState: change.deviceState,
          commandGuid: change.commandGuid ?? null,
          message: change.message ?? null,
          startedBy: rollout.createdByEmail,
        });
    });
    progress(
      rollout,
      changes.map(({ deviceGuid, deviceState }) => ({ deviceGuid, deviceState })),
    );
  }

  /**
   * Sends the rollout's set to one online device: the template (or change) applied to the device's
   * reported document, against its reported version, through the shadow service. A set the console
   * refuses (invalid for this device, an update pending, no licence) rejects the device; a link down
   * leaves it for the next step.
   */
  async function sendTo(
    rollout: RolloutRow,
    deviceGuid: string,
    context: Awaited<ReturnType<typeof repository.sendingContext>>,
    actor: Actor,
  ) {
    const device = context.rows.get(deviceGuid);
    const reject = async (message: string, errorCode: string) => {
      const moved = await repository.markDevices({
        rolloutGuid: rollout.rolloutGuid,
        deviceGuids: [deviceGuid],
        from: ['pending', 'queued'],
        to: 'rejected',
        message,
        errorCode,
      });
      return moved.length ? { deviceGuid, deviceState: 'rejected', message } : undefined;
    };
    if (!device || device.orgGuid !== rollout.orgGuid)
      return reject('The device is no longer in this organization', 'DEVICE_NOT_FOUND');
    const shadowName = rollout.shadowName as TemplateShadowName;
    const document = context.documents.get(deviceGuid);
    try {
      const [command] = await shadows.sendShadowCommands({
        device,
        orgGuid: rollout.orgGuid,
        rights: EDITOR,
        actor,
        commandType: 'set',
        commands: [
          {
            shadowName,
            targetVersion: document?.reportedVersion ?? 0,
            requestedState: templateSetState(shadowName, rollout.state, document?.reportedState ?? {}),
          },
        ],
      });
      if (!(await repository.markSent(rollout.rolloutGuid, deviceGuid, command!.commandGuid))) return;
      return { deviceGuid, deviceState: 'sent', commandGuid: command!.commandGuid };
    } catch (error) {
      if (error instanceof DeviceLinkUnavailableError) return;
      if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
      return reject(error.message, error.errorCode);
    }
  }

  /** Sends to the online ones of `targets`; the offline ones are skipped or queued as the rollout says. */
  async function sendAll(rollout: RolloutRow, targets: WaveDevice[], concurrency: number) {
    const actor = { userGuid: rollout.createdBy!, email: rollout.createdByEmail ?? '' };
    const offline = targets.filter((target) => !target.online && target.deviceState === 'pending');
    const policy = rollout.offlinePolicy;
    const moved = await repository.markDevices({
      rolloutGuid: rollout.rolloutGuid,
      deviceGuids: offline.map((target) => target.deviceGuid),
      from: ['pending'],
      to: policy === 'skip' ? 'skipped' : 'queued',
    });
    const changes: Parameters<typeof recordDevices>[1] = moved.map((deviceGuid) => ({
      deviceGuid,
      deviceState: policy === 'skip' ? 'skipped' : 'queued',
    }));
    const online = targets.filter((target) => target.online).map((target) => target.deviceGuid);
    const context = await repository.sendingContext(online, rollout.shadowName);
    // A device that has just connected and not yet reported the document waits for it (a set is
    // written against the reported version); its report starts a round.
    const ready = online.filter((deviceGuid) => context.documents.get(deviceGuid)?.reportedVersion != null);
    await eachLimited(ready, concurrency, async (deviceGuid) => {
      const change = await sendTo(rollout, deviceGuid, context, actor);
      if (change) changes.push(change);
    });
    await recordDevices(rollout, changes);
    return changes.length;
  }

  /** Stops a running rollout on its first failed device; answers whether it stopped. */
  async function stopOnFailure(rollout: RolloutRow): Promise<RolloutRow | undefined> {
    const failure = await repository.firstFailure(rollout.rolloutGuid);
    if (!failure) return undefined;
    const name = failure.deviceName || failure.serialNumber || failure.deviceGuid;
    const what = failure.deviceState === 'timed_out' ? 'did not answer in time' : 'rejected the change';
    return finish(rollout.rolloutGuid, ['running'], {
      rolloutState: 'stopped',
      stopReason: `${name} ${what}${failure.message && failure.deviceState !== 'timed_out' ? `: ${failure.message}` : ''}`,
    });
  }

  /**
   * Ends a rollout in one of `from` (stopped or cancelled) together with its unsent devices, which
   * become cancelled, in one transaction: nobody reads it ended with devices still waiting.
   */
  async function finish(
    rolloutGuid: string,
    from: RolloutRow['rolloutState'][],
    change: { rolloutState: 'stopped' | 'cancelled'; stopReason?: string },
  ) {
    const ended = await db.transaction(async (tx) => {
      const writes = rolloutsRepository(tx);
      const row = await writes.update(rolloutGuid, from, {
        ...change,
        nextWaveAt: null,
        finishedAt: new Date(),
      });
      if (!row) return undefined;
      const cancelled = await writes.markDevices({
        rolloutGuid,
        from: ['pending', 'queued'],
        to: 'cancelled',
      });
      return { row, cancelled };
    });
    if (!ended) return undefined;
    progress(
      ended.row,
      ended.cancelled.map((deviceGuid) => ({ deviceGuid, deviceState: 'cancelled' })),
    );
    return ended.row;
  }

  /** One step of a claimed running rollout (see the service's comment); safe to run again. */
  async function step(claimed: RolloutRow, concurrency: number) {
    let rollout = claimed;
    // Its sets are sent as their creator: with the account gone, nobody would answer for them.
    if (!rollout.createdBy) {
      await finish(rollout.rolloutGuid, ['running'], {
        rolloutState: 'stopped',
        stopReason: 'The account that started the rollout no longer exists',
      });
      return;
    }
    for (;;) {
      if (await stopOnFailure(rollout)) return;
      // Queued devices of any wave go out as soon as they are online.
      const queued = (await repository.devicesOf(rollout.rolloutGuid, { queued: true })).filter(
        (d) => d.online,
      );
      if (queued.length) await sendAll(rollout, queued, concurrency);
      if (rollout.currentWave >= rollout.waveCount) {
        if ((await repository.openCount(rollout.rolloutGuid)) > 0) return;
        const done = await repository.update(rollout.rolloutGuid, ['running'], {
          rolloutState: 'completed',
          finishedAt: new Date(),
        });
        if (done) progress(done);
        return;
      }
      if (rollout.nextWaveAt && rollout.nextWaveAt > new Date()) return;
      const wave = await repository.devicesOf(rollout.rolloutGuid, { wave: rollout.currentWave });
      const pending = wave.filter((target) => target.deviceState === 'pending');
      if (pending.length) {
        const changed = await sendAll(rollout, pending, concurrency);
        if (await stopOnFailure(rollout)) return;
        // Devices waiting for their first report stay pending until a later round.
        if (changed < pending.length) return;
        continue;
      }
      if (wave.some((target) => target.deviceState === 'sent')) return;
      // Every device of the wave answered (or was skipped or queued): the next wave, after the pause.
      const nextWave = rollout.currentWave + 1;
      const moved = await repository.update(rollout.rolloutGuid, ['running'], {
        currentWave: nextWave,
        nextWaveAt:
          nextWave < rollout.waveCount && rollout.pauseSeconds > 0
            ? new Date(Date.now() + rollout.pauseSeconds * 1000)
            : null,
      });
      if (!moved) return;
      progress(moved);
      rollout = moved;
    }
  }

  /** Settles every answered sent device of every rollout (any process), with their events. */
  async function settleAnswers() {
    const settled = await db.transaction(async (tx) => {
      const rows = await rolloutsRepository(tx).settleAnswered(
        new Date(Date.now() - ROLLOUT_ACK_LIMIT_MS - GRACE_MS),
      );
      for (const row of rows)
        await bus.record(tx, {
          type: 'rollout.device',
          deviceGuid: row.deviceGuid,
          orgGuid: row.orgGuid,
          rolloutGuid: row.rolloutGuid,
          shadowName: row.shadowName,
          deviceState: row.deviceState,
          commandGuid: row.commandGuid,
          message: row.message,
          startedBy: null,
        });
      return rows;
    });
    const byRollout = new Map<string, SettledDevice[]>();
    for (const row of settled)
      byRollout.set(row.rolloutGuid, [...(byRollout.get(row.rolloutGuid) ?? []), row]);
    for (const [rolloutGuid, rows] of byRollout) {
      const rollout = await repository.find(rolloutGuid);
      if (rollout)
        progress(
          rollout,
          rows.map(({ deviceGuid, deviceState }) => ({ deviceGuid, deviceState })),
        );
    }
    return settled.length;
  }

  async function transition(
    rolloutGuid: string,
    from: RolloutRow['rolloutState'][],
    change: Parameters<typeof repository.update>[2],
    refusal: string,
  ) {
    const changed = await repository.update(rolloutGuid, from, change);
    if (!changed) {
      const found = await repository.find(rolloutGuid);
      if (!found) throw ApiError.notFound(ROLLOUT_ERRORS.notFound, 'ROLLOUT_NOT_FOUND');
      throw ApiError.conflict(
        ['completed', 'stopped', 'cancelled'].includes(found.rolloutState)
          ? ROLLOUT_ERRORS.finished
          : refusal,
        'ROLLOUT_STATE',
      );
    }
    progress(changed);
    return changed;
  }

  let kickWorker = () => {};

  return {
    /** Stores a rollout and its devices (waves in the order given) and starts it. */
    async create(request: NewRolloutRequest): Promise<RolloutRow> {
      const { source, target } = request;
      const rollout = await repository.create(
        {
          orgGuid: request.orgGuid,
          createdBy: request.actor.userGuid,
          createdByEmail: request.actor.email,
          rolloutState: 'running',
          sourceKind: source.kind,
          shadowName: source.shadowName,
          templateGuid: source.kind === 'template' ? source.templateGuid : null,
          templateName: source.kind === 'template' ? source.templateName : null,
          state: source.state,
          targetKind: target.kind,
          fleetGuid: target.kind === 'fleet' ? target.fleetGuid : null,
          waveSize: request.waveSize,
          pauseSeconds: request.pauseSeconds,
          offlinePolicy: request.offlinePolicy,
          waveCount: Math.ceil(request.deviceGuids.length / request.waveSize),
        },
        request.deviceGuids,
      );
      progress(rollout);
      kickWorker();
      return rollout;
    },

    /** No further wave goes out; sets already sent are still followed. */
    pause: (rolloutGuid: string) =>
      transition(rolloutGuid, ['running'], { rolloutState: 'paused' }, ROLLOUT_ERRORS.notRunning),

    async resume(rolloutGuid: string) {
      const resumed = await transition(
        rolloutGuid,
        ['paused'],
        { rolloutState: 'running', nextWaveAt: null },
        ROLLOUT_ERRORS.notPaused,
      );
      kickWorker();
      return resumed;
    },

    /** Ends the rollout: devices not yet sent to are left as they are. */
    async cancel(rolloutGuid: string) {
      const cancelled = await finish(rolloutGuid, ['running', 'paused'], { rolloutState: 'cancelled' });
      if (cancelled) return cancelled;
      if (!(await repository.find(rolloutGuid)))
        throw ApiError.notFound(ROLLOUT_ERRORS.notFound, 'ROLLOUT_NOT_FOUND');
      throw ApiError.conflict(ROLLOUT_ERRORS.finished, 'ROLLOUT_STATE');
    },

    /**
     * Settles answers and takes one step with each running rollout this process can claim. Answers
     * how many rollouts it stepped.
     */
    async work(options: RolloutWorkerOptions = {}) {
      const leaseMs = options.leaseMs ?? 30_000;
      await settleAnswers();
      const leaseUntil = new Date(Date.now() + leaseMs);
      const claimed = await repository.claimRunning(new Date(), leaseUntil, 10);
      for (const rollout of claimed) {
        try {
          await step(rollout, options.concurrency ?? 20);
        } catch (error) {
          log.warn({ err: error, rollout: rollout.rolloutGuid }, 'rollouts: a step failed');
        } finally {
          await repository.release(rollout.rolloutGuid, leaseUntil);
        }
      }
      return claimed.length;
    },

    /**
     * This process's worker: a round on every answer to a set, every device coming online and every
     * poll; rounds never overlap (a kick during one makes it go round again).
     */
    startWorker(options: RolloutWorkerOptions = {}) {
      let stopped = false;
      /** The last round took a running rollout: documents reported may be what one waits for. */
      let carrying = false;
      const rounds = serialRunner(
        async () => {
          if (!stopped) carrying = (await this.work(options)) > 0;
        },
        (error) => log.warn({ err: error }, 'rollouts: a round failed'),
      );
      /** Starts a round now, or another after the one under way. */
      const round = (): void => {
        if (!stopped) void rounds.kick();
      };
      kickWorker = round;
      const stops = [
        bus.on('shadow.command', (event) => {
          if (event.answer?.commandType === 'set') round();
        }),
        bus.on('device.connection', (event) => {
          if (event.online) round();
        }),
        // A device that came online and now reports its document can be sent to.
        bus.on('shadow.reported', () => {
          if (carrying) round();
        }),
      ];
      const timer = setInterval(round, options.pollMs ?? 1000);
      timer.unref();
      round();
      return {
        kick: round,
        async stop() {
          stopped = true;
          clearInterval(timer);
          for (const stop of stops) stop();
          kickWorker = () => {};
          await rounds.idle();
        },
      };
    },
  };
}
