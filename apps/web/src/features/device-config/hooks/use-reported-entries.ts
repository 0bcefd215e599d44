import { entriesOf } from '@ec/contract/shadow-documents/fields';
import { useMemo } from 'react';

/** A reported list's entries by id (as text), for the editors to read what the device reports of each. */
export function useReportedEntries(state: unknown, listKey: string) {
  return useMemo(
    () => new Map(entriesOf(state, listKey).map((entry) => [String(entry.id), entry])),
    [state, listKey],
  );
}
