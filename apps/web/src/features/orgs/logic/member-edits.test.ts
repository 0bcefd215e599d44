import type { OrgUser } from '@ec/contract/orgs';
import { describe, expect, it } from 'vitest';
import { applyEdits, hasChanges, keepsAnAdmin, savePayload } from './member-edits';

const users: OrgUser[] = [
  { user_guid: 'a', name: 'Ada', email: 'ada@example.com', access: 300 },
  { user_guid: 'b', name: 'Bob', email: 'bob@example.com', access: 100 },
];

describe('member edits', () => {
  it('apply on top of the saved levels', () => {
    const edits = new Map([['b', 200 as const]]);
    expect(applyEdits(users, edits).map((u) => u.access)).toEqual([300, 200]);
    expect(savePayload(users, edits)).toEqual([
      { user_guid: 'a', access: 300 },
      { user_guid: 'b', access: 200 },
    ]);
  });

  it('count as changes only when a level differs from the saved one', () => {
    expect(hasChanges(users, new Map())).toBe(false);
    expect(hasChanges(users, new Map([['b', 100 as const]]))).toBe(false);
    expect(hasChanges(users, new Map([['a', 200 as const]]))).toBe(true);
  });

  it('must keep an admin', () => {
    expect(keepsAnAdmin(users, new Map())).toBe(true);
    expect(keepsAnAdmin(users, new Map([['a', 200 as const]]))).toBe(false);
    expect(
      keepsAnAdmin(
        users,
        new Map([
          ['a', 200 as const],
          ['b', 300 as const],
        ]),
      ),
    ).toBe(true);
  });
});
