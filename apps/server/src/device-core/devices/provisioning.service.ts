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

/** A locally administered unicast MAC address (02:...). */
const randomMac = () =>
  ['02', ...Array.from(randomBytes(5), (b) => b.toString(16).padStart(2, '0'))].join(':').toUpperCase();

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
  const passwords: string[] = [];
  const rows = serials.map((row, index) => {
    const password = randomBytes(24).toString('base64url');
    passwords.push(password);
    const productName = input.productName ?? (index % 3 === 2 ? 'edgecaster_max' : 'edgecaster');
    return {
      serialNumber: formatSerial(Number(row.n)),
      productName,
      macAddress: randomMac(),
      manufactureDate: daysAgo(30 + (index % 300)),
      mqttSecretHash: digest(password),
      partnerId: input.partnerId ?? null,
    } as const;
  });
  const inserted = await db.transaction(async (tx) => {
    const created = await devicesRepository(tx).insertMany(rows);
    await accounts.create(
      created.map((device, index) => ({
        deviceGuid: device.deviceGuid,
        secretHash: rows[index]!.mqttSecretHash,
      })),
    );
    return created;
  });
  return inserted.map((device, index) => ({
    device_guid: device.deviceGuid,
    serial_number: device.serialNumber,
    product_name: device.productName,
    mac_address: device.macAddress,
    partner_id: device.partnerId,
    mqtt_username: device.deviceGuid,
    mqtt_password: passwords[index]!,
  }));
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
