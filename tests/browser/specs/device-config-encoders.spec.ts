import { minMessage } from '@ec/contract/shadow-documents/fields';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo.ts';
import { demoOrgDevices } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * The Inputs and Encoders configuration tabs (spec 3 §2.2-2.3, §4.1, §5) against a simulated encoder:
 * an invalid bitrate is refused at its field in the contract's words, a valid one is applied by the
 * device and reported back, and an input's settings are saved the same way.
 */
async function onlineDevice(request: APIRequestContext) {
  const device = (await demoOrgDevices(request)).find((candidate) => candidate.online);
  if (!device) throw new Error('the demo organization needs an online device');
  return device;
}

const shownVersion = async (page: Page) =>
  Number((await page.getByTestId('shadow-version').textContent())?.replace(/\D/g, ''));

/** Opens the first entry of the table (holding `rowText`) by its name's button; answers its name and form. */
async function openFirst(page: Page, table: string, rowText?: string) {
  const row = page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('button'), ...(rowText ? { hasText: rowText } : {}) })
    .first();
  const name = (await row.getByRole('button').first().textContent()) ?? '';
  await row.getByRole('button', { name }).click();
  return { name, form: page.getByRole('region', { name: `${name} settings` }) };
}

test("a video encoder's bitrate is refused out of range, then applied and reported by the device", async ({
  page,
  request,
}) => {
  const device = await onlineDevice(request);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto(`/devices/${device.device_guid}/config/encoders`);

  const { name, form } = await openFirst(page, 'Encoders', 'Video Encoder');
  const bitrate = form.getByLabel('Bitrate (kbps)');
  await expect(bitrate).toBeEditable();
  await bitrate.fill('50');
  await expect(form.getByText(minMessage(100))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  const wanted = String(2000 + (Date.now() % 5000));
  await bitrate.fill(wanted);
  await expect(form.getByText(minMessage(100))).toBeHidden();
  const version = await shownVersion(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/The device applied the configuration/)).toBeVisible();
  await expect(page.getByTestId('shadow-version')).toHaveText(`Version: ${version + 1}`);

  await page.reload();
  await page.getByRole('table', { name: 'Encoders' }).getByRole('button', { name }).click();
  await expect(
    page.getByRole('region', { name: `${name} settings` }).getByLabel('Bitrate (kbps)'),
  ).toHaveValue(wanted);
});

test("an input's name and rotation are saved, applied and reported", async ({ page, request }) => {
  const device = await onlineDevice(request);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto(`/devices/${device.device_guid}/config/inputs`);

  const { form } = await openFirst(page, 'Inputs');
  const wanted = `Stage ${Date.now() % 100_000}`;
  await form.getByRole('combobox', { name: 'Video Rotation' }).click();
  await page.getByRole('option', { name: '180°' }).click();
  // The form's heading follows the name as it is typed.
  await form.getByLabel('Name').fill(wanted);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/The device applied the configuration/)).toBeVisible();

  await page.reload();
  await page.getByRole('table', { name: 'Inputs' }).getByRole('button', { name: wanted }).click();
  const saved = page.getByRole('region', { name: `${wanted} settings` });
  await expect(saved.getByLabel('Name')).toHaveValue(wanted);
  await expect(saved.getByRole('combobox', { name: 'Video Rotation' })).toHaveText('180°');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the encoder form fits the screen', async ({ page, request }) => {
    const device = await onlineDevice(request);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto(`/devices/${device.device_guid}/config/encoders`);
    const list = page
      .getByRole('list', { name: 'Encoders' })
      .or(page.getByRole('table', { name: 'Encoders' }));
    await list.getByRole('button').first().click();
    await expect(page.getByRole('region', { name: /settings$/ }).getByLabel('Name')).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
