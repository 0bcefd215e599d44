import { readFile } from 'node:fs/promises';
import type { Device } from '@ec/contract/devices';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { demoOrgDevices, demoOrgHeaders, openAsDemoAdmin } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * Metrics (spec 2 §2.11, §4.13): a simulated device's CPU readings (a spare device of this spec's own
 * that reports every second, so nothing waits for the demo's one-minute pace) appear in the explorer's
 * graph and Data tab once device and metric are picked; the CSV export holds the header and the rows;
 * the address reproduces the view. The device's Info tab shows chart tiles (system readings and each
 * output's bitrate) whose larger chart's 'Modify Query' opens the explorer on that metric.
 * No serious axe finding in either theme; the explorer reads on a 390 px phone.
 */
test('a device’s metrics in the explorer and on its Info tab', async ({ page, request }) => {
  const spare = await spareDevice(request, 'edgecaster', { metricsIntervalMs: 1000 });
  try {
    await explore(page, request, spare.device.device_guid);
  } finally {
    await spare.release();
  }
});

/**
 * Spec 2 §2.11's `timestamp`: a shared view pinned to a moment shows the period ending then (a demo
 * device's day of history), says so, exports only that hour, and 'Now' brings it back to the present.
 */
test('a view pinned to a moment shows the hour before it, and Now brings it back', async ({
  page,
  request,
}) => {
  const [device] = await demoOrgDevices(request);
  if (!device) throw new Error('the demo organization has no device');
  const end = new Date(Math.floor((Date.now() - 3 * 3600_000) / 60_000) * 60_000);
  await openAsDemoAdmin(
    page,
    `/metrics?device_guids=${device.device_guid}&metrics=system%2Fcpu_percent_used&period_key=1hr&timestamp=${end.toISOString()}&section=data`,
  );
  await expect(page.getByText(/^Ending \d{4}\/\d\d\/\d\d /)).toBeVisible();
  const table = page.getByRole('table', { name: 'Metric values' });
  await expect(table.locator('tbody tr').first()).toContainText(/\d+(\.\d+)?%/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const times = (await readFile((await download.path())!, 'utf8'))
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => new Date(line.split(',').at(-2)!).getTime());
  expect(times.length).toBeGreaterThan(0);
  for (const time of times) {
    expect(time).toBeGreaterThanOrEqual(end.getTime() - 3600_000);
    expect(time).toBeLessThan(end.getTime());
  }

  await page.getByRole('button', { name: 'Now' }).click();
  await expect(page).not.toHaveURL(/timestamp=/);
  await expect(page.getByText(/^Ending /)).toHaveCount(0);
});

async function explore(page: Page, request: APIRequestContext, deviceGuid: string) {
  const headers = await demoOrgHeaders(request);
  const answer = await request.get(`/v1/devices/${deviceGuid}`, { headers });
  const { device } = (await answer.json()) as { device: Device };
  const name = device.device_name || device.serial_number;
  // The console lists a metric once a device reported it.
  await expect
    .poll(async () => JSON.stringify(await (await request.get('/v1/devices/metrics', { headers })).json()), {
      message: 'the spare device reports its CPU',
    })
    .toContain('cpu_percent_used');

  await openAsDemoAdmin(page, '/metrics');
  await expect(page.getByRole('heading', { level: 1, name: 'Metrics Explorer' })).toBeVisible();
  await expect(page.getByText('No devices specified for query')).toBeVisible();

  await page.getByRole('combobox', { name: 'Devices' }).fill(name);
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Metrics' }).click();
  await page.getByRole('option', { name: 'CPU Utilization' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`device_guids=${device.device_guid}`));
  await expect(page).toHaveURL(/metrics=system%2Fcpu_percent_used/);

  // The graph: a canvas named by its latest value.
  const graph = page.getByRole('img', { name: /^Metrics: latest .*CPU Utilization \d+(\.\d+)?%$/ });
  await expect(graph).toBeVisible();
  await expect(graph.locator('canvas')).toBeVisible();
  expect(await seriousViolationsInBothThemes(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: null });

  // The Data tab: the same values as rows, kept in the address.
  await page.getByRole('tab', { name: 'Data' }).click();
  await expect(page).toHaveURL(/[?&]section=data(&|$)/);
  const table = page.getByRole('table', { name: 'Metric values' });
  const rows = table.locator('tbody tr').filter({ hasText: name }).filter({ hasText: 'CPU Utilization' });
  await expect(rows.first()).toContainText(/\d+(\.\d+)?%/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^metrics_cpu_percent_used_\d{8}T\d{4}-\d{8}T\d{4}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe('Device,Metric,Unit,Time,Value');
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) {
    expect(line).toMatch(/,CPU Utilization,percent,\d{4}-\d\d-\d\dT[\d:.]+Z,\d+(\.\d{1,2})?$/);
  }

  // The address alone opens the same view.
  const shared = page.url();
  const again = await page.context().newPage();
  await again.goto(shared);
  await expect(again.getByRole('tab', { name: 'Data', selected: true })).toBeVisible();
  await expect(again.getByRole('button', { name })).toBeVisible();
  await expect(again.getByRole('button', { name: 'CPU Utilization' })).toBeVisible();
  await expect(
    again.getByRole('table', { name: 'Metric values' }).locator('tbody tr').filter({ hasText: name }).first(),
  ).toBeVisible();
  await again.close();

  // The device's chart tiles, and the explorer from a tile's larger chart.
  await page.goto(`/devices/${device.device_guid}`);
  const tiles = page.getByRole('region', { name: 'Metrics' });
  const cpuTile = tiles.getByRole('button', { name: /^CPU Utilization: \d+(\.\d+)?%/ });
  await expect(cpuTile).toBeVisible();
  for (const label of ['Memory Utilization', 'Filesystem Utilization', 'System Temperature']) {
    await expect(tiles.getByRole('button', { name: new RegExp(`^${label}: `) })).toBeVisible();
  }
  // And one for each output's bitrate, named as the output is.
  await expect(tiles.getByRole('button', { name: / Bitrate: / }).first()).toBeVisible();
  expect(await seriousViolationsInBothThemes(page, 'section[aria-label="Metrics"]')).toEqual([]);
  await page.emulateMedia({ colorScheme: null });
  await cpuTile.click();
  const dialog = page.getByRole('dialog', { name: 'CPU Utilization' });
  await expect(dialog.getByRole('img', { name: /latest/ }).locator('canvas')).toBeVisible();
  await dialog.getByRole('link', { name: 'Modify Query' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/metrics\\?device_guids=${device.device_guid}&metrics=system%2Fcpu_percent_used$`),
  );
  await expect(page.getByRole('img', { name: /^Metrics: latest / })).toBeVisible();

  // On a phone the explorer's controls stack and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('img', { name: /^Metrics: latest / }).locator('canvas')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('tab', { name: 'Data' }).click();
  await expect(page.getByRole('list', { name: 'Metric values' }).getByRole('listitem').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
}
