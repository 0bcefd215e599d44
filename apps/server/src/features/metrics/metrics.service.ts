import { describeMetric, type metricQuerySchema } from '@ec/contract/metrics';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { deviceBatchLoader } from '../../shared/device-batch-loader.ts';
import type { DeviceEventBus } from '../../shared/device-event-bus.ts';
import { type MetricReading, type MetricsSample, metricsRepository } from './metrics.repository.ts';
import { type QueriedDevice, queryMetrics } from './metrics-query.ts';

export type MetricsService = ReturnType<typeof createMetricsService>;

/** A name is written again at most this often: device_metric_names says "reported lately", not when. */
const NAME_REFRESH_MS = 60 * 60_000;
/** Past this many devices the memory starts again (their names are then written once more). */
const NAME_MEMORY_DEVICES = 50_000;
/** A device clock this far ahead is wrong: its readings would sit in the future of every chart. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** The explorer offers what the devices reported this long ago or later. */
const NAMES_LOOK_BACK_MS = 30 * DAY_MS;

/**
 * Stores the readings devices publish on their metrics topic and tells the bus (the alert engine
 * judges them). Only the names the catalogue knows are kept, only for devices in an organization, and
 * only within the raw samples' retention: an older sample would be deleted at once, and its roll-up
 * counted again if the device sent it once more. Answers what the devices reported, and queries over it.
 */
export function createMetricsService(deps: { db: Db; bus: DeviceEventBus; rawDays: number }) {
  const repository = metricsRepository(deps.db);
  // Messages arriving in the same tick are written in one statement (a fleet samples at once).
  const samples = deviceBatchLoader<MetricsSample>((batch) => repository.storeSamples(batch));
  /** By device: the organization it was in and when each name was last written for it. */
  const namesWritten = new Map<string, { orgGuid: string; at: Map<string, number> }>();

  function namesToWrite(deviceGuid: string, readings: readonly MetricReading[], now: number) {
    const written = namesWritten.get(deviceGuid)?.at;
    return new Set(
      readings
        .filter((reading) => (written?.get(reading.metricName) ?? 0) < now - NAME_REFRESH_MS)
        .map((reading) => reading.metricName),
    );
  }

  /** A device that changed organization writes all its names again: the new one sees them at once. */
  function rememberNames(deviceGuid: string, orgGuid: string, names: ReadonlySet<string>, now: number) {
    if (namesWritten.size > NAME_MEMORY_DEVICES) namesWritten.clear();
    let device = namesWritten.get(deviceGuid);
    if (device?.orgGuid !== orgGuid) {
      device = { orgGuid, at: new Map() };
      namesWritten.set(deviceGuid, device);
    }
    for (const name of names) device.at.set(name, now);
  }

  return {
    /** The metric names an organization's devices (or those granted to a user) reported lately. */
    reportedNames: (scope: { orgGuid: string; grantedTo?: string }) =>
      repository.reportedNames(scope, new Date(Date.now() - NAMES_LOOK_BACK_MS)),

    /** A metric query over devices the caller may view (metrics-query.ts). */
    query: (devices: readonly QueriedDevice[], body: z.output<typeof metricQuerySchema>) =>
      queryMetrics(repository, devices, body),

    async record(deviceGuid: string, message: { timestamp: string; metrics: Record<string, number> }) {
      const now = Date.now();
      // Whole seconds, as stored: a repeated message then meets its own row.
      const sampledAt = new Date(Math.floor(Date.parse(message.timestamp) / 1000) * 1000);
      const age = now - sampledAt.getTime();
      if (age > deps.rawDays * DAY_MS || age < -FUTURE_TOLERANCE_MS) return;
      const readings = Object.entries(message.metrics).flatMap(([metricName, value]) => {
        const known = describeMetric(metricName);
        return known && Number.isFinite(value) ? [{ namespace: known.namespace, metricName, value }] : [];
      });
      if (readings.length === 0) return;
      const newNames = namesToWrite(deviceGuid, readings, now);
      const stored = await samples.load({ deviceGuid, sampledAt, readings, newNames });
      if (!stored?.orgGuid) return;
      rememberNames(deviceGuid, stored.orgGuid, newNames, now);
      deps.bus.emit({ type: 'device.metrics', deviceGuid, orgGuid: stored.orgGuid, sampledAt, readings });
    },
  };
}
