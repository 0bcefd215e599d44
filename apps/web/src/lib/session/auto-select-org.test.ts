import type { Org } from '@ec/contract/orgs';
import { describe, expect, it } from 'vitest';
import { pickOrg } from './auto-select-org';

const org = (guid: string): Org => ({ org_guid: guid, org_name: `Org ${guid}`, access: 300 });

describe('pickOrg', () => {
  it('selects the only organization', () => {
    expect(pickOrg([org('a')], null, null)).toBe('a');
    expect(pickOrg([org('a')], null, 'gone')).toBe('a');
  });

  it('selects the last used organization when it is still listed', () => {
    expect(pickOrg([org('a'), org('b')], null, 'b')).toBe('b');
    expect(pickOrg([org('a'), org('b')], null, 'c')).toBeNull();
  });

  it('keeps a current selection that is still valid', () => {
    expect(pickOrg([org('a'), org('b')], 'a', 'b')).toBe('a');
    expect(pickOrg([org('a'), org('b')], 'x', null)).toBeNull();
  });

  it('asks when there is nothing to go on', () => {
    expect(pickOrg([], null, 'a')).toBeNull();
    expect(pickOrg([org('a'), org('b')], null, null)).toBeNull();
  });
});
