import type { Device } from '@ec/contract/devices';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addMemoryRule } from '../support/alert-rules.ts';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { DEMO_ADMIN } from '../support/demo.ts';
import { DEMO_ADMIN_NAME, demoOrgHeaders, landInDemoOrg, openAsDemoAdmin } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';
import { signIn } from '../support/sign-in.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * The alerts screens (spec 2 §2.10, §4.4): an alert the server raises on a device of the spec's own
 * (a memory rule any reading breaks, on an encoder that reports metrics every second) reaches /alerts
 * and the bell without a reload; it is silenced, unsilenced and closed; an organization template is
 * created and edited; the legacy Device Offline setting is saved. The alerting device reads Device Alerts
 * in the device list and its page's header shows it in the alert toolbar. No serious axe finding in
 * either theme; the page fits a 390 px phone.
 */

async function activeCount(request: APIRequestContext) {
  const answer = await request.get('/v1/alerts/active_count', { headers: await demoOrgHeaders(request) });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { active: number }).active;
}

/** The device's active alerts, as the device list's API counts them. */
async function deviceAlertCount(request: APIRequestContext, deviceGuid: string) {
  const answer = await request.get(`/v1/devices/${deviceGuid}`, { headers: await demoOrgHeaders(request) });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { device: Device }).device.alert_count;
}

/** The bell's count as its name reads it ('Alerts: 3'). */
async function expectBell(page: Page, request: APIRequestContext) {
  await expect(async () => {
    const count = await activeCount(request);
    await expect(page.getByRole('button', { name: `Alerts: ${count}` })).toBeVisible({ timeout: 1000 });
  }).toPass();
}

async function openAlerts(page: Page) {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await landInDemoOrg(page, (button) => button.click());
  await page.getByRole('link', { name: 'Alerts', exact: true }).first().click();
  await expect(page).toHaveURL(/\/alerts$/);
}

test('an alert the server raises shows on /alerts and in the bell at once; silence, unsilence, close', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const spare = await spareDevice(request, 'edgecaster', { metricsIntervalMs: 1000 });
  const label = `Memory Watch ${Date.now() % 100_000}`;
  try {
    await openAsDemoAdmin(page, '/alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Recent device alerts' })).toBeVisible();

    await addMemoryRule(request, spare.device.device_guid, label);
    const current = page.getByRole('table', { name: 'Current alerts' });
    const row = current.getByRole('row').filter({ hasText: label });
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: /^Unresolved:/ })).toBeVisible();
    // The history lists are not polled: only the live channel brings the new alert into them.
    await expect(page.getByRole('table', { name: 'Recent device alerts' }).getByText(label)).toBeVisible();
    await expectBell(page, request);

    await row.getByRole('button', { name: 'Silence' }).click();
    await expect(row.getByRole('button', { name: /^Silenced:/ })).toBeVisible();
    await expectBell(page, request);
    await row.getByRole('button', { name: /^Silenced:/ }).click();
    const details = page.getByRole('dialog', { name: label });
    await expect(details).toContainText(`${DEMO_ADMIN_NAME} (${DEMO_ADMIN.email})`);
    await details.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Unsilence' }).click();
    await expect(row.getByRole('button', { name: /^Unresolved:/ })).toBeVisible();

    // The pointer leaves the buttons: a hovered button's tint is not what the page looks like.
    await page.mouse.move(0, 0);
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);

    // The device reads Device Alerts in the device list (spec 2 §4.2) and its header names the alert.
    await page.getByRole('link', { name: 'All Devices' }).click();
    await page.getByRole('searchbox', { name: 'Serial Number' }).fill(spare.device.serial_number);
    const deviceRow = page.getByRole('row').filter({ hasText: spare.device.serial_number });
    await expect(deviceRow.getByText('Device Alerts', { exact: true })).toBeVisible();
    // Its icon counts the device's active alerts as the server does: the memory rule's, and any of the
    // demo organization's templates (High CPU Utilization on a sample above 90) that a reading breaks.
    await expect(async () => {
      const count = await deviceAlertCount(request, spare.device.device_guid);
      expect(count).toBeGreaterThanOrEqual(1);
      const name = `${count} active alert${count === 1 ? '' : 's'}`;
      await expect(deviceRow.getByRole('img', { name })).toBeVisible({ timeout: 1000 });
    }).toPass();
    await deviceRow.getByRole('link').first().click();
    const toolbar = page.getByRole('group', { name: 'Device alerts' });
    await expect(
      toolbar.getByRole('link', { name: `${label}: Unresolved since`, exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Streaming status: Device Alerts' })).toBeVisible();
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
    await page.goBack();
    await page.goBack();
    await expect(row).toBeVisible();

    // Without readings the condition cannot come back: a closed alert leaves the current list.
    await spare.goOffline();
    await row.getByRole('button', { name: 'Close Alert' }).click();
    await expect(current.getByText(label)).toHaveCount(0);
    await expectBell(page, request);
  } finally {
    await spare.release();
  }
});

test('an organization template is created and edited, then removed', async ({ page }) => {
  await openAlerts(page);
  await page.getByRole('link', { name: 'Alert templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alert Templates' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Alert' });
  await dialog.getByLabel(/Name/).fill('filesystem_userdata_percent_used');
  await expect(dialog.getByLabel(/Label/)).toHaveValue('High Filesystem Utilization');
  await dialog.getByRole('button', { name: 'Create' }).click();

  const editor = page.getByRole('region', { name: 'High Filesystem Utilization settings' });
  const create = editor.getByRole('button', { name: 'Create' });
  await editor.getByRole('textbox', { name: 'Threshold' }).fill('full');
  await expect(create).toBeDisabled();
  await editor.getByRole('textbox', { name: 'Threshold' }).fill('95');
  await create.click();
  const table = page.getByRole('table', { name: 'Alert templates' });
  const row = table.getByRole('row').filter({ hasText: 'High Filesystem Utilization' });
  await expect(row).toContainText('GreaterThan 95');

  await row.getByRole('button', { name: 'High Filesystem Utilization' }).click();
  await editor.getByRole('textbox', { name: 'Threshold' }).fill('97');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('GreaterThan 97');
  expect(await seriousViolationsInBothThemes(page)).toEqual([]);

  await row.getByRole('button', { name: 'High Filesystem Utilization' }).click();
  await editor.getByRole('button', { name: 'Delete Template' }).click();
  await page.getByRole('dialog', { name: 'Delete Template' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByText('High Filesystem Utilization')).toHaveCount(0);
});

test('the legacy Device Offline setting is saved', async ({ page, request }) => {
  const headers = await demoOrgHeaders(request);
  const settingsUrl = `/v1/orgs/${headers['x-org-guid']}/alert_settings`;
  const before = await (await request.get(settingsUrl, { headers })).json();
  try {
    await openAlerts(page);
    await page.getByRole('link', { name: 'Legacy alert settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Legacy Alert Settings' })).toBeVisible();
    const emails = page.getByRole('combobox', { name: 'Notify e-mail addresses' });
    await emails.fill('night-desk@example.com');
    await emails.press('Enter');
    await page.getByRole('switch', { name: 'Notify when the alert closes' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Alert settings saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: 'night-desk@example.com' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Notify when the alert closes' })).not.toBeChecked();
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);
  } finally {
    await request.put(settingsUrl, { headers, data: before });
  }
});

test('the alerts page fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAsDemoAdmin(page, '/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.goto('/alerts/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Alert Templates' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
