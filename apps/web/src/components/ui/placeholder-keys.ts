/** Keys for a run of identical placeholders (skeleton rows): they never reorder, so their position is their identity. */
export const placeholderKeys = (count: number) =>
  Array.from({ length: count }, (_, index) => `placeholder-${index}`);
