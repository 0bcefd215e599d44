import { pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from '../columns.ts';

/** A single sign-on round trip in flight: state, PKCE verifier and nonce, keyed by the state's digest. */
export const oidcLogins = pgTable('oidc_logins', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: tz('expires_at').notNull(),
});
