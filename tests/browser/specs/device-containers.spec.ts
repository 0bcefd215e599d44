import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { demoOrgHeaders, openAsDemoAdmin } from '../support/demo-org.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * Containers on a device (spec 3 §2.7, §4.4, §4.5): on an encoder licensed for Docker, install a
 * container from the directory and uninstall it (Standard view); pull an image, create a container
 * from it and start it, watch its coloured log lines arrive live, and stop it (Advanced view).
 * The spec's own Edgecaster Max gets a Docker licence through the licensing calls, as an entitlement
 * administrator (the demo admin) would give it.
 */

/** A spare Edgecaster Max with a serial-number licence for Docker (and nothing else). */
async function dockerLicensedDevice(request: APIRequestContext) {
  const spare = await spareDevice(request, 'edgecaster_max', { commandStepMs: 50 });
  const headers = await demoOrgHeaders(request);
  const profile = await request.post('/v1/entitlements/profiles', {
    headers,
    data: {
      profile_name: `Docker ${spare.device.serial_number}`,
      profile_platform: 'edgecaster_max',
      properties: { 'services.docker.enabled': true },
    },
  });
  expect(profile.status()).toBe(201);
  const licence = await request.post('/v1/entitlements/licenses', {
    headers,
    data: { profile_guid: (await profile.json()).profile_guid, serial_number: spare.device.serial_number },
  });
  expect(licence.status()).toBe(201);
  const { license_id } = (await licence.json()) as { license_id: string };
  return {
    device: spare.device,
    async release() {
      await request.delete(`/v1/entitlements/licenses/${license_id}`, {
        headers,
        data: { reason: 'device-containers spec' },
      });
      await spare.release();
    },
  };
}

/** Signs the demo admin in and opens the device's Containers tab. */
async function openContainersTab(page: Page, deviceGuid: string) {
  await openAsDemoAdmin(page, `/devices/${deviceGuid}/containers`);
  return page.getByRole('tabpanel', { name: 'Containers' });
}

test('install a container from the directory and uninstall it', async ({ page, request }) => {
  const licensed = await dockerLicensedDevice(request);
  try {
    const tab = await openContainersTab(page, licensed.device.device_guid);
    const available = tab.getByRole('table', { name: 'Available Containers' });
    const installed = tab.getByRole('table', { name: 'Installed Containers' });
    // The directory's licensable gateway needs a licence naming it; the Max-only recorder is offered.
    await expect(available.getByRole('button', { name: 'Not Licensed SRT Gateway' })).toBeDisabled();
    await expect(available.getByRole('button', { name: 'Install Stream Recorder' })).toBeEnabled();
    await expect(available.getByText('Caption Bridge (beta)')).toHaveCount(0);

    await available.getByRole('button', { name: 'Install HTML5 Player' }).click();
    // The device pulls the image, creates the container from the entry's manifest and starts it.
    await expect(tab.getByRole('status').filter({ hasText: 'Installed HTML5 Player' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(installed.getByRole('button', { name: 'Uninstall html5-player' })).toBeVisible({
      timeout: 10_000,
    });
    await expect(available.getByRole('button', { name: 'Installed HTML5 Player' })).toBeDisabled();
    expect(await seriousViolationsInBothThemes(page, '[role="tabpanel"]')).toEqual([]);

    await installed.getByRole('button', { name: 'Uninstall html5-player' }).click();
    await expect(installed.getByRole('button', { name: 'Uninstall html5-player' })).toHaveCount(0, {
      timeout: 15_000,
    });
    await expect(available.getByRole('button', { name: 'Install HTML5 Player' })).toBeEnabled();
  } finally {
    await licensed.release();
  }
});

test('pull an image, create and start a container, watch its logs live, stop it', async ({
  page,
  request,
}) => {
  const licensed = await dockerLicensedDevice(request);
  try {
    const tab = await openContainersTab(page, licensed.device.device_guid);
    await tab.getByRole('button', { name: 'Advanced' }).click();
    const statuses = tab.getByRole('status');

    await tab.getByRole('button', { name: 'Pull Image' }).click();
    const pull = page.getByRole('dialog', { name: 'Pull Image' });
    await pull.getByLabel('Repository').fill('nginx');
    await pull.getByRole('button', { name: 'Pull' }).click();
    await expect(statuses.filter({ hasText: 'Pulled nginx:latest' })).toBeVisible({ timeout: 15_000 });
    const images = tab.getByRole('table', { name: 'Images' });
    await expect(images.getByRole('cell', { name: 'nginx:latest', exact: true })).toBeVisible({
      timeout: 10_000,
    });

    await tab.getByRole('button', { name: 'Create Container' }).click();
    const create = page.getByRole('dialog', { name: 'Create Container' });
    await create.getByLabel('Name').fill('web1');
    await create.getByRole('combobox', { name: 'Image' }).click();
    await page.getByRole('option', { name: 'nginx:latest' }).click();
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(statuses.filter({ hasText: 'Created container web1' })).toBeVisible({ timeout: 15_000 });

    await tab.getByRole('button', { name: 'Manage web1' }).click();
    const manage = tab.getByRole('region', { name: 'Manage Container' });
    const log = manage.getByRole('log', { name: 'Logs of web1' });
    await expect(log).toHaveText('Waiting for log stream...');
    await manage.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(manage.getByRole('status')).toHaveText('Started web1', { timeout: 15_000 });
    // Its lines arrive over the live channel, coloured: ansi_up turns the codes into styled spans.
    await expect(log).toContainText('web1: served request', { timeout: 15_000 });
    await expect(log.locator('span[style*="color"]').first()).toBeVisible();

    await manage.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(manage.getByRole('status')).toHaveText('Stopped web1', { timeout: 15_000 });
    await expect(tab.getByRole('table', { name: 'Containers' }).getByText('exited')).toBeVisible({
      timeout: 10_000,
    });
    expect(await seriousViolationsInBothThemes(page, '[role="tabpanel"]')).toEqual([]);
  } finally {
    await licensed.release();
  }
});
