import { describe, expect, it } from 'vitest';
import { columnDisplay, columnHeader, DEFAULT_DEVICE_LAYOUT, parseDeviceLayout } from './device-columns';

describe('parseDeviceLayout', () => {
  it('falls back to the default columns when nothing or something unreadable is stored', () => {
    const defaults = ['Status', 'IP Address', 'Firmware', 'Serial Number', 'MAC Address'];
    expect(parseDeviceLayout(undefined).map(columnHeader)).toEqual(defaults);
    expect(parseDeviceLayout(['serial_number']).map(columnHeader)).toEqual(defaults);
    expect(parseDeviceLayout([{ component: 'metadata', key: 'colour' }])).toBe(DEFAULT_DEVICE_LAYOUT);
  });

  it('keeps a stored layout, metadata columns and an empty layout included', () => {
    const stored = [{ component: 'metadata', key: 'location' }, { component: 'last_state_update' }];
    expect(parseDeviceLayout(stored).map(columnHeader)).toEqual(['Location', 'Last Update']);
    expect(parseDeviceLayout([])).toEqual([]);
  });
});

describe('columnDisplay', () => {
  it('hides the 4th column on smaller screens and the 6th below extra-large when reactive', () => {
    expect(columnDisplay(2, true)).toBeUndefined();
    expect(columnDisplay(3, true)).toEqual({ xs: 'none', md: 'table-cell' });
    expect(columnDisplay(5, true)).toEqual({ xs: 'none', xl: 'table-cell' });
  });

  it('shows every column when the reactive layout is ignored', () => {
    expect(columnDisplay(3, false)).toBeUndefined();
    expect(columnDisplay(7, false)).toBeUndefined();
  });
});
