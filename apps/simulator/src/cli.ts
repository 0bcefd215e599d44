#!/usr/bin/env -S npx tsx
import { parseArgs } from 'node:util';
import { sessionTokenSchema } from '@ec/contract/auth';
import { type ProvisionedDevice, provisionDevicesResponseSchema } from '@ec/contract/devices';
import { DEVICE_PRODUCTS, type DeviceProduct } from '@ec/contract/products';
import { startSimulatedFleet } from './fleet.ts';

const usage = `Usage: ec-simulator --count N [--server URL] [--email E] [--password P] [--product edgecaster|edgecaster_max]

Provisions N new devices on the console (as a DeviceManagement admin) and runs them as simulated
encoders until interrupted.`;

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10' },
    server: { type: 'string', default: 'http://127.0.0.1:8080' },
    email: { type: 'string', default: process.env.DEMO_ADMIN_EMAIL ?? 'admin@example.com' },
    password: { type: 'string', default: process.env.DEMO_ADMIN_PASSWORD ?? 'demo-admin-password' },
    product: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

async function post(url: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${url}: ${(answer as { message?: string }).message ?? response.status}`);
  return answer;
}

async function main() {
  const count = Number(values.count);
  if (values.help || !Number.isInteger(count) || count < 1) {
    console.log(usage);
    process.exit(values.help ? 0 : 1);
  }
  if (values.product && !DEVICE_PRODUCTS.includes(values.product as DeviceProduct)) {
    throw new Error(`--product must be one of ${DEVICE_PRODUCTS.join(', ')}`);
  }
  const api = `${values.server.replace(/\/$/, '')}/v1`;
  const session = sessionTokenSchema.parse(
    await post(`${api}/auth/sign-in`, { email: values.email, password: values.password }),
  );
  const provisioned = provisionDevicesResponseSchema.parse(
    await post(`${api}/provisioning/devices`, { count, product_name: values.product }, session.access_token),
  );
  console.log(`Provisioned ${count} devices; connecting to ${provisioned.mqtt_url}`);
  const fleet = await startSimulatedFleet(provisioned.devices as ProvisionedDevice[], provisioned.mqtt_url, {
    onProgress: (started, total) => {
      if (started % 100 === 0 || started === total) console.log(`connected ${started}/${total}`);
    },
  });
  console.log(`Serial numbers: ${fleet.devices.map((d) => d.device.serial_number).join(', ')}`);
  const shutdown = async () => {
    await fleet.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
