import { randomBytes } from 'node:crypto';
import type { ProvisionedDevice } from '@ec/contract/devices';
import type { DeviceProduct } from '@ec/contract/products';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { digest } from '../auth/secrets.ts';
import { devicesRepository } from './devices.repository.ts';
import { deviceSerialSequence } from './devices.schema.ts';

const formatSerial = (n: number) =>
  `${String(Math.floor(n / 10000)).padStart(4, '0')}-${String(n % 10000).padStart(4, '0')}`;

/** A locally administered unicast MAC address (02:...). */
const randomMac = () =>
  ['02', ...Array.from(randomBytes(5), (b) => b.toString(16).padStart(2, '0'))].join(':').toUpperCase();

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Factory provisioning: registers devices with serials and link credentials. The password is returned
 * once, for the device's firmware; only its digest is stored.
 */
export async function provisionDevices(
  db: Db,
  input: { count: number; productName?: DeviceProduct },
): Promise<ProvisionedDevice[]> {
  if (input.count === 0) return [];
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
    } as const;
  });
  const inserted = await devicesRepository(db).insertMany(rows);
  return inserted.map((device, index) => ({
    device_guid: device.deviceGuid,
    serial_number: device.serialNumber,
    product_name: device.productName,
    mac_address: device.macAddress,
    mqtt_username: device.deviceGuid,
    mqtt_password: passwords[index]!,
  }));
}
