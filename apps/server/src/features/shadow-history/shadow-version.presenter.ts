import type { ShadowVersion, ShadowVersionSummary } from '@ec/contract/shadow-history';
import { maskShadowSecrets } from '@ec/contract/shadow-secrets';
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

/** A version's document; `masked` for a caller who may not edit the device (its secrets read masked). */
export function presentShadowVersion(row: ShadowVersionRow, reading: { masked: boolean }): ShadowVersion {
  return {
    ...presentShadowVersionSummary(row),
    state: reading.masked ? maskShadowSecrets(row.state) : row.state,
  };
}
