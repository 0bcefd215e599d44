import { OUTPUT_TYPE_LABELS } from '@ec/contract/shadow-documents/output-types';
import { expect, test } from '@playwright/test';
import { DEMO_EDGECASTER_ADDON } from '../support/demo.ts';
import { demoOrgHeaders, openAsDemoAdmin } from '../support/demo-org.ts';
import { offeredOutputTypes } from '../support/output-types-offered.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * A licence changes what a device may do at once (spec 2 §4.10, spec 3 §4.8): on an Edgecaster, whose
 * base profile grants no Zixi output, the Outputs tab's Create dialog offers Zixi as soon as an
 * entitlement administrator grants the device a licence through the API, and stops offering it when
 * the licence is deleted, without the page being reloaded (the live channel's device.entitlements).
 */

const ZIXI = OUTPUT_TYPE_LABELS.zixi;

test('a licence created through the API adds Zixi to the Create Output dialog; deleting it takes it away', async ({
  page,
  request,
}) => {
  const headers = await demoOrgHeaders(request);
  const spare = await spareDevice(request, 'edgecaster');
  try {
    await openAsDemoAdmin(page, `/devices/${spare.device.device_guid}/config/outputs`);
    await page.getByRole('button', { name: 'Create Output' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Output' })).toBeVisible();
    expect(await offeredOutputTypes(page)).not.toContain(ZIXI);

    const created = await request.post('/v1/entitlements/licenses', {
      headers,
      data: {
        profile_guid: DEMO_EDGECASTER_ADDON.profileGuid,
        serial_number: spare.device.serial_number,
        license_name: `Zixi for ${spare.device.serial_number}`,
        lifespan_days: 1,
      },
    });
    expect(created.status()).toBe(201);
    const { license_id } = (await created.json()) as { license_id: string };
    await expect
      .poll(() => offeredOutputTypes(page), { message: 'Zixi is offered once licensed' })
      .toContain(ZIXI);

    const deleted = await request.delete(`/v1/entitlements/licenses/${license_id}`, {
      headers,
      data: { reason: 'The browser test is done with it' },
    });
    expect(deleted.ok()).toBe(true);
    await expect
      .poll(() => offeredOutputTypes(page), { message: 'Zixi is gone once the licence is' })
      .not.toContain(ZIXI);
  } finally {
    await spare.release();
  }
});
