import type { ShadowVersion, ShadowVersionSummary } from '@ec/contract/shadow-history';
import type { ShadowVersionRow, ShadowVersionSummaryRow } from './shadow-history.repository.ts';

export function presentShadowVersionSummary(row: ShadowVersionSummaryRow): ShadowVersionSummary {
  return {
    version: row.version,
    reported_at: row.reportedAt.toISOString(),
    caused_by:
      row.causedByUserGuid && row.causedByEmail
        ? { user_guid: row.causedByUserGuid, email: row.causedByEmail }
        : null,
    command_guid: row.commandGuid,
  };
}

export function presentShadowVersion(row: ShadowVersionRow): ShadowVersion {
  return { ...presentShadowVersionSummary(row), state: row.state };
}
