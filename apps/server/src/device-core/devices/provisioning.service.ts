import { randomBytes } from 'node:crypto';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { deviceSerialSequence, devices } from '../../db/tables/devices.schema.ts';
import type { BrokerAccounts } from '../../device-link/broker-accounts.ts';
import { digest } from '../../shared/secrets.ts';
import { devicesRepository } from './devices.repository.ts';

const formatSerial = (n: number) =>
  `${String(Math.floor(n / 10000)).padStart(4, '0')}-${String(n % 10000).padStart(4, '0')}`;

/** A device's link password: 24 random bytes, 32 characters of base64url. */
const PASSWORD_BYTES = 24;
/** The random part of a MAC address. */
const MAC_BYTES = 5;
const RANDOM_BYTES_PER_DEVICE = PASSWORD_BYTES + MAC_BYTES;

/** A locally administered unicast MAC address (02:...) from five random bytes. */
const macAddress = (bytes: Uint8Array) =>
  ['02', ...Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))].join(':').toUpperCase();

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Factory provisioning: registers devices with serials and link credentials. The password is returned
 * once, for the device's firmware; only its digest is stored. The devices and their broker accounts
 * (broker-accounts.ts) are made together: when the broker does not take the accounts, nothing is
 * provisioned and the call fails with BrokerAccountsUnavailableError.
 */
export async function provisionDevices(
  deps: { db: Db; accounts: BrokerAccounts },
  input: { count: number; productName?: DeviceProduct; partnerId?: string },
): Promise<ProvisionedDevice[]> {
  if (input.count === 0) return [];
  const { db, accounts } = deps;
  const serials = await db
    .select({ n: sql<string>`nextval(${`${deviceSerialSequence.seqName}`})::text` })
    .from(sql`generate_series(1, ${input.count})`);
  // Each device's password and MAC address from one draw of random bytes: a draw each cost about 80 ms
  // of the event loop for 10,000 devices.
  const random = randomBytes(input.count * RANDOM_BYTES_PER_DEVICE);
  const made = serials.map((row, index) => {
    const own = random.subarray(index * RANDOM_BYTES_PER_DEVICE, (index + 1) * RANDOM_BYTES_PER_DEVICE);
    const password = own.subarray(0, PASSWORD_BYTES).toString('base64url');
    const device = {
      serialNumber: formatSerial(Number(row.n)),
      productName: input.productName ?? (index % 3 === 2 ? 'edgecaster_max' : 'edgecaster'),
      macAddress: macAddress(own.subarray(PASSWORD_BYTES)),
      manufactureDate: daysAgo(30 + (index % 300)),
      mqttSecretHash: digest(password),
      partnerId: input.partnerId ?? null,
    } as const;
    return { device, password };
  });
  const guids = await db.transaction(async (tx) => {
    const created = await devicesRepository(tx).insertMany(made.map(({ device }) => device));
    await accounts.create(
      made.map(({ device }) => ({
        deviceGuid: created.get(device.serialNumber)!,
        secretHash: device.mqttSecretHash,
      })),
    );
    return created;
  });
  // By serial number: each password goes to the device it was made for.
  return made.map(({ device, password }) => {
    const deviceGuid = guids.get(device.serialNumber)!;
    return {
      device_guid: deviceGuid,
      serial_number: device.serialNumber,
      product_name: device.productName,
      mac_address: device.macAddress,
      partner_id: device.partnerId,
      mqtt_username: deviceGuid,
      mqtt_password: password,
    };
  });
}

/**
 * Start-up: the broker's device rules follow this version's topics, and devices without a broker
 * account (provisioned while the server ran on another broker, or the broker's accounts file was lost)
 * get it back from the digest of their secret, which is all the broker needs.
 */
export async function syncBrokerAccounts(deps: { db: Db; accounts: BrokerAccounts; log: FastifyBaseLogger }) {
  if (!deps.accounts.managed) return;
  const rows = await deps.db
    .select({ deviceGuid: devices.deviceGuid, secretHash: devices.mqttSecretHash })
    .from(devices);
  const restored = await deps.accounts.sync(rows);
  if (restored)
    deps.log.warn(
      { count: restored },
      'broker accounts: devices without an account on the broker got it back',
    );
}
