import { describe, expect, it } from 'vitest';
import { alertStateLabel, alertStoreStart, isActiveAlert, listAlertsQuerySchema } from './alerts.ts';

describe('alerts (spec 2 §4.4)', () => {
  it('counts as active only an alert neither resolved nor silenced', () => {
    expect(isActiveAlert({ resolved: false, silenced: false })).toBe(true);
    expect(isActiveAlert({ resolved: true, silenced: false })).toBe(false);
    expect(isActiveAlert({ resolved: false, silenced: true })).toBe(false);
    expect(isActiveAlert({ resolved: true, silenced: true })).toBe(false);
  });

  it('looks back one calendar month', () => {
    expect(alertStoreStart(new Date('2026-03-15T10:00:00Z')).toISOString()).toBe('2026-02-15T10:00:00.000Z');
  });

  it('lists 50 alerts from one month ago unless asked otherwise', () => {
    const before = alertStoreStart().getTime();
    const query = listAlertsQuerySchema.parse({});
    expect(query.pagination_size).toBe(50);
    expect(query.start_time.getTime()).toBeGreaterThanOrEqual(before);
    expect(query.start_time.getTime()).toBeLessThanOrEqual(alertStoreStart().getTime());
    expect(listAlertsQuerySchema.parse({ start_time: '2026-01-01T01:00:00+01:00' }).start_time).toEqual(
      new Date('2026-01-01T00:00:00Z'),
    );
  });
});

describe('alertStateLabel', () => {
  it('names resolved, silenced and unresolved alerts', () => {
    expect(alertStateLabel({ resolved: true, silenced: true })).toBe('Resolved');
    expect(alertStateLabel({ resolved: false, silenced: true })).toBe('Silenced');
    expect(alertStateLabel({ resolved: false, silenced: false })).toBe('Unresolved');
  });
});
