import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { DEMO_ADMIN } from '../support/demo.ts';
import { demoOrgDevices, openAsDemoAdmin } from '../support/demo-org.ts';
import { expectNoHorizontalScroll, expectWithinWidth } from '../support/layout.ts';

/**
 * The History panel of a configuration tab (issue 13, beyond spec 3) against a simulated encoder: two
 * saves on the System tab show as two versions with who made them, compared in the form's words; the
 * older one restored goes to the device as a set and comes back as a new version with the old value.
 */

/** An online device the other configuration specs leave alone (they take the first and the last). */
async function onlineDevice(request: APIRequestContext) {
  const online = (await demoOrgDevices(request)).filter((candidate) => candidate.online);
  const device = online[1] ?? online[0];
  if (!device) throw new Error('the demo organization needs an online device');
  return device;
}

async function openSystemTab(page: Page, deviceGuid: string) {
  await openAsDemoAdmin(page, `/devices/${deviceGuid}/config/system`);
  await expect(page.getByLabel('NTP Server')).toBeEnabled();
}

/** Saves the NTP server and answers the version the device applied it as. */
async function saveNtpServer(page: Page, value: string): Promise<number> {
  await page.getByLabel('NTP Server').fill(value);
  await page.getByRole('button', { name: 'Save' }).click();
  const applied = page.getByText(/The device applied the configuration \(version \d+\)/);
  await expect(applied).toBeVisible();
  const version = Number(/version (\d+)/.exec((await applied.textContent()) ?? '')?.[1]);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(applied).toBeHidden();
  return version;
}

test('two saves show in the history with who made them, compared in words, and the older one is restored', async ({
  page,
  request,
}) => {
  const device = await onlineDevice(request);
  await openSystemTab(page, device.device_guid);
  const stamp = Date.now() % 100_000;
  const first = `history-a-${stamp}.example.com`;
  const second = `history-b-${stamp}.example.com`;
  const older = await saveNtpServer(page, first);
  const newer = await saveNtpServer(page, second);

  await page.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'System history' });
  const versions = dialog.getByRole('list', { name: 'Versions' });
  const newest = versions.getByRole('button', { name: new RegExp(`^Version ${newer} \\(current\\)`) });
  const previous = versions.getByRole('button', { name: new RegExp(`^Version ${older}\\b`) });
  await expect(newest).toContainText(`by ${DEMO_ADMIN.email}`);
  await expect(previous).toContainText(`by ${DEMO_ADMIN.email}`);
  const changes = dialog.getByRole('table', { name: `Changes from version ${older} to version ${newer}` });
  await expect(changes.getByRole('row', { name: /NTP Server/ })).toContainText(`“${first}”“${second}”`);
  expect(await seriousViolationsInBothThemes(page, '[role="dialog"]')).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  await previous.click();
  await dialog.getByRole('button', { name: `Restore version ${older}` }).click();
  const confirm = page.getByRole('dialog', { name: `Restore version ${older}?` });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog).toBeHidden();
  const applied = page.getByText(/The device applied the configuration \(version \d+\)/);
  await expect(applied).toBeVisible();
  const restored = Number(/version (\d+)/.exec((await applied.textContent()) ?? '')?.[1]);
  expect(restored).toBeGreaterThan(newer);
  await expect(page.getByTestId('shadow-version')).toHaveText(`Version: ${restored}`);
  await expect(page.getByLabel('NTP Server')).toHaveValue(first);

  await page.getByRole('button', { name: 'History' }).click();
  await expect(
    dialog.getByRole('list', { name: 'Versions' }).getByRole('button', { name: /^Version \d+ \(current\)/ }),
  ).toContainText(`Version ${restored} (current)`);
  await expect(
    dialog.getByRole('table', { name: `Changes from version ${newer} to version ${restored}` }),
  ).toContainText(`“${second}”“${first}”`);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the history panel fills the screen and its comparison fits it', async ({ page, request }) => {
    const device = await onlineDevice(request);
    await openSystemTab(page, device.device_guid);
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'System history' });
    await expect(dialog.getByRole('list', { name: 'Versions' }).getByRole('button').first()).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    await expectWithinWidth(dialog.getByRole('region', { name: 'Comparison' }));
    await expectWithinWidth(dialog.getByRole('button', { name: 'Close' }));
    await expectNoHorizontalScroll(page);
  });
});
