import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tz = (name: string) => timestamp(name, { withTimezone: true });

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

/** Personal access tokens (spec 1 §3); only a digest of the value is kept. */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    tokenGuid: uuid('token_guid').primaryKey().defaultRandom(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.userGuid, { onDelete: 'cascade' }),
    tokenPrefix: text('token_prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    comment: text('comment').notNull().default(''),
    issued: tz('issued').notNull().defaultNow(),
    expires: tz('expires').notNull(),
    lastUsed: tz('last_used'),
  },
  (t) => [index('personal_access_tokens_user_idx').on(t.userGuid)],
);

/** A single sign-on round trip in flight: state, PKCE verifier and nonce, keyed by the state's digest. */
export const oidcLogins = pgTable('oidc_logins', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: tz('expires_at').notNull(),
});

/** Fixed-window counters shared by every server process (sign-in, code checks, re-sends). */
export const rateLimits = pgTable('rate_limits', {
  bucket: text('bucket').primaryKey(),
  windowStart: tz('window_start').notNull(),
  hits: integer('hits').notNull(),
});

export const orgs = pgTable('orgs', {
  orgGuid: uuid('org_guid').primaryKey().defaultRandom(),
  orgName: text('org_name').notNull(),
  createdAt: createdAt(),
});

export const orgUsers = pgTable(
  'org_users',
  {
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.userGuid, { onDelete: 'cascade' }),
    access: smallint('access').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgGuid, t.userGuid] }), index('org_users_user_idx').on(t.userGuid)],
);

/** Numbers serials at provisioning: 10000001 becomes 1000-0001. */
export const deviceSerialSequence = pgSequence('device_serial_seq', { startWith: 10000001 });

/** The registry of provisioned devices, adopted into at most one organization. */
export const devices = pgTable(
  'devices',
  {
    deviceGuid: uuid('device_guid').primaryKey().defaultRandom(),
    serialNumber: text('serial_number').notNull(),
    productName: text('product_name', { enum: ['edgecaster', 'edgecaster_max'] }).notNull(),
    macAddress: text('mac_address').notNull(),
    manufactureDate: date('manufacture_date', { mode: 'string' }).notNull(),
    provisionDate: tz('provision_date').notNull().defaultNow(),
    mqttSecretHash: text('mqtt_secret_hash').notNull(),
    orgGuid: uuid('org_guid').references(() => orgs.orgGuid, { onDelete: 'set null' }),
    adoptedAt: tz('adopted_at'),
    /** Kept from the System shadow's device_name so that lists sort and search on the server. */
    deviceName: text('device_name').notNull().default(''),
    metadata: jsonb('metadata').$type<{ key: string; value: string }[]>().notNull().default([]),
    online: boolean('online').notNull().default(false),
    onlineChangedAt: tz('online_changed_at'),
    state: jsonb('state').$type<Record<string, unknown>>(),
    stateUpdatedAt: tz('state_updated_at'),
    /** Streaming status of the reported outputs (spec 2 §4.1 codes 0-3), kept when the Outputs shadow changes. */
    outputsStatus: smallint('outputs_status'),
  },
  (t) => [
    uniqueIndex('devices_serial_idx').on(t.serialNumber),
    index('devices_org_name_idx').on(t.orgGuid, sql`lower(${t.deviceName}) collate "C"`, t.deviceGuid),
  ],
);

/** Reported and requested sides of each named shadow document. */
export const shadows = pgTable(
  'shadows',
  {
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    shadowName: text('shadow_name').notNull(),
    reportedState: jsonb('reported_state').$type<Record<string, unknown>>(),
    reportedVersion: integer('reported_version'),
    reportedAt: tz('reported_at'),
    requestedState: jsonb('requested_state').$type<Record<string, unknown>>(),
    requestedAt: tz('requested_at'),
  },
  (t) => [primaryKey({ columns: [t.deviceGuid, t.shadowName] })],
);

