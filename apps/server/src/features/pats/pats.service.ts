import { hasGroup } from '@ec/contract/access';
import {
  type CreatePatResponse,
  type createPatBodySchema,
  PAT_TABLE_LIMIT,
  type Pat,
  patPrefixOf,
} from '@ec/contract/pats';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { digest, newToken } from '../../shared/secrets.ts';
import type { UserRow } from '../auth/users.repository.ts';
import { type PatRow, patsRepository } from './pats.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The server's own bearer secrets (sessions `ec_s_`, refresh `ec_r_`, ...) start so; a PAT never does. */
const SERVER_TOKEN_LEAD = 'ec_';

/**
 * 32 random bytes in base64url, without a constant lead so that the first characters tell a user's
 * tokens apart. Drawn again in the 1 in 262,144 case where it would start like a server token.
 */
function newPatValue(): string {
  for (;;) {
    const value = newToken('');
    if (!value.startsWith(SERVER_TOKEN_LEAD)) return value;
  }
}

/**
 * Never the value nor its digest: those stay in the creation answer and the database. Tokens issued
 * before kept 12 characters (`ec_pat_` and 5 more); every token shows the first 5 of what is kept.
 */
const presentPat = (row: PatRow): Pat => ({
  token_guid: row.tokenGuid,
  token_prefix: patPrefixOf(row.tokenPrefix),
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

    /**
     * One token by its guid, under the rule of the list: one's own, or anyone's for holders of
     * UserManagement. Someone else's answers 404 like an unknown one, so that its existence is not revealed.
     */
    async get(caller: UserRow, tokenGuid: string): Promise<Pat> {
      const row = await pats.find(tokenGuid);
      if (!row || (row.userGuid !== caller.userGuid && !hasGroup(caller.groups, 'UserManagement')))
        throw ApiError.notFound('No such access token');
      return presentPat(row);
    },

    /** Creates a token for the caller; the answer is the only place its value ever appears. */
    async create(caller: UserRow, body: z.output<typeof createPatBodySchema>): Promise<CreatePatResponse> {
      const value = newPatValue();
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

    /**
     * The owner of a live token value, recording the use (at most once a minute); undefined otherwise.
     * Values of either format are found by their digest.
     */
    async authenticate(token: string) {
      const found = await pats.findActive(digest(token), new Date());
      if (!found) return undefined;
      await pats.touch(found.token.tokenGuid);
      return { user: found.user, expiresAt: found.token.expires, patGuid: found.token.tokenGuid };
    },
  };
}

export type PatsService = ReturnType<typeof patsService>;
