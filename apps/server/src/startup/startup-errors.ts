/**
 * One line that says what is wrong at start-up and how to fix it, in place of a stack trace. Known
 * causes are named; anything else keeps its own message.
 */
const codeOf = (error: unknown): string | undefined => {
  let current: unknown = error;
  // Drizzle wraps the driver's error; the code that matters is on the innermost one that has one.
  while (current && typeof current === 'object') {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') return String(code);
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

const innermostMessage = (error: unknown): string => {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
};

/** Codes of a service that is not up yet (or not reachable yet): worth waiting for. */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: the database system is starting up / shutting down.
  '57P03',
]);

export const isTransientStartupError = (error: unknown) => TRANSIENT_CODES.has(codeOf(error) ?? '');

/** Where a URL points, without its credentials. */
const hostOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || (parsed.protocol.startsWith('postgres') ? '5432' : '1883')}`;
  } catch {
    return 'the configured address';
  }
};
const databaseNameOf = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
  } catch {
    return '(unknown)';
  }
};

export function explainDatabaseError(error: unknown, databaseUrl: string | undefined): string {
  if (!databaseUrl) return `The embedded database (PGlite) could not start: ${innermostMessage(error)}`;
  const where = `PostgreSQL at ${hostOf(databaseUrl)} (DATABASE_URL)`;
  switch (codeOf(error)) {
    case '3D000':
      return `The database "${databaseNameOf(databaseUrl)}" does not exist on ${where}: create it (createdb ${databaseNameOf(databaseUrl)}) or name an existing one in DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `${where} refused the user and password of DATABASE_URL: check them, or the server's pg_hba.conf.`;
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `Cannot reach ${where}: is it running, and is DATABASE_URL right?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host of DATABASE_URL (${hostOf(databaseUrl)}) is unknown: check DATABASE_URL.`;
    default:
      return `${where} could not be opened: ${innermostMessage(error)}`;
  }
}

export function explainBrokerError(error: unknown, mqttUrl: string | undefined): string {
  if (!mqttUrl)
    return `The embedded MQTT broker could not start: ${innermostMessage(error)} (is MQTT_PORT free?)`;
  const where = `the MQTT broker at ${hostOf(mqttUrl)} (MQTT_URL)`;
  switch (codeOf(error)) {
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `Cannot reach ${where}: is it running, and is MQTT_URL right?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host of MQTT_URL (${hostOf(mqttUrl)}) is unknown: check MQTT_URL.`;
    case '4':
    case '5':
    case '134':
    case '135':
      return `${where} refused the user and password in MQTT_URL: check them and the broker's access rules.`;
    default:
      return `${where} could not be used: ${innermostMessage(error)}`;
  }
}

/** The demo's simulated devices could not connect to the device broker: most often a configuration that cannot work. */
export function explainDemoDeviceError(
  error: unknown,
  config: { MQTT_URL?: string; MQTT_DEVICE_AUTH: 'plugin' | 'none' },
): string {
  const where = config.MQTT_URL
    ? `The MQTT broker at ${hostOf(config.MQTT_URL)} (MQTT_URL)`
    : 'The embedded MQTT broker';
  const refused = ['4', '5', '134', '135'].includes(codeOf(error) ?? '');
  if (refused && config.MQTT_URL && config.MQTT_DEVICE_AUTH !== 'plugin')
    return `${where} refused the demo's devices: it checks device logins, and without MQTT_DEVICE_AUTH=plugin the console makes devices no accounts there. Set MQTT_DEVICE_AUTH=plugin (Mosquitto with Edgecaster's device accounts plugin, deploy/mosquitto), or start with DEMO=0.`;
  return `${where} did not let the demo's devices connect (${innermostMessage(error)}); start with DEMO=0 to run without them.`;
}