export const shadowCommands = pgTable(
  'shadow_commands',
  {
    commandGuid: uuid('command_guid').primaryKey().defaultRandom(),
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    shadowName: text('shadow_name').notNull(),
    commandType: text('command_type', { enum: ['get', 'set'] }).notNull(),
    targetVersion: integer('target_version'),
    requestedState: jsonb('requested_state').$type<Record<string, unknown>>(),
    commandState: text('command_state', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    response: jsonb('response').$type<{
      message: string | null;
      error_code: string | null;
      state: Record<string, unknown> | null;
      current_version: number | null;
    }>(),
    createdBy: uuid('created_by').references(() => users.userGuid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the command was handed to the broker; null while the device is offline. */
    deliveredAt: tz('delivered_at'),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('shadow_commands_device_idx').on(t.deviceGuid, t.createdAt),
    // The pending commands the timeout job and reconnecting devices look for.
    index('shadow_commands_pending_idx')
      .on(t.deviceGuid, t.deliveredAt)
      .where(sql`${t.commandState} = 'pending'`),
  ],
);

/** Device commands (spec 2 §4.5): one-off actions; the data is stored without its secrets. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    commandGuid: uuid('command_guid').primaryKey().defaultRandom(),
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    command: text('command').notNull(),
    data: jsonb('data').$type<unknown>(),
    state: text('state', { enum: ['issued', 'accepted', 'complete', 'failed', 'rejected'] })
      .notNull()
      .default('issued'),
    message: text('message'),
    createdBy: uuid('created_by').references(() => users.userGuid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('device_commands_device_idx').on(t.deviceGuid, t.createdAt),
    index('device_commands_open_idx').on(t.createdAt).where(sql`${t.state} in ('issued', 'accepted')`),
  ],
);

/** Device and organization events (adopt, forget, state changes, device-published events). */
export const deviceEvents = pgTable(
  'device_events',
  {
    eventGuid: uuid('event_guid').primaryKey().defaultRandom(),
    deviceGuid: uuid('device_guid')
      .notNull()
      .references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    orgGuid: uuid('org_guid'),
    eventType: text('event_type').notNull(),
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull(),
    timestamp: tz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('device_events_device_idx').on(t.deviceGuid, t.timestamp),
    index('device_events_org_idx').on(t.orgGuid, t.timestamp),
  ],
);

/**
 * Pending invitations (spec 1 §3): bound to the invited e-mail address (kept lower-cased), with exactly one
 * target: an organization, a fleet or a device. Fleets do not exist yet, so fleet_guid has no foreign key.
 */
export const invites = pgTable(
  'invites',
  {
    inviteGuid: uuid('invite_guid').primaryKey().defaultRandom(),
    targetEmail: text('target_email').notNull(),
    access: smallint('access').notNull().default(100),
    orgGuid: uuid('org_guid').references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    fleetGuid: uuid('fleet_guid'),
    deviceGuid: uuid('device_guid').references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.userGuid, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invites_target_email_idx').on(t.targetEmail),
    /** One pending invite per address and target: inviting again replaces it. */
    unique('invites_target_unique')
      .on(t.targetEmail, t.orgGuid, t.fleetGuid, t.deviceGuid)
      .nullsNotDistinct(),
    check('invites_target_email_lower', sql`${t.targetEmail} = lower(${t.targetEmail})`),
    check('invites_one_target', sql`num_nonnulls(${t.orgGuid}, ${t.fleetGuid}, ${t.deviceGuid}) = 1`),
  ],
);

/**
 * Alerts of an organization (spec 2 §3): 'device' alerts belong to a device, 'other' (legacy) alerts may.
 * Timestamps keep milliseconds only, so a paging token (an ISO string) matches the stored value exactly.
 */
export const alerts = pgTable(
  'alerts',
  {
    alertGuid: uuid('alert_guid').primaryKey().defaultRandom(),
    orgGuid: uuid('org_guid')
      .notNull()
      .references(() => orgs.orgGuid, { onDelete: 'cascade' }),
    deviceGuid: uuid('device_guid').references(() => devices.deviceGuid, { onDelete: 'cascade' }),
    alertType: text('alert_type', { enum: ['device', 'other'] }).notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    label: text('label').notNull().default(''),
    category: text('category').notNull().default(''),
    alertState: text('alert_state').notNull().default(''),
    config: jsonb('config')
      .$type<{ threshold_value?: number; threshold_condition?: string }>()
      .notNull()
      .default({}),
    timestamp: timestamp('timestamp', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastStatusChange: timestamp('last_status_change', { withTimezone: true, precision: 3 }),
    resolved: boolean('resolved').notNull().default(false),
    silenced: boolean('silenced').notNull().default(false),
    silencedToggledBy: text('silenced_toggled_by'),
    silencedTimestamp: timestamp('silenced_timestamp', { withTimezone: true, precision: 3 }),
    closedBy: text('closed_by'),
    legacy: boolean('legacy').notNull().default(false),
  },
  (t) => [
    /** The lists: one organization's alerts of one type, newest first. */
    index('alerts_org_listing_idx').on(t.orgGuid, t.alertType, t.timestamp, t.alertGuid),
    index('alerts_device_idx').on(t.deviceGuid),
    check('alerts_device_alert_has_device', sql`${t.alertType} <> 'device' or ${t.deviceGuid} is not null`),
  ],
);
