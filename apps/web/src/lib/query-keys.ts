/**
 * Roots of the TanStack Query keys. Everything that depends on the selected organization sits under
 * ['org', orgGuid] so that switching organizations never shows another organization's data, and the
 * live channel can invalidate a device's queries by prefix.
 */
export const queryRoots = {
  session: ['session'] as const,
  org: (orgGuid: string | null) => ['org', orgGuid] as const,
  /** Lists and counts of the organization's devices. */
  devices: (orgGuid: string | null) => ['org', orgGuid, 'devices'] as const,
  /** One device: its record, state, shadows and shadow commands. */
  device: (orgGuid: string | null, deviceGuid: string) => ['org', orgGuid, 'device', deviceGuid] as const,
  admin: ['admin'] as const,
};
