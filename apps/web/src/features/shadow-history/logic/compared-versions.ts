export interface ComparedVersions {
  older: number;
  newer: number;
}

/** The version `selected` is compared with by default: the one listed before it, else the current one. */
export function defaultCounterpart(
  listed: readonly number[],
  selected: number,
  current: number | null,
): number | null {
  const index = listed.indexOf(selected);
  const before = index >= 0 ? listed[index + 1] : undefined;
  if (before !== undefined) return before;
  return current !== null && current !== selected ? current : null;
}

/**
 * The two versions shown side by side once `selected` is picked (the list is newest first): with the
 * one the user chose (`chosen`), else the default counterpart; the older on the left. Null when there
 * is nothing to compare it with (the only version kept).
 */
export function comparedVersions(
  listed: readonly number[],
  selected: number,
  chosen: number | null,
  current: number | null,
): ComparedVersions | null {
  const other =
    chosen !== null && chosen !== selected ? chosen : defaultCounterpart(listed, selected, current);
  if (other === null) return null;
  return { older: Math.min(selected, other), newer: Math.max(selected, other) };
}
