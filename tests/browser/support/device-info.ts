import type { Page } from '@playwright/test';

/** A value of the device page's Info grids (Device Info, Device State): the description after its term. */
export const infoValue = (page: Page, section: 'Device Info' | 'Device State', label: string) =>
  page
    .getByRole('region', { name: section })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
