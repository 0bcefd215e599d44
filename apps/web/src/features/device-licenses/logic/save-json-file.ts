/** A file name from a device's name: letters, digits, dots, dashes and underscores kept, the rest '-'. */
export const jsonFileName = (deviceName: string, suffix: string) =>
  `${
    deviceName
      .trim()
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'device'
  }-${suffix}.json`;

/** Saves `value` as a pretty-printed JSON file through the browser's download. */
export function saveJsonFile(fileName: string, value: unknown) {
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
