import type { AccessLevel } from '@ec/contract/access';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInToTestOrg, TEST_ORG_GUID } from '../../../testing/alert-fixtures';
import { makeOrg } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { AlertSettingsPage } from './alert-settings-page';

const settingsPath = `/orgs/${TEST_ORG_GUID}/alert_settings`;
const saved = { offline: { enabled: false, notify_on_close: true, user_list: [], email_list: [] } };

function mockSettings(access: AccessLevel) {
  return mockApi({
    'GET /orgs': { body: { orgs: [makeOrg({ org_guid: TEST_ORG_GUID, access })], pagination_token: null } },
    [`GET /orgs/${TEST_ORG_GUID}/users`]: { body: { users: [], pagination_token: null } },
    [`GET ${settingsPath}`]: { body: saved },
    [`PUT ${settingsPath}`]: (call) => ({ body: call.body }),
  });
}

beforeEach(() => signInToTestOrg());

describe('the legacy alert settings (spec 2 §2.10 /alerts/config)', () => {
  it('saves Device Offline with an e-mail address, refusing an invalid one', async () => {
    const calls = mockSettings(300);
    const { user } = renderWithProviders(<AlertSettingsPage />);
    await user.click(await screen.findByRole('switch', { name: 'Device Offline alert enabled' }));
    const emails = screen.getByRole('combobox', { name: 'Notify e-mail addresses' });
    await user.type(emails, 'not-an-address{Enter}');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(
      within(emails.closest('.MuiAutocomplete-root') as HTMLElement).getByTestId('CancelIcon'),
    );
    await user.type(emails, 'ops@example.com{Enter}');
    await user.click(save);
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      offline: { enabled: true, notify_on_close: true, user_list: [], email_list: ['ops@example.com'] },
    });
    expect(await screen.findByText('Alert settings saved.')).toBeInTheDocument();
  });

  it('is read-only for a member who cannot edit the organization', async () => {
    mockSettings(100);
    renderWithProviders(<AlertSettingsPage />);
    expect(await screen.findByRole('switch', { name: 'Device Offline alert enabled' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
