let last = 0;

/**
 * The temporary id of an entry created in the browser (spec 3 §3.3): 'new-' and a timestamp, unique
 * even for two entries created in the same millisecond. A set sends such an entry with id false.
 */
export function newEntryId(now = Date.now()): string {
  last = Math.max(now, last + 1);
  return `new-${last}`;
}
