import type { Page } from '@playwright/test';

/** The output types the open Create Output dialog offers now (its Output Type list, closed again). */
export async function offeredOutputTypes(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Create Output' });
  await dialog.getByRole('combobox', { name: 'Output Type' }).click();
  const options = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
}
