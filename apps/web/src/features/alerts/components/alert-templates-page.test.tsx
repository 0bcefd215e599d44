import type { AccessLevel } from '@ec/contract/access';
import type { OrgAlertTemplate } from '@ec/contract/alert-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInToTestOrg, TEST_ORG_GUID } from '../../../testing/alert-fixtures';
import { makeOrg } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { AlertTemplatesPage } from './alert-templates-page';

const outputError: OrgAlertTemplate = {
  template_guid: '00000000-0000-4000-b000-000000000001',
  org_guid: TEST_ORG_GUID,
  type: 'outputs',
  name: 'status_code',
  label: 'Output Error',
  category: 'org',
  config: {
    enabled: true,
    threshold_value: 'RUNNING',
    threshold_condition: 'NotEqualTo',
    notify_on_close: true,
    user_list: [],
    email_list: [],
  },
  updated_at: '2026-01-01T12:00:00.000Z',
};

const templatesPath = `/orgs/${TEST_ORG_GUID}/alert_templates`;

function mockTemplates(access: AccessLevel) {
  return mockApi({
    'GET /orgs': { body: { orgs: [makeOrg({ org_guid: TEST_ORG_GUID, access })], pagination_token: null } },
    [`GET /orgs/${TEST_ORG_GUID}/users`]: { body: { users: [], pagination_token: null } },
    [`GET ${templatesPath}`]: { body: { templates: [outputError] } },
    [`POST ${templatesPath}`]: (call) => ({
      status: 201,
      body: { template: { ...outputError, ...(call.body as object), template_guid: 'x' } },
    }),
    [`PUT ${templatesPath}/${outputError.template_guid}`]: (call) => ({
      body: { template: { ...outputError, ...(call.body as object) } },
    }),
    [`DELETE ${templatesPath}/${outputError.template_guid}`]: { body: { ok: true } },
  });
}

let calls: MockCall[];
beforeEach(() => signInToTestOrg());

describe('the organization alert templates (spec 2 §2.10, §5)', () => {
  it('creates a predefined template, with Create disabled while its threshold is not a number', async () => {
    calls = mockTemplates(300);
    const { user } = renderWithProviders(<AlertTemplatesPage />);
    await user.click(await screen.findByRole('button', { name: 'Create Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Alert' });
    await user.type(within(dialog).getByLabelText(/Name/), 'thermal_system_temp_current');
    expect(within(dialog).getByLabelText(/Label/)).toHaveValue('High Temperature');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const editor = await screen.findByRole('region', { name: 'High Temperature settings' });
    const create = within(editor).getByRole('button', { name: 'Create' });
    const threshold = within(editor).getByRole('textbox', { name: 'Threshold' });
    expect(threshold).toHaveValue('80');
    await user.clear(threshold);
    await user.type(threshold, 'hot');
    expect(create).toBeDisabled();
    await user.clear(threshold);
    await user.type(threshold, '75');
    expect(create).toBeEnabled();
    await user.click(create);

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      type: 'metric',
      name: 'thermal_system_temp_current',
      label: 'High Temperature',
      config: { threshold_value: 75, threshold_condition: 'GreaterThan' },
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: /settings/ })).not.toBeInTheDocument());
  });

  it('edits a template and deletes it', async () => {
    calls = mockTemplates(300);
    const { user } = renderWithProviders(<AlertTemplatesPage />);
    await user.click(await screen.findByRole('button', { name: 'Output Error' }));
    const editor = await screen.findByRole('region', { name: 'Output Error settings' });
    const save = within(editor).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(within(editor).getByRole('switch', { name: 'Enabled' }));
    await user.click(save);
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ config: { enabled: false } });

    await user.click(await screen.findByRole('button', { name: 'Output Error' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Template' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Template' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('is read-only for a member who cannot edit the organization', async () => {
    mockTemplates(100);
    const { user } = renderWithProviders(<AlertTemplatesPage />);
    await user.click(await screen.findByRole('button', { name: 'Output Error' }));
    const editor = await screen.findByRole('region', { name: 'Output Error settings' });
    expect(within(editor).getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    expect(within(editor).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Template' })).not.toBeInTheDocument();
  });
});
