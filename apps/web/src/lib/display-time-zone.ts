/**
 * The time zone times are shown in: the signed-in user's profile zone (spec 1 stores one), else the
 * browser's. Kept outside React so that plain formatting functions can read it.
 */
let current: string | undefined;

export const displayTimeZone = {
  get: () => current,
  set(timeZone: string | null | undefined) {
    current = timeZone || undefined;
  },
};
