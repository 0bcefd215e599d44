import { describe, expect, it } from 'vitest';
import { filterTimezones, timezoneOptions } from './timezone-options';

describe('timezone options', () => {
  it('puts UTC first for Edgecaster devices', () => {
    expect(timezoneOptions({ withUtc: true })[0]).toBe('UTC');
  });

  it('keeps an unknown current value selectable', () => {
    expect(timezoneOptions({ current: 'Mars/Olympus' })).toContain('Mars/Olympus');
  });

  it('filters case-insensitively with spaces as underscores', () => {
    const zones = ['America/New_York', 'America/Chicago', 'Europe/Paris'];
    expect(filterTimezones(zones, 'new york')).toEqual(['America/New_York']);
    expect(filterTimezones(zones, 'AMERICA')).toEqual(['America/New_York', 'America/Chicago']);
    expect(filterTimezones(zones, '  ')).toEqual(zones);
  });
});
