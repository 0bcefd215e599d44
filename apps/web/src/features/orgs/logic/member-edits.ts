import { ACCESS, type AccessLevel } from '@ec/contract/access';
import type { OrgUser } from '@ec/contract/orgs';

/** Access levels changed on the page and not saved yet, by user_guid (spec 1 §4.3). */
export type AccessEdits = ReadonlyMap<string, AccessLevel>;

/** The members as they would be saved. */
export const applyEdits = (users: readonly OrgUser[], edits: AccessEdits): OrgUser[] =>
  users.map((user) => ({ ...user, access: edits.get(user.user_guid) ?? user.access }));

/** An edit that puts a member back to the saved level is no change. */
export const hasChanges = (users: readonly OrgUser[], edits: AccessEdits) =>
  users.some((user) => {
    const edited = edits.get(user.user_guid);
    return edited !== undefined && edited !== user.access;
  });

/** Save sends the whole member list with every level (PUT /orgs/{org_guid}/users). */
export const savePayload = (users: readonly OrgUser[], edits: AccessEdits) =>
  applyEdits(users, edits).map(({ user_guid, access }) => ({ user_guid, access }));

/** An organization must keep an admin; the server refuses otherwise. */
export const keepsAnAdmin = (users: readonly OrgUser[], edits: AccessEdits) =>
  users.length === 0 || applyEdits(users, edits).some((user) => user.access === ACCESS.admin);
