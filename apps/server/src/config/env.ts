import path from 'node:path';
import { bannerSchema } from '@ec/contract/platform';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', 'on', 'off'])
  .transform((value) => value === '1' || value === 'true' || value === 'on');

/** Every setting the server reads, validated at start-up (README: Configuration). */
/** One OpenID Connect provider for single sign-on; accounts of `domains` sign in through it. */
const oidcProviderSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_-]+$/, 'name: letters, digits, - and _ only'),
  label: z.string().min(1),
  issuer: z.url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  domains: z
    .array(
      z
        .string()
        .min(1)
        .transform((domain) => domain.toLowerCase()),
    )
    .min(1),
});
export type OidcProviderConfig = z.infer<typeof oidcProviderSchema>;

const oidcProvidersSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
      return z.NEVER;
    }
  })
  .pipe(z.array(oidcProviderSchema));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  MQTT_URL: z.url().optional(),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(18830),
  /**
   * The embedded broker on a thread of its own (device-link/start-embedded-broker-thread.ts, decision
   * 286). Off: on the main thread, as the server tests' many short-lived apps run it.
   */
  MQTT_BROKER_THREAD: flag.default(true),
  MQTT_PUBLIC_URL: z.url().optional(),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('ec-console'),
  /** Off only for a broker without $share support (aedes used as an external broker in tests). */
  MQTT_SHARED_SUBSCRIPTIONS: flag.default(true),
  /**
   * Threads of this process that take the devices' messages, each with its own connections to
   * PostgreSQL and the broker (startup/ingest-threads.ts, decision 273): the main thread then answers
   * people and runs the jobs while a fleet's storm is stored. 0: the main thread takes them.
   */
  INGEST_THREADS: z.coerce.number().int().min(0).max(8).default(0),
  /**
   * Who keeps the external broker's device accounts (device-link/broker-accounts.ts): `plugin`, this
   * server, through Edgecaster's Mosquitto plugin (deploy/mosquitto, scripts/start-mosquitto.sh);
   * `none`, the broker's own configuration. The embedded broker always checks devices itself.
   */
  MQTT_DEVICE_AUTH: z.enum(['plugin', 'none']).default('none'),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Edgecaster Cloud <no-reply@edgecaster.local>'),
  /**
   * A Twilio-compatible Messages endpoint with its credentials as the URL's user and password
   * (sms/sms-sender.ts); without it text messages go to the log.
   */
  SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The sender of text messages: a number in E.164 form or a sender ID the provider knows. */
  SMS_FROM: z.string().optional(),
  DEMO: flag.default(false),
  DEMO_ADMIN_EMAIL: z.email().default('admin@example.com'),
  DEMO_ADMIN_PASSWORD: z.string().min(8).default('demo-admin-password'),
  DEMO_DEVICES: z.coerce.number().int().min(0).max(10000).default(12),
  DEPLOYMENT_NAME: z.string().default('Edgecaster Cloud'),
  SUPPORT_URL: z.url().default('https://support.edgecaster.example'),
  /** Access tokens live this long; the browser renews them with the refresh token before they end. */
  SESSION_TTL_MINUTES: z.coerce.number().int().min(5).default(60),
  /** A session not renewed for this long ends; the user signs in again. */
  REFRESH_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  /**
   * Days each reported shadow version is kept in the version history; at most 1000 versions of each
   * shadow are kept however recent, and the version a shadow is at is always kept.
   */
  SHADOW_HISTORY_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Days raw metrics samples are kept (queries with buckets shorter than an hour read them). */
  METRICS_RAW_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  /** Days the hourly metrics roll-ups are kept (queries with buckets of whole hours read them). */
  METRICS_HOURLY_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  /** Multiplies how long a condition must hold before it raises an alert (ALERT_HOLD_SECONDS); tests shorten it. */
  ALERT_HOLD_SCALE: z.coerce.number().min(0).max(10).default(1),
  /**
   * Seconds a server process holds a rollout while it takes a step with it; a process that dies leaves
   * its rollouts to another after this (the kill test shortens it).
   */
  ROLLOUT_LEASE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** How long start-up waits for a PostgreSQL server or broker that is not reachable yet. */
  STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * The reverse proxies whose X-Forwarded-For this server believes (request.ip, so the per-address rate
   * limits and the logs see the browser, not the proxy): addresses or CIDR ranges, comma-separated, or
   * proxy-addr's names `loopback`, `linklocal`, `uniquelocal` (private ranges). Unset: none.
   */
  TRUST_PROXY: z.string().optional(),
  /**
   * Single sign-on providers as JSON: [{name, label, issuer, client_id, client_secret, domains}]. Their
   * redirect URI is PUBLIC_URL/auth/oauth_complete.
   */
  OIDC_PROVIDERS: oidcProvidersSchema.default([]),
  /** The banner shown to every user, JSON: {banner_id, title, html, icon?, color?}. */
  BANNER: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(bannerSchema)
    .optional(),
  /** The file store (profile pictures); share it between server processes. Default: DATA_DIR/files. */
  FILES_DIR: z.string().optional(),
});

/** Settings that depend on each other. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.SMS_URL && !env.SMS_FROM)
    ctx.addIssue({ code: 'custom', path: ['SMS_FROM'], message: 'required when SMS_URL is set' });
  if (env.INGEST_THREADS > 0 && (!env.DATABASE_URL || !env.MQTT_URL))
    ctx.addIssue({
      code: 'custom',
      path: ['INGEST_THREADS'],
      message:
        'needs PostgreSQL (DATABASE_URL) and an external broker (MQTT_URL): PGlite and the embedded broker serve one thread',
    });
  if (env.INGEST_THREADS > 1 && !env.MQTT_SHARED_SUBSCRIPTIONS)
    ctx.addIssue({
      code: 'custom',
      path: ['INGEST_THREADS'],
      message:
        'more than one needs shared subscriptions (MQTT_SHARED_SUBSCRIPTIONS), or each would store every message',
    });
  if (env.MQTT_DEVICE_AUTH === 'plugin' && !env.MQTT_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['MQTT_DEVICE_AUTH'],
      message: 'plugin needs an external broker (MQTT_URL); the embedded broker checks devices itself',
    });
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** Where the server is reached by browsers; links in e-mails point here. */
  publicUrl: string;
  dataDir: string;
  filesDir: string;
}

/** Reads the environment; throws one error listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in a shell's `DATABASE_URL= npm start`.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = checkedEnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    publicUrl: env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`,
    dataDir: path.resolve(env.DATA_DIR),
    filesDir: path.resolve(env.FILES_DIR ?? path.join(env.DATA_DIR, 'files')),
  };
}
