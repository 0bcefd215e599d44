import { describe, expect, it } from 'vitest';
import { eventsQuery, eventsRequestKey } from './events-request';

const now = new Date('2026-11-24T12:00:00.000Z');
const guids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

describe('an events request', () => {
  it('asks for a page without times when no period is chosen (the server’s last 24 hours)', () => {
    expect(eventsQuery({ pageSize: 25, token: null }, now)).toEqual({ pagination_size: 25 });
    expect(eventsQuery({ pageSize: 25, token: 'next' }, now)).toEqual({
      pagination_size: 25,
      pagination_token: 'next',
    });
  });

  it('sends only the start of a period that ends now', () => {
    expect(eventsQuery({ pageSize: 25, token: null, period: { key: '6hrs' } }, now)).toEqual({
      pagination_size: 25,
      start_time: '2026-11-24T06:00:00.000Z',
    });
  });

  it('sends both ends of a custom period and the devices as a comma list', () => {
    const start = new Date('2026-11-01T00:00:00.000Z');
    const end = new Date('2026-11-02T00:00:00.000Z');
    expect(
      eventsQuery(
        { pageSize: 10, token: null, period: { key: 'custom', start, end }, deviceGuids: guids },
        now,
      ),
    ).toEqual({
      pagination_size: 10,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      device_guids: guids.join(','),
    });
  });

  it('is keyed by plain values: a relative period by its key, no devices as null', () => {
    expect(eventsRequestKey({ pageSize: 25, token: null, period: { key: '1hr' }, deviceGuids: [] })).toEqual({
      pageSize: 25,
      token: null,
      period: '1hr',
      deviceGuids: null,
    });
  });
});
