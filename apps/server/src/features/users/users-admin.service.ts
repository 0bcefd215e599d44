import { GROUP_DESCRIPTIONS, GROUPS, type GroupName, hasGroup, isPlatformAdmin } from '@ec/contract/access';
import { AUTH_ERRORS } from '@ec/contract/auth';
import type {
  AdminUser,
  Group,
  ListUsersResponse,
  listUsersQuerySchema,
  updateUserBodySchema,
} from '@ec/contract/users';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { decodePageToken, namePageKey, pageOf } from '../../http/pagination.ts';
import { presentUser } from '../auth/auth.service.ts';
import { type UserRow, usersRepository } from '../auth/users.repository.ts';

/** Only what administration shows: never hashes, secrets or pending codes. */
export const presentAdminUser = (row: UserRow): AdminUser => {
  const user = presentUser(row);
  return {
    user_guid: user.user_guid,
    name: user.name,
    email: user.email,
    email_verified: user.email_verified,
    phone_number: user.phone_number,
    phone_number_verified: user.phone_number_verified,
    locale: user.locale,
    zoneinfo: user.zoneinfo,
    picture: user.picture,
    status: user.status,
  };
};

const requireUserAdmin = (caller: UserRow) => {
  if (!hasGroup(caller.groups, 'UserManagement'))
    throw ApiError.forbidden('This needs the UserManagement group');
};

/** Search values are compared as stored: e-mails lowercased, phone numbers without spaces and hyphens. */
const normalizeSearch = (attribute: string, value: string | undefined) => {
  if (!value) return undefined;
  if (attribute === 'phone_number') return value.replace(/[\s\-()]/g, '').toLowerCase() || undefined;
  return value;
};

/**
 * Platform user administration (spec 1 §2.7, §6): listing, reading, deleting users and their groups
 * need UserManagement; anyone may edit themselves.
 */
export function usersAdminService(deps: { db: Db; log: FastifyBaseLogger }) {
  const users = usersRepository(deps.db);

  const find = async (userGuid: string) => {
    const user = await users.findByGuid(userGuid);
    if (!user) throw ApiError.notFound('No such user', 'UserNotFoundException');
    return user;
  };

  return {
    async list(caller: UserRow, query: z.output<typeof listUsersQuerySchema>): Promise<ListUsersResponse> {
      requireUserAdmin(caller);
      // No account of this platform is ever disabled.
      if (!query.enabled) return { users: [], total_found: 0, pagination_token: null };
      const after = decodePageToken(query.pagination_token, namePageKey);
      const { rows, total } = await users.search({
        attribute: query.search_attribute,
        value: normalizeSearch(query.search_attribute, query.search_value),
        startsWith: query.starts_with,
        after,
        limit: query.pagination_size + 1,
      });
      const { page, pagination_token } = pageOf(rows, query.pagination_size, (row) => [
        row.sortName,
        row.user.userGuid,
      ]);
      return { users: page.map((row) => presentAdminUser(row.user)), total_found: total, pagination_token };
    },

    async get(caller: UserRow, userGuid: string): Promise<AdminUser> {
      if (userGuid !== caller.userGuid) requireUserAdmin(caller);
      return presentAdminUser(await find(userGuid));
    },

    /** Oneself or a user admin; an SSO user's e-mail stays the provider's; e-mails stay unique. */
    async update(
      caller: UserRow,
      userGuid: string,
      body: z.output<typeof updateUserBodySchema>,
    ): Promise<AdminUser> {
      if (userGuid !== caller.userGuid) requireUserAdmin(caller);
      const user = await find(userGuid);
      if (body.email !== user.email) {
        if (user.status === 'EXTERNAL_PROVIDER')
          throw ApiError.badRequest(
            "A single sign-on user's e-mail address is managed by their provider.",
            'EXTERNAL_PROVIDER',
          );
        const other = await users.findByEmail(body.email);
        if (other && other.userGuid !== userGuid)
          throw ApiError.badRequest(
            'An account with the given email already exists.',
            AUTH_ERRORS.usernameExists,
          );
      }
      const row = await users.update(userGuid, {
        name: body.name,
        email: body.email,
        // Set by an administrator, the new address counts as verified; a pending change is dropped.
        ...(body.email !== user.email ? { emailVerified: true, pendingEmail: null } : {}),
        phoneNumber: body.phone_number === undefined ? undefined : body.phone_number || null,
      });
      if (!row) throw ApiError.notFound('No such user', 'UserNotFoundException');
      return presentAdminUser(row);
    },

    /** Sessions, tokens and memberships go with the user (the database cascades); the reason is logged. */
    async delete(caller: UserRow, userGuid: string, reason: string) {
      requireUserAdmin(caller);
      if (userGuid === caller.userGuid)
        throw ApiError.badRequest('You cannot delete yourself here; use My Account instead.');
      await find(userGuid);
      deps.log.info({ userGuid, by: caller.userGuid, reason }, 'user deleted by a user administrator');
      await users.delete(userGuid);
    },

    /** The groups that can be granted: any platform admin may read them. */
    groups(caller: UserRow): Group[] {
      if (!isPlatformAdmin(caller.groups)) throw ApiError.forbidden('This needs a platform admin group');
      return GROUPS.map((name) => ({ name, description: GROUP_DESCRIPTIONS[name] }));
    },

    async userGroups(caller: UserRow, userGuid: string): Promise<GroupName[]> {
      requireUserAdmin(caller);
      return (await find(userGuid)).groups.filter((g): g is GroupName => GROUPS.includes(g as GroupName));
    },

    async replaceGroups(caller: UserRow, userGuid: string, groups: GroupName[]): Promise<GroupName[]> {
      requireUserAdmin(caller);
      await find(userGuid);
      const unique = GROUPS.filter((group) => groups.includes(group));
      await users.setGroups(userGuid, [...unique]);
      return unique;
    },
  };
}

export type UsersAdminService = ReturnType<typeof usersAdminService>;
