import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from '../columns.ts';

export const users = pgTable('users', {
  userGuid: uuid('user_guid').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  phoneNumber: text('phone_number'),
  /** Proven with a texted code; false again whenever the number changes. */
  phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
  locale: text('locale').notNull(),
  zoneinfo: text('zoneinfo').notNull(),
  status: text('status', { enum: ['UNCONFIRMED', 'CONFIRMED', 'EXTERNAL_PROVIDER'] }).notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
  /** NOMFA or SOFTWARE_TOKEN_MFA (spec 1 §4.4). */
  mfaMethod: text('mfa_method', { enum: ['NOMFA', 'SOFTWARE_TOKEN_MFA'] })
    .notNull()
    .default('NOMFA'),
  totpSecret: text('totp_secret'),
  /** A secret handed out by TOTP set-up, kept until a code proves the app holds it. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last 30 s step whose code was accepted, so a code cannot be used twice. */
  totpLastStep: integer('totp_last_step'),
  /** An e-mail change waiting for its verification code. */
  pendingEmail: text('pending_email'),
  /** The single sign-on account this user came from (issuer and subject), for EXTERNAL_PROVIDER users. */
  externalIssuer: text('external_issuer'),
  externalSubject: text('external_subject'),
  pictureUpdatedAt: tz('picture_updated_at'),
  createdAt: createdAt(),
});

/** One-time codes e-mailed or texted to a user (sign-up, password reset, e-mail change, phone number). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    codeGuid: uuid('code_guid').primaryKey().defaultRandom(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.userGuid, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['sign_up', 'password_reset', 'email_change', 'phone_verification'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** The address or number the code went to, when it proves that one only (a phone number). */
    sentTo: text('sent_to'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userGuid, t.purpose)],
);

/** Signed-in sessions; only a hash of the bearer token is kept. */
export const sessions = pgTable('sessions', {
  sessionGuid: uuid('session_guid').primaryKey().defaultRandom(),
  userGuid: uuid('user_guid')
    .notNull()
    .references(() => users.userGuid, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: tz('expires_at').notNull(),
  /** The refresh token renews the access token; it rotates on every use. */
  refreshTokenHash: text('refresh_token_hash').notNull().unique(),
  refreshExpiresAt: tz('refresh_expires_at').notNull(),
  createdAt: createdAt(),
});

/** A password that was right, waiting for the second factor; the token is handed to the browser. */
export const mfaChallenges = pgTable('mfa_challenges', {
  challengeGuid: uuid('challenge_guid').primaryKey().defaultRandom(),
  userGuid: uuid('user_guid')
    .notNull()
    .references(() => users.userGuid, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: tz('expires_at').notNull(),
  createdAt: createdAt(),
});
