import { describe, expect, it } from 'vitest';
import { EVENT_DEVICES_MAX, EVENT_PAGE_SIZE, listEventsQuerySchema } from './events.ts';

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the events query', () => {
  it('pages 25 events by default and reads times as dates', () => {
    const query = listEventsQuerySchema.parse({ start_time: '2026-11-01T00:00:00+01:00' });
    expect(query.pagination_size).toBe(EVENT_PAGE_SIZE);
    expect(query.start_time).toEqual(new Date('2026-10-31T23:00:00Z'));
    expect(query.end_time).toBeUndefined();
  });

  it('takes devices as a comma list or a repeated parameter', () => {
    expect(listEventsQuerySchema.parse({ device_guids: `${guid(1)}, ${guid(2)}` }).device_guids).toEqual([
      guid(1),
      guid(2),
    ]);
    expect(listEventsQuerySchema.parse({ device_guids: [guid(1), guid(2)] }).device_guids).toEqual([
      guid(1),
      guid(2),
    ]);
  });

  it.each([
    [{ device_guids: 'abc' }, 'Must be a valid guid'],
    [
      { device_guids: Array.from({ length: EVENT_DEVICES_MAX + 1 }, (_, i) => guid(i)) },
      `At most ${EVENT_DEVICES_MAX} devices`,
    ],
    [
      { start_time: '2026-11-02T00:00:00Z', end_time: '2026-11-01T00:00:00Z' },
      'start_time must not be after',
    ],
    [{ end_time: '24 Nov' }, 'Must be an ISO 8601 date and time'],
  ])('refuses %j', (input, message) => {
    const parsed = listEventsQuerySchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message).join('\n')).toContain(message);
  });
});
