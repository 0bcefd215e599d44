import type { Device } from '@ec/contract/devices';
import { templateStateOf } from '@ec/contract/shadow-template-state';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { DEMO_ADMIN } from '../support/demo.ts';
import { announcedDeviceName, demoOrgHeaders, landInDemoOrg } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';
import { signIn } from '../support/sign-in.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * A configuration rollout in waves (issue 26): the demo admin rolls an Inputs template out from the
 * Shadow Templates page to three spare devices in waves of two, watches the first wave acknowledge
 * live, and sees the third device, which refuses the set, stop the rollout with its reason. The Roll
 * Out dialog and the rollout's page have no serious axe violation and fit a 390 px phone.
 */

/** A template of the first spare device's Inputs with its first input renamed, made through the API. */
async function inputsTemplate(request: APIRequestContext, device: Device, name: string) {
  const headers = await demoOrgHeaders(request);
  const answer = await request.get(`/v1/devices/${device.device_guid}/shadows`, {
    headers,
    params: { shadow_names: 'Inputs' },
  });
  const { shadows } = (await answer.json()) as { shadows: { reported: { state: unknown } }[] };
  const state = templateStateOf('Inputs', shadows[0]!.reported.state) as { inputs: { config: object }[] };
  state.inputs[0]!.config = { ...state.inputs[0]!.config, name: 'Rolled out input' };
  const saved = await request.post(`/v1/orgs/${headers['x-org-guid']}/shadow_templates`, {
    headers,
    data: { templates: [{ template_name: name, shadow_name: 'Inputs', state }] },
  });
  expect(saved.ok()).toBe(true);
}

/** Ticks one device in the device selector by its serial (the search applies 2 s after typing). */
async function pick(page: Page, serial: string, name: string) {
  const selector = page.getByRole('dialog', { name: 'Select Devices' });
  await selector.getByRole('searchbox', { name: 'Serial Number' }).fill(serial);
  const checkbox = selector.getByRole('checkbox', { name: `Select ${name}` });
  await expect(checkbox).toBeVisible({ timeout: 10_000 });
  await checkbox.check();
}

test('a template rolled out in two waves; a device that refuses the change stops the rollout', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const spares = await Promise.all([spareDevice(request), spareDevice(request), spareDevice(request)]);
  try {
    const devices = spares.map((spare) => spare.device as unknown as Device);
    const names = await Promise.all(
      devices.map((device) => announcedDeviceName(request, device.device_guid)),
    );
    const templateName = `Rollout inputs ${Date.now() % 100_000}`;
    await inputsTemplate(request, devices[0]!, templateName);
    spares[2]!.rejectSets();

    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await landInDemoOrg(page, (button) => button.click());
    await page.getByRole('navigation').getByRole('link', { name: 'Templates' }).click();
    await expect(page.getByRole('heading', { name: 'Shadow Templates', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: `Roll out ${templateName} to devices` }).click();

    const dialog = page.getByRole('dialog', { name: 'Roll Out' });
    await expect(dialog.getByText(`the template “${templateName}” (Inputs)`)).toBeVisible();
    expect(await seriousViolationsInBothThemes(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Select Devices' }).click();
    for (const [index, spare] of spares.entries())
      await pick(page, spare.device.serial_number, names[index]!);
    await page.getByRole('dialog', { name: 'Select Devices' }).getByRole('button', { name: 'Done' }).click();
    await expect(dialog.getByText('3 devices selected')).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Wave size' }).fill('2');
    await expect(dialog.getByText('3 devices in 2 waves.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Start Rollout' }).click();

    // The rollout's page: the first wave acknowledges, the refusing device stops the rollout.
    await expect(page).toHaveURL(/\/rollouts\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { name: `Rollout: Template “${templateName}” (Inputs)` }),
    ).toBeVisible();
    const firstWave = page.getByRole('region', { name: 'Wave 1' });
    await expect(firstWave.getByText('2 Acknowledged')).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText(`Stopped: ${names[2]} rejected the change: Refused by the device (simulated)`),
    ).toBeVisible({
      timeout: 30_000,
    });
    const secondWave = page.getByRole('region', { name: 'Wave 2' });
    await expect(secondWave.getByRole('row', { name: new RegExp(names[2]!) })).toContainText('Rejected');
    await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
    expect(await seriousViolationsInBothThemes(page)).toEqual([]);

    // The list shows it stopped; at 390 px both pages fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    await page.goto('/rollouts');
    await expect(
      page.getByRole('link', { name: `Template “${templateName}” (Inputs)` }).first(),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
  } finally {
    await Promise.all(spares.map((spare) => spare.release()));
  }
});
