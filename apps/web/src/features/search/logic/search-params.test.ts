import { describe, expect, it } from 'vitest';
import { readSearchParams, writeSearchParams } from './search-params';

describe('the search page address', () => {
  it('reads its four parameters, with the metadata tab and Device Alias by default', () => {
    expect(readSearchParams(new URLSearchParams())).toEqual({
      section: 'metadata',
      searchKey: 'device_alias',
      searchFilter: '',
      timestamp: null,
    });
    expect(
      readSearchParams(
        new URLSearchParams('section=device_name&searchKey=note&searchFilter=+studio+&timestamp=17'),
      ),
    ).toEqual({ section: 'device_name', searchKey: 'note', searchFilter: 'studio', timestamp: '17' });
  });

  it('ignores values it does not know', () => {
    const read = readSearchParams(new URLSearchParams('section=fleets&searchKey=deployment_status'));
    expect(read.section).toBe('metadata');
    expect(read.searchKey).toBe('device_alias');
  });

  it('writes changes, keeps other parameters and drops emptied ones', () => {
    const next = writeSearchParams(new URLSearchParams('searchFilter=old&other=1'), {
      searchKey: 'location',
      searchFilter: '',
      timestamp: '42',
    });
    expect(next.toString()).toBe('other=1&searchKey=location&timestamp=42');
  });
});
