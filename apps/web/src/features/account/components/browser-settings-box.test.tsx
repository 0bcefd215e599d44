import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preferences } from '../../../lib/preferences';
import { makeSessionUser } from '../../../testing/data-generators';
import { renderAccountPage } from '../testing/account-fixtures';

describe('BrowserSettingsBox', () => {
  it('keeps the local preferences in this browser', async () => {
    const ann = makeSessionUser();
    const { user } = renderAccountPage(ann);
    const box = await screen.findByRole('region', { name: 'Browser Specific Settings' });
    expect(within(box).queryByRole('switch', { name: 'Shadow Debug' })).not.toBeInTheDocument();

    await user.click(within(box).getByRole('switch', { name: 'Dark Mode' }));
    expect(preferences.get().darkMode).toBe(true);
    await user.click(within(box).getByRole('switch', { name: 'Ignore Reactive Layout' }));
    expect(preferences.get().ignoreReactive).toBe(true);
    expect(within(box).getByRole('switch', { name: 'Ignore Reactive Layout' })).toBeChecked();
  });

  it('keeps the multiview sort, by device name ascending unless changed', async () => {
    const { user } = renderAccountPage(makeSessionUser());
    const box = await screen.findByRole('region', { name: 'Browser Specific Settings' });
    expect(within(box).getByRole('combobox', { name: 'Multiview Sort By' })).toHaveTextContent('Device Name');
    expect(within(box).getByRole('combobox', { name: 'Multiview Sort Order' })).toHaveTextContent(
      'Ascending',
    );

    await user.click(within(box).getByRole('combobox', { name: 'Multiview Sort By' }));
    await user.click(screen.getByRole('option', { name: 'Input Name' }));
    await user.click(within(box).getByRole('combobox', { name: 'Multiview Sort Order' }));
    await user.click(screen.getByRole('option', { name: 'Descending' }));
    expect(preferences.get()).toMatchObject({ multiviewSortBy: 'input_name', multiviewSortOrder: 'desc' });
    expect(within(box).getByRole('combobox', { name: 'Multiview Sort By' })).toHaveTextContent('Input Name');
  });

  it('offers the shadow debug toggle to platform admins only', async () => {
    const { user } = renderAccountPage(makeSessionUser({ groups: ['DeviceManagement'] }));
    const box = await screen.findByRole('region', { name: 'Browser Specific Settings' });
    await user.click(within(box).getByRole('switch', { name: 'Shadow Debug' }));
    expect(preferences.get().shadowDebug).toBe(true);
  });

  it('does not count the container group as platform admin', async () => {
    renderAccountPage(makeSessionUser({ groups: ['ContainerManagement'] }));
    const box = await screen.findByRole('region', { name: 'Browser Specific Settings' });
    expect(within(box).queryByRole('switch', { name: 'Shadow Debug' })).not.toBeInTheDocument();
  });
});
