/** Spec 2 §4.8: ADB over IP is on when the device reports this port. */
export const ADB_PORT = 5555;
/** The spec's warning, shown before ADB is turned on. */
export const ADB_WARNING = 'Enabling ADB over IP puts your device at risk...';
export const ADB_WARNING_DETAIL = `Anyone who can reach port ${ADB_PORT} of the device can take control of it. Turn it off again once you are done.`;

export const isAdbEnabled = (adbPort: number | null | undefined) => adbPort === ADB_PORT;
