import pg from 'pg';
import { DEMO_ADMIN } from '../support/demo.ts';

/** Share of the seeded devices online, and among the online ones the outputs' streaming status (spec 2 §4.1). */
const ONLINE_SHARE = 0.6;
const SITES = ['Studio', 'Arena', 'Newsroom', 'Chapel', 'Stadium', 'Campus', 'Theatre', 'Truck'];

export interface SeededFleet {
  orgGuid: string;
  devices: number;
  online: number;
  streaming: number;
  /** A seeded device's serial number, for a search that finds a handful of rows. */
  sampleSerial: string;
  seconds: number;
}

async function apiCall(baseUrl: string, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/v1${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Gives the demo organization `count` more devices, as a large customer's would look: provisioned
 * through the API (both products, one call), then adopted and given what their connection would have
 * stored, in one statement on the console's PostgreSQL database: names from the System shadow
 * (sites and numbers), a reported state with versions and addresses, 60 % online, and among those
 * 40 % streaming, 10 % with an output in error and the rest not streaming. Connecting ten thousand
 * simulators is the device benches' business; here only what the pages read matters.
 */
export async function seedLargeFleet(
  baseUrl: string,
  databaseUrl: string,
  count: number,
): Promise<SeededFleet> {
  const start = performance.now();
  const { access_token: token } = await apiCall(baseUrl, '', 'POST', '/auth/sign-in', DEMO_ADMIN);
  const provisioned: { devices: { device_guid: string; serial_number: string }[] } = await apiCall(
    baseUrl,
    token,
    'POST',
    '/provisioning/devices',
    { count },
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // The demo's organization: the one its adopted devices are in.
    const { rows } = await db.query<{ org_guid: string }>(
      'select org_guid from devices where org_guid is not null group by org_guid order by count(*) desc limit 1',
    );
    const orgGuid = rows[0]?.org_guid;
    if (!orgGuid) throw new Error('the demo organization has no devices');
    const guids = provisioned.devices.map((device) => device.device_guid);
    const result = await db.query<{ online: boolean; outputs_status: number | null }>(
      `with seeded as (
         select guid, ordinality as n from unnest($2::uuid[]) with ordinality as t(guid)
       )
       update devices d set
         org_guid = $1, adopted_at = now(),
         device_name = ($3::text[])[1 + (seeded.n % array_length($3::text[], 1))] || ' ' || lpad(seeded.n::text, 5, '0'),
         online = (seeded.n % 10) < $4::float8 * 10,
         online_changed_at = now(),
         state = jsonb_build_object(
           'firmware_version', '4.2.' || (seeded.n % 7), 'system_version', '2.' || (seeded.n % 3),
           'daemon_version', '1.9.' || (seeded.n % 5), 'cloud_version', '3.1.' || (seeded.n % 4),
           'device_ip', '10.' || (seeded.n / 65536 % 256) || '.' || (seeded.n / 256 % 256) || '.' || (seeded.n % 256),
           'external_ip', '203.0.113.' || (seeded.n % 250)),
         state_updated_at = now(),
         outputs_status = case when (seeded.n / 10) % 10 < 4 then 1 when (seeded.n / 10) % 10 = 4 then 0 else 2 end
       from seeded where d.device_guid = seeded.guid
       returning d.online, d.outputs_status`,
      [orgGuid, guids, SITES, ONLINE_SHARE],
    );
    const online = result.rows.filter((row) => row.online);
    await db.query('analyze devices');
    return {
      orgGuid,
      devices: result.rowCount ?? 0,
      online: online.length,
      streaming: online.filter((row) => row.outputs_status === 1).length,
      sampleSerial: provisioned.devices[Math.floor(count / 2)]?.serial_number ?? '',
      seconds: (performance.now() - start) / 1000,
    };
  } finally {
    await db.end();
  }
}
