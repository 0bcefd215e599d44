import { DEVICE_PUBLISH_SUFFIXES, DEVICE_SUBSCRIBE_SUFFIXES, deviceTopics } from '@ec/contract/device-link';
import { SHADOW_NAMES } from '@ec/contract/shadows';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDb } from '../../test/test-databases.ts';
import { loadConfig } from '../config/env.ts';
import { devices } from '../db/tables/devices.schema.ts';
import { provisionDevices } from '../device-core/devices/provisioning.service.ts';
import { digest } from '../shared/secrets.ts';
import {
  type BrokerAccounts,
  BrokerAccountsUnavailableError,
  type DeviceAccount,
  deviceTopicRules,
  unmanagedBrokerAccounts,
} from './broker-accounts.ts';

const GUID = '0f8e4c1a-5b2d-4e6f-8a9b-0c1d2e3f4a5b';
const relative = (topic: string) => topic.slice(`${deviceTopics(GUID).base}/`.length);

describe('a device account on an external broker', () => {
  const rules = deviceTopicRules(GUID);
  const published = rules.publish.map(relative);
  const subscribed = rules.subscribe.map(relative);

  it('allows what the embedded broker allows, within the device own topics only', () => {
    expect(
      [...rules.publish, ...rules.subscribe].every((topic) =>
        topic.startsWith(`${deviceTopics(GUID).base}/`),
      ),
    ).toBe(true);
    // Each shadow name in place of the wildcard is a topic the embedded broker lets the device publish.
    const concrete = published.flatMap((suffix) =>
      suffix.includes('+') ? SHADOW_NAMES.map((name) => suffix.replace('+', name)) : [suffix],
    );
    for (const suffix of concrete)
      expect(
        DEVICE_PUBLISH_SUFFIXES.some((rule) => rule.test(suffix)),
        suffix,
      ).toBe(true);
    for (const suffix of subscribed)
      expect(
        DEVICE_SUBSCRIBE_SUFFIXES.some((rule) => rule.test(suffix)),
        suffix,
      ).toBe(true);
    // And every rule of the embedded broker has its ACL: a topic added to one is added to the other.
    for (const rule of DEVICE_PUBLISH_SUFFIXES)
      expect(
        concrete.some((suffix) => rule.test(suffix)),
        `${rule}`,
      ).toBe(true);
    for (const rule of DEVICE_SUBSCRIBE_SUFFIXES)
      expect(
        subscribed.some((suffix) => rule.test(suffix)),
        `${rule}`,
      ).toBe(true);
  });

  it('lets the device subscribe to nothing but its cloud → device topics', () => {
    expect(subscribed.sort()).toEqual(['commands', 'entitlements', 'shadows/command']);
    expect(published).not.toContain('shadows/command');
    expect(published).not.toContain('commands');
    expect(published).not.toContain('entitlements');
  });
});

describe('provisioning with broker accounts', () => {
  let database: TestDb;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const recording = (fail: boolean) => {
    const created: DeviceAccount[] = [];
    const accounts: BrokerAccounts = {
      ...unmanagedBrokerAccounts,
      managed: true,
      async create(credentials) {
        if (fail)
          throw new BrokerAccountsUnavailableError('the device accounts plugin did not answer in time');
        created.push(...credentials);
      },
    };
    return { accounts, created };
  };

  it('gives every new device its account, the digest of the password handed to its firmware', async () => {
    const { accounts, created } = recording(false);
    const provisioned = await provisionDevices({ db: database.db, accounts }, { count: 300 });
    expect(created).toEqual(
      provisioned.map((device) => ({
        deviceGuid: device.device_guid,
        secretHash: digest(device.mqtt_password),
      })),
    );
    // Each device as stored is the one answered: its serial, MAC address and the digest of its password.
    const stored = await database.db
      .select({
        guid: devices.deviceGuid,
        serial: devices.serialNumber,
        mac: devices.macAddress,
        hash: devices.mqttSecretHash,
      })
      .from(devices)
      .where(
        inArray(
          devices.deviceGuid,
          provisioned.map((device) => device.device_guid),
        ),
      );
    const byGuid = new Map(stored.map((row) => [row.guid, row]));
    expect(
      provisioned.map((device) => ({
        guid: device.device_guid,
        serial: device.serial_number,
        mac: device.mac_address,
        hash: digest(device.mqtt_password),
      })),
    ).toEqual(provisioned.map((device) => byGuid.get(device.device_guid)));
    expect(new Set(provisioned.map((device) => device.mqtt_password)).size).toBe(300);
    expect(provisioned.every((device) => /^02(:[0-9A-F]{2}){5}$/.test(device.mac_address))).toBe(true);
    expect(provisioned.every((device) => /^[A-Za-z0-9_-]{32}$/.test(device.mqtt_password))).toBe(true);
  });

  it('provisions nothing when the broker does not take the accounts', async () => {
    const before = (await database.db.select({ guid: devices.deviceGuid }).from(devices)).length;
    const { accounts } = recording(true);
    await expect(provisionDevices({ db: database.db, accounts }, { count: 2 })).rejects.toBeInstanceOf(
      BrokerAccountsUnavailableError,
    );
    expect(await database.db.select({ guid: devices.deviceGuid }).from(devices)).toHaveLength(before);
  });
});

describe('MQTT_DEVICE_AUTH', () => {
  it('is none by default and plugin only with an external broker', () => {
    expect(loadConfig({}).MQTT_DEVICE_AUTH).toBe('none');
    expect(
      loadConfig({ MQTT_URL: 'mqtt://u:p@broker:1883', MQTT_DEVICE_AUTH: 'plugin' }).MQTT_DEVICE_AUTH,
    ).toBe('plugin');
    expect(() => loadConfig({ MQTT_DEVICE_AUTH: 'plugin' })).toThrow(
      /MQTT_DEVICE_AUTH: plugin needs an external broker/,
    );
    expect(() => loadConfig({ MQTT_URL: 'mqtt://broker', MQTT_DEVICE_AUTH: 'dynsec' })).toThrow(
      /MQTT_DEVICE_AUTH/,
    );
    expect(() => loadConfig({ MQTT_URL: 'mqtt://broker', MQTT_DEVICE_AUTH: 'acl' })).toThrow(
      /MQTT_DEVICE_AUTH/,
    );
  });
});
