import type { Shadow, ShadowCommand, ShadowName } from '@ec/contract/shadows';
import type { ShadowCommandRow, ShadowRow } from '../../device-core/shadows/shadows.reads.ts';

export function presentShadow(row: ShadowRow, skipRequested = false): Shadow {
  return {
    shadow_name: row.shadowName as ShadowName,
    reported:
      row.reportedAt && row.reportedVersion !== null
        ? {
            state: row.reportedState,
            current_version: row.reportedVersion,
            timestamp: row.reportedAt.toISOString(),
          }
        : null,
    requested:
      !skipRequested && row.requestedAt
        ? { state: row.requestedState, timestamp: row.requestedAt.toISOString() }
        : null,
  };
}

export function presentShadowCommand(row: ShadowCommandRow): ShadowCommand {
  return {
    command_guid: row.commandGuid,
    shadow_name: row.shadowName as ShadowName,
    command_type: row.commandType,
    finished: row.commandState !== 'pending',
    command_state: row.commandState,
    response: row.response,
    requested: { state: row.requestedState },
    created_timestamp: row.createdAt.toISOString(),
    finished_timestamp: row.finishedAt?.toISOString() ?? null,
  };
}
