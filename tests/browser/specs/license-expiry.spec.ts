import { OUTPUT_TYPE_LABELS } from '@ec/contract/shadow-documents/output-types';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { DEMO_EDGECASTER_ADDON } from '../support/demo.ts';
import { demoOrgHeaders, openAsDemoAdmin } from '../support/demo-org.ts';
import { offeredOutputTypes } from '../support/output-types-offered.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * A licence that expires takes away what it granted without anyone touching it (spec 2 §4.10, spec 3
 * §4.8): the Outputs tab's Create dialog, open on an Edgecaster licensed for Zixi, stops offering Zixi
 * once the licence's expiry passes, told by the console's expiry job over the live channel; the
 * organization's licence manager then shows the licence as expired. A licence lasts at least a day, so
 * the test moves the stored expiry a few seconds ahead, as the passing of that day would: it needs the
 * console's database, and runs in the PostgreSQL + Mosquitto pass (scripts/test-all.mjs).
 */

const ZIXI = OUTPUT_TYPE_LABELS.zixi;
const databaseUrl = process.env.EC_CONSOLE_DATABASE_URL;

/** The licence's stored expiry moved to `seconds` from now, as the database's clock reads it. */
async function expireIn(licenseId: string, seconds: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const moved = await client.query(
      `update licenses set expires = now() + make_interval(secs => $2) where license_id = $1`,
      [licenseId, seconds],
    );
    expect(moved.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

test.skip(!databaseUrl, 'needs the console on PostgreSQL (EC_BROWSER_DATABASE_URL)');

test('an expiring licence takes Zixi out of the open Create Output dialog and shows expired', async ({
  page,
  request,
}) => {
  const headers = await demoOrgHeaders(request);
  const spare = await spareDevice(request, 'edgecaster');
  const licenseName = `Zixi until expiry ${spare.device.serial_number}`;
  try {
    const created = await request.post('/v1/entitlements/licenses', {
      headers,
      data: {
        profile_guid: DEMO_EDGECASTER_ADDON.profileGuid,
        serial_number: spare.device.serial_number,
        license_name: licenseName,
        lifespan_days: 1,
      },
    });
    expect(created.status()).toBe(201);
    const { license_id } = (await created.json()) as { license_id: string };

    await openAsDemoAdmin(page, `/devices/${spare.device.device_guid}/config/outputs`);
    await page.getByRole('button', { name: 'Create Output' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Output' })).toBeVisible();
    await expect
      .poll(() => offeredOutputTypes(page), { message: 'Zixi is offered while licensed' })
      .toContain(ZIXI);

    await expireIn(license_id, 2);
    await expect
      .poll(() => offeredOutputTypes(page), {
        message: 'Zixi is gone once the licence expires',
        timeout: 20_000,
      })
      .not.toContain(ZIXI);

    await page.keyboard.press('Escape');
    await page.goto('/licenses');
    const row = page.getByRole('row').filter({ hasText: licenseName });
    await expect(row.getByText(/\(expired\)/)).toBeVisible();
  } finally {
    await spare.release();
  }
});
