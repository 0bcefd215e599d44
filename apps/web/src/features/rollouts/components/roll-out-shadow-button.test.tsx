import type { Shadow } from '@ec/contract/shadows';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { RollOutShadowButton } from './roll-out-shadow-button';

const inputs: Shadow = {
  shadow_name: 'Inputs',
  reported: { current_version: 3, timestamp: '2026-01-01T12:00:00.000Z', state: { inputs: [] } },
  requested: null,
};

describe('RollOutShadowButton', () => {
  it("is offered to the device's editors once the document is reported, and opens the Roll Out dialog", async () => {
    const { user } = renderWithProviders(<RollOutShadowButton shadow={inputs} canEdit />);
    await user.click(screen.getByRole('button', { name: 'Roll Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll Out' });
    expect(
      within(dialog).getByText('Roll this Inputs configuration out to devices, one wave after another.'),
    ).toBeInTheDocument();
  });

  it('shows nothing to readers or before the device reported', () => {
    const { unmount } = renderWithProviders(<RollOutShadowButton shadow={inputs} canEdit={false} />);
    expect(screen.queryByRole('button', { name: 'Roll Out' })).toBeNull();
    unmount();
    renderWithProviders(<RollOutShadowButton shadow={{ ...inputs, reported: null }} canEdit />);
    expect(screen.queryByRole('button', { name: 'Roll Out' })).toBeNull();
  });
});
