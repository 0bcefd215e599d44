import type { Shadow } from '@ec/contract/shadows';
import { expect, test } from '@playwright/test';
import { addMemoryRule } from '../support/alert-rules.ts';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import {
  demoDeviceWithSignal,
  demoOrgDevices,
  demoOrgHeaders,
  openAsDemoAdmin,
} from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';

/**
 * A fleet's Monitor, Multi-view, Alerts, Templates and Drift tabs (spec 2 §2.6, spec 3 §7, issue 26)
 * walked as the demo admin would: the monitor's cards of the fleet's devices with Configure Device, the
 * live previews sorted as the stored preference says and in full screen, a fleet alert created and
 * saved with the whole list, an organization template copied into the fleet, and a device changed
 * away from a fleet template shown drifting beside one in sync. An empty fleet says so on each.
 */
test('the demo admin walks a fleet’s Monitor, Multi-view, Alerts, Templates and Drift tabs', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = await demoOrgHeaders(request);
  const { device: live, inputName } = await demoDeviceWithSignal(request);
  const others = (await demoOrgDevices(request)).filter((d) => d.device_guid !== live.device_guid);
  const devices = [live, ...others.slice(0, 2)];
  const fleetName = `Fleet tabs ${Date.now()}`;
  const created = await request.post('/v1/fleets', { headers, data: { fleet_name: fleetName } });
  expect(created.ok(), await created.text()).toBe(true);
  const { fleet_guid: fleetGuid } = (await created.json()) as { fleet_guid: string };
  const added = await request.post(`/v1/fleets/${fleetGuid}/devices`, {
    headers,
    data: { devices: devices.map((d) => d.device_guid) },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const empty = await request.post('/v1/fleets', { headers, data: { fleet_name: `${fleetName} empty` } });
  const { fleet_guid: emptyGuid } = (await empty.json()) as { fleet_guid: string };
  const templateName = `Fleet tabs template ${Date.now()}`;
  const template = await request.post(`/v1/orgs/${headers['x-org-guid']}/shadow_templates`, {
    headers,
    data: { templates: [{ template_name: templateName, state: { config: { device_name: 'Stage left' } } }] },
  });
  expect(template.ok(), await template.text()).toBe(true);

  await openAsDemoAdmin(page, `/fleets/${fleetGuid}`);
  await expect(page.getByRole('heading', { level: 1, name: fleetName })).toBeVisible();

  // Monitor: a card per device, each with the device's monitor view while online.
  await page.getByRole('tab', { name: 'Monitor' }).click();
  await expect(page).toHaveURL(new RegExp(`/fleets/${fleetGuid}/monitor$`));
  const liveName = live.device_name || live.serial_number;
  const card = page.getByRole('region', { name: liveName, exact: true });
  for (const device of devices)
    await expect(
      page.getByRole('region', { name: device.device_name || device.serial_number, exact: true }),
    ).toBeVisible();
  await expect(card.getByRole('region', { name: 'Monitor' })).toBeVisible();
  await expect(card.getByRole('table', { name: 'Inputs' })).toContainText(inputName);
  await card.getByRole('button', { name: `Refresh ${liveName}` }).click();
  await card.getByRole('button', { name: `Configure Device ${liveName}` }).click();
  const configure = page.getByRole('dialog', { name: `Configure ${liveName}` });
  await configure.getByRole('tab', { name: 'System' }).click();
  await expect(configure.getByRole('tabpanel', { name: 'System configuration' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/fleets/${fleetGuid}/monitor$`));
  await configure.getByRole('button', { name: 'Close' }).click();
  await expect(configure).toBeHidden();
  expect(await seriousViolationsInBothThemes(page, 'main')).toEqual([]);

  // Multi-view: the live input's tile, sorted as the preference says, which a reload keeps.
  await page.getByRole('tab', { name: 'Multi-view' }).click();
  const previews = page.getByRole('list', { name: 'Input previews' });
  await expect(previews.getByRole('heading', { name: `${liveName} · ${inputName}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    previews.getByRole('img', { name: `Preview of ${inputName} of ${liveName}` }),
  ).toHaveJSProperty('tagName', 'IMG', { timeout: 15_000 });
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Input Name' }).click();
  await page.getByRole('combobox', { name: 'Order' }).click();
  await page.getByRole('option', { name: 'Descending' }).click();
  const inputOf = (tile: string) => tile.split(' · ')[1] ?? '';
  const byInputDescending = (tiles: string[]) =>
    [...tiles].sort((a, b) =>
      inputOf(b).localeCompare(inputOf(a), undefined, { sensitivity: 'base', numeric: true }),
    );
  await expect
    .poll(async () => {
      const tiles = await previews.getByRole('heading').allTextContents();
      return tiles.map(inputOf).join('|') === byInputDescending(tiles).map(inputOf).join('|');
    })
    .toBe(true);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Input Name');
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveText('Descending');
  await page.getByRole('button', { name: 'Full Screen' }).click();
  await expect(page.getByRole('button', { name: 'Exit Full Screen' })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.getByRole('button', { name: 'Exit Full Screen' }).click();
  await expect(page.getByRole('button', { name: 'Full Screen' })).toBeVisible();
  expect(await seriousViolationsInBothThemes(page, 'main')).toEqual([]);

  // Alerts: a predefined alert created, its type changed back and forth, saved with the whole list.
  await page.getByRole('tab', { name: 'Alerts' }).click();
  const table = page.getByRole('table', { name: 'Fleet alerts' });
  await expect(table.getByText('No fleet alerts')).toBeVisible();
  await page.getByRole('button', { name: 'Create Alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Alert' });
  await dialog.getByLabel('Name').fill('thermal_system_temp_current');
  await expect(dialog.getByLabel('Label')).toHaveValue('High Temperature');
  await dialog.getByLabel('Label').fill('');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Label').fill('Fleet High Temperature');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(table.getByRole('row', { name: /Fleet High Temperature/ })).toContainText('New');
  const settings = page.getByRole('region', { name: 'Fleet High Temperature settings' });
  await expect(settings.getByLabel('Threshold')).toHaveValue('80');
  await settings.getByLabel('Threshold').fill('hot');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await settings.getByLabel('Threshold').fill('75');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByRole('row', { name: /Fleet High Temperature/ })).toContainText('OK');
  await page.reload();
  const saved = page
    .getByRole('table', { name: 'Fleet alerts' })
    .getByRole('row', { name: /Fleet High Temperature/ });
  await expect(saved).toContainText('fleet');
  const answer = await request.get(`/v1/fleets/${fleetGuid}/alerts`, { headers });
  const { alerts } = (await answer.json()) as {
    alerts: { label: string; config: { threshold_value: number } }[];
  };
  expect(alerts.map((a) => [a.label, a.config.threshold_value])).toEqual([['Fleet High Temperature', 75]]);
  expect(await seriousViolationsInBothThemes(page, 'main')).toEqual([]);

  // Templates: an organization template copied into the fleet, then deleted.
  await page.getByRole('tab', { name: 'Templates' }).click();
  const templates = page.getByRole('table', { name: 'Fleet templates' });
  await expect(templates.getByText('No fleet templates')).toBeVisible();
  await page.getByRole('button', { name: 'Copy Organization Template' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy Organization Template' });
  await copy.getByRole('combobox', { name: 'Organization template' }).click();
  await page.getByRole('option', { name: `${templateName} (System)` }).click();
  await copy.getByLabel('Name in the fleet').fill(`${templateName} (fleet)`);
  await copy.getByRole('button', { name: 'Copy' }).click();
  await expect(templates.getByRole('row', { name: new RegExp(`${templateName} \\(fleet\\)`) })).toContainText(
    'System',
  );
  expect(await seriousViolationsInBothThemes(page, 'main')).toEqual([]);
  await templates.getByRole('button', { name: `Delete ${templateName} (fleet)` }).click();
  await page.getByRole('dialog', { name: 'Delete Template' }).getByRole('button', { name: 'Delete' }).click();
  await expect(templates.getByText('No fleet templates')).toBeVisible();

  // Drift: a fleet Alerts template saved from one device's alerts; another device's alerts changed
  // away from it drifts, the first is in sync.
  const [, moved] = devices;
  const shadows = await request.get(`/v1/devices/${live.device_guid}/shadows`, {
    headers,
    params: { shadow_names: 'Alerts' },
  });
  const [liveAlerts] = ((await shadows.json()) as { shadows: Shadow[] }).shadows;
  const drift = await request.post(`/v1/fleets/${fleetGuid}/shadow_templates`, {
    headers,
    data: {
      templates: [
        { template_name: 'Drift alerts', shadow_name: 'Alerts', state: liveAlerts?.reported?.state },
      ],
    },
  });
  expect(drift.ok(), await drift.text()).toBe(true);
  await addMemoryRule(request, moved!.device_guid, `Drift ${Date.now()}`);
  await page.getByRole('tab', { name: 'Drift' }).click();
  await expect(page).toHaveURL(new RegExp(`/fleets/${fleetGuid}/drift$`));
  const movedName = moved!.device_name || moved!.serial_number;
  const movedRow = page.getByRole('button', {
    name: new RegExp(`${movedName}.*Drifting \\(\\d+ difference`),
  });
  await expect(movedRow).toBeVisible();
  await expect(page.getByRole('group', { name: liveName })).toContainText('In sync');
  await movedRow.press('Enter');
  await expect(page.getByRole('table', { name: `Differences of ${movedName}` })).toContainText('Alerts');
  expect(await seriousViolationsInBothThemes(page, 'main')).toEqual([]);

  // An empty fleet: nothing to monitor and no previews; the tabs fit a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/fleets/${emptyGuid}/monitor`);
  await expect(page.getByText('No configured devices')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.goto(`/fleets/${emptyGuid}/multiview`);
  await expect(page.getByText('No previews available')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.goto(`/fleets/${fleetGuid}/alerts`);
  await expect(page.getByRole('button', { name: 'Fleet High Temperature' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  await request.delete(`/v1/fleets/${fleetGuid}`, { headers, data: { reason: 'test over' } });
  await request.delete(`/v1/fleets/${emptyGuid}`, { headers, data: { reason: 'test over' } });
});
