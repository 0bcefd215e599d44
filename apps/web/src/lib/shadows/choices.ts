/** One option of a select: the value a document holds and the words the form shows. */
export interface Choice {
  value: string | number;
  label: string;
}

/** 'LOWER_THIRD' reads 'Lower Third'. */
export const titleCase = (value: string) =>
  value
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/**
 * The choices a field offers, with the value it holds now when that is not one of them (a value a
 * newer device wrote, or one this device no longer offers), so the form shows what the device has.
 */
export function withCurrent(choices: readonly Choice[], current: unknown): Choice[] {
  if (current === undefined || current === null || choices.some((choice) => choice.value === current))
    return [...choices];
  return [...choices, { value: current as string | number, label: String(current) }];
}
