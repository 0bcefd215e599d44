/**
 * A device command's states (spec 2 §4.5). On their own, so the live channel's messages (in every page's
 * first script) name them without carrying the commands' schemas.
 */

/** accepted while the device works on it; complete, failed or rejected once it is done (spec 2 §4.5). */
export const DEVICE_COMMAND_STATES = ['issued', 'accepted', 'complete', 'failed', 'rejected'] as const;
export type DeviceCommandState = (typeof DEVICE_COMMAND_STATES)[number];
export const FINISHED_COMMAND_STATES: readonly DeviceCommandState[] = ['complete', 'failed', 'rejected'];
