const FALLBACK_ZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
];

/** The IANA time zones the browser knows; an Edgecaster device also accepts plain UTC first. */
export function timezoneOptions(options: { withUtc?: boolean; current?: string | null } = {}): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = FALLBACK_ZONES;
  }
  const list = options.withUtc ? ['UTC', ...zones.filter((zone) => zone !== 'UTC')] : [...zones];
  if (options.current && !list.includes(options.current)) list.unshift(options.current);
  return list;
}

/** Case-insensitive match where typed spaces stand for underscores (spec 2 §2.13). */
export function filterTimezones(zones: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase().replaceAll(' ', '_');
  if (!needle) return [...zones];
  return zones.filter((zone) => zone.toLowerCase().includes(needle));
}
