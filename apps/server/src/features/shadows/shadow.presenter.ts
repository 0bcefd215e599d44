import { maskShadowSecrets } from '@ec/contract/shadow-secrets';
import type { Shadow, ShadowCommand, ShadowName } from '@ec/contract/shadows';
import type { ShadowCommandRow, ShadowRow } from '../../device-core/shadows/shadows.reads.ts';

/** How a caller reads documents: `masked` when they may not edit the device (its secrets read masked). */
export interface ShadowReading {
  masked: boolean;
}

const stateFor = <T>(state: T, reading: ShadowReading): T =>
  reading.masked ? maskShadowSecrets(state) : state;

export function presentShadow(row: ShadowRow, reading: ShadowReading & { skipRequested?: boolean }): Shadow {
  return {
    shadow_name: row.shadowName as ShadowName,
    reported:
      row.reportedAt && row.reportedVersion !== null
        ? {
            state: stateFor(row.reportedState, reading),
            current_version: row.reportedVersion,
            timestamp: row.reportedAt.toISOString(),
          }
        : null,
    requested:
      !reading.skipRequested && row.requestedAt
        ? { state: stateFor(row.requestedState, reading), timestamp: row.requestedAt.toISOString() }
        : null,
  };
}

export function presentShadowCommand(row: ShadowCommandRow, reading: ShadowReading): ShadowCommand {
  return {
    command_guid: row.commandGuid,
    shadow_name: row.shadowName as ShadowName,
    command_type: row.commandType,
    finished: row.commandState !== 'pending',
    command_state: row.commandState,
    response: stateFor(row.response, reading),
    requested: { state: stateFor(row.requestedState, reading) },
    created_timestamp: row.createdAt.toISOString(),
    finished_timestamp: row.finishedAt?.toISOString() ?? null,
  };
}
