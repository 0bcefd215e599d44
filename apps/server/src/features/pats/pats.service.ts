import { hasGroup } from '@ec/contract/access';
import {
  type CreatePatResponse,
  type createPatBodySchema,
  PAT_PREFIX,
  PAT_TABLE_LIMIT,
  type Pat,
  patPrefixOf,
} from '@ec/contract/pats';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { digest, newToken } from '../auth/secrets.ts';
import type { UserRow } from '../auth/users.repository.ts';
import { type PatRow, patsRepository } from './pats.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const isPatValue = (token: string) => token.startsWith(PAT_PREFIX);

/** Never the value nor its digest: those stay in the creation answer and the database. */
const presentPat = (row: PatRow): Pat => ({
  token_guid: row.tokenGuid,
  token_prefix: row.tokenPrefix,
  last_used: row.lastUsed?.toISOString() ?? null,
  issued: row.issued.toISOString(),
  expires: row.expires.toISOString(),
  comment: row.comment,
});

/** Personal access tokens (spec 1 §3, §4.4, §6): created and revoked by their owner, viewable by user admins. */
export function patsService(deps: { db: Db }) {
  const pats = patsRepository(deps.db);

  return {
    /** One's own tokens, or another user's for holders of UserManagement; newest first. */
    async list(caller: UserRow, userGuid = caller.userGuid): Promise<Pat[]> {
      if (userGuid !== caller.userGuid && !hasGroup(caller.groups, 'UserManagement'))
        throw ApiError.forbidden("Only user administrators can see another user's access tokens");
      return (await pats.listForUser(userGuid, PAT_TABLE_LIMIT)).map(presentPat);
    },

    /** Creates a token for the caller; the answer is the only place its value ever appears. */
    async create(caller: UserRow, body: z.output<typeof createPatBodySchema>): Promise<CreatePatResponse> {
      const value = newToken(PAT_PREFIX);
      const row = await pats.insert({
        userGuid: caller.userGuid,
        tokenPrefix: patPrefixOf(value),
        tokenHash: digest(value),
        comment: body.comment,
        expires: new Date(Date.now() + body.token_lifespan_days * DAY_MS),
      });
      return { token_guid: row.tokenGuid, token_value: value, expires: row.expires.toISOString() };
    },

    /** Only the owner revokes; someone else's token answers 404 so that its existence is not revealed. */
    async revoke(caller: UserRow, tokenGuid: string) {
      if (!(await pats.deleteOwned(tokenGuid, caller.userGuid)))
        throw ApiError.notFound('No such access token');
    },

    /** The owner of a live token value, recording the use (at most once a minute); undefined otherwise. */
    async authenticate(token: string) {
      if (!isPatValue(token)) return undefined;
      const found = await pats.findActive(digest(token), new Date());
      if (!found) return undefined;
      await pats.touch(found.token.tokenGuid);
      return { user: found.user, expiresAt: found.token.expires };
    },
  };
}

export type PatsService = ReturnType<typeof patsService>;
