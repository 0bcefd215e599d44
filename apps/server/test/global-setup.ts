import { createTemplate, dropTemplate } from './test-databases.ts';

export async function setup() {
  process.env.EC_TEST_RUN ??= String(process.pid);
  await createTemplate();
}

export async function teardown() {
  await dropTemplate();
}
