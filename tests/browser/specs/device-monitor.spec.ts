import { encoderStatusText } from '@ec/contract/shadow-documents/encoders';
import { FORMAT_UNDEFINED } from '@ec/contract/shadow-documents/inputs';
import { shadowRegistry } from '@ec/contract/shadow-registry';
import type { Shadow } from '@ec/contract/shadows';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolationsInBothThemes } from '../support/axe.ts';
import { demoOrgDevices, demoOrgHeaders, openAsDemoAdmin } from '../support/demo-org.ts';
import { expectNoHorizontalScroll } from '../support/layout.ts';

/**
 * The device page's monitor view (spec 2 §2.5, §2.13, §4.3): on a demo device's Info tab, its inputs,
 * encoders and outputs with the status labels of what the device reports (read through the API here),
 * the product label's capabilities dialog and the streaming status dialog; no serious axe finding in
 * either theme; the view fits a 390 px phone.
 */

type Entry = Record<string, unknown> & { config?: { name?: string } };
const listOf = (shadows: Shadow[], name: string, key: string) =>
  ((shadows.find((s) => s.shadow_name === name)?.reported?.state?.[key] as Entry[] | undefined) ?? []).slice(
    0,
    100,
  );

async function openMonitor(page: Page, deviceGuid: string) {
  await openAsDemoAdmin(page, `/devices/${deviceGuid}`);
  return page.getByRole('region', { name: 'Monitor' });
}

test('the monitor view shows what the device reports; the product and streaming labels open their dialogs', async ({
  page,
  request,
}) => {
  const [device] = (await demoOrgDevices(request)).filter((d) => d.online);
  if (!device) throw new Error('the demo organization has no online device');
  const answer = await request.get(`/v1/devices/${device.device_guid}/shadows`, {
    headers: await demoOrgHeaders(request),
    params: { shadow_names: 'Inputs,Encoders,Outputs' },
  });
  expect(answer.ok()).toBe(true);
  const { shadows } = (await answer.json()) as { shadows: Shadow[] };

  const monitor = await openMonitor(page, device.device_guid);
  const inputs = monitor.getByRole('table', { name: 'Inputs' });
  for (const input of listOf(shadows, 'Inputs', 'inputs')) {
    const format =
      input.video_input_format === FORMAT_UNDEFINED ? 'No Signal' : String(input.video_input_format);
    await expect(
      inputs
        .getByRole('row')
        .filter({ hasText: input.config?.name ?? '' })
        .first(),
    ).toContainText(format);
  }
  const encoders = monitor.getByRole('table', { name: 'Encoders' });
  for (const encoder of listOf(shadows, 'Encoders', 'encoders')) {
    await expect(
      encoders
        .getByRole('row')
        .filter({ hasText: encoder.config?.name ?? '' })
        .first(),
    ).toContainText(encoderStatusText(encoder).text);
  }
  const outputs = monitor.getByRole('table', { name: 'Outputs' });
  const reportedOutputs = listOf(shadows, 'Outputs', 'outputs');
  await expect(outputs.getByRole('row')).toHaveCount(Math.max(reportedOutputs.length, 1) + 1);
  for (const output of reportedOutputs) {
    await expect(
      outputs
        .getByRole('row')
        .filter({ hasText: output.config?.name ?? '' })
        .first(),
    ).toContainText(shadowRegistry.Outputs.entryStatus(output).text);
  }
  expect(await seriousViolationsInBothThemes(page, 'section[aria-labelledby]')).toEqual([]);

  // The product label: the product's hardware and capabilities.
  await monitor.getByRole('button', { name: /^Edgecaster( Max)?$/ }).click();
  const capabilities = page.getByRole('dialog', { name: /Capabilities$/ });
  await expect(capabilities.getByRole('table', { name: 'Capabilities' })).toBeVisible();
  await expect(capabilities.getByText('Maximum Resolution')).toBeVisible();
  await capabilities.getByRole('button', { name: 'Close' }).click();
  await expect(capabilities).toBeHidden();

  // The streaming status dialog.
  await monitor.getByRole('button', { name: /^Streaming status:/ }).click();
  const status = page.getByRole('dialog', { name: 'Streaming Status' });
  await expect(status.getByText('Device Online')).toBeVisible();
  await expect(status.getByText('Configuration State')).toBeVisible();
  expect(await seriousViolationsInBothThemes(page, '[role="dialog"]')).toEqual([]);
  await status.getByRole('button', { name: 'Close' }).click();
  await expect(status).toBeHidden();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the monitor view fits the screen', async ({ page, request }) => {
    const [device] = await demoOrgDevices(request);
    const monitor = await openMonitor(page, device!.device_guid);
    await expect(
      monitor.getByRole('list', { name: 'Outputs' }).or(monitor.getByText('This device has no state')),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
