import { INPUT_PREVIEW_MESSAGES } from '@ec/contract/input-preview';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { demoDeviceWithSignal, openAsDemoAdmin } from '../support/demo-org.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * Live input previews (spec 2 §4.8) on the device page's Info tab: a demo encoder's pictures and audio
 * meters arrive over the live channel; an offline device says why there is none. The demo admin holds
 * DeviceManagement, which needs no Input Preview licence.
 */

async function openInfoTab(page: Page, deviceGuid: string) {
  await openAsDemoAdmin(page, `/devices/${deviceGuid}`);
  return page.getByRole('region', { name: 'Input Preview' });
}

test('a demo encoder shows its inputs live, with audio meters, within 10 seconds', async ({
  page,
  request,
}) => {
  const { device, inputName } = await demoDeviceWithSignal(request);
  const section = await openInfoTab(page, device.device_guid);
  const picture = section.getByRole('img', { name: `Preview of ${inputName}` });
  await expect(picture).toHaveJSProperty('tagName', 'IMG', { timeout: 10_000 });
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  const firstPicture = await picture.getAttribute('src');
  await expect(section.getByRole('progressbar', { name: /^Audio channel 1 level$/ }).first()).toBeVisible();
  // The picture moves: a newer one replaces it a second or two later.
  await expect.poll(() => picture.getAttribute('src'), { timeout: 5000 }).not.toBe(firstPicture);
  expect(await seriousViolationsInBothThemes(page, 'section[aria-label="Input Preview"]')).toEqual([]);
});

test('an offline device says previews are unavailable', async ({ page, request }) => {
  const spare = await spareDevice(request);
  try {
    await spare.goOffline();
    const section = await openInfoTab(page, spare.device.device_guid);
    await expect(section.getByText(INPUT_PREVIEW_MESSAGES.offline).first()).toBeVisible();
    expect(await seriousViolationsInBothThemes(page, 'section[aria-label="Input Preview"]')).toEqual([]);
  } finally {
    await spare.release();
  }
});
