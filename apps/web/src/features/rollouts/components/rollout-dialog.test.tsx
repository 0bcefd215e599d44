import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { makeOrg, makeSessionUser } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { RolloutDialog } from './rollout-dialog';

const ORG = '00000000-0000-4000-8000-0000000000aa';
const FLEET = '00000000-0000-4000-8000-0000000000f1';
const TEMPLATE = '00000000-0000-4000-8000-0000000000bb';
const ROLLOUT = '00000000-0000-4000-8000-0000000000cc';

function renderDialog() {
  sessionStore.setToken({
    access_token: 'token',
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
    refresh_token: 'refresh',
  });
  sessionStore.selectOrg(ORG);
  const calls = mockApi({
    'GET /orgs': { body: { orgs: [makeOrg({ org_guid: ORG, access: 300 })], pagination_token: null } },
    'GET /auth/session': {
      body: { user: makeSessionUser(), expires_at: new Date(Date.now() + 3600_000).toISOString() },
    },
    'POST /rollouts': { status: 201, body: { rollout_guid: ROLLOUT } },
  });
  const onClose = vi.fn();
  const view = renderWithProviders(undefined, {
    routes: [
      {
        path: '/',
        element: (
          <RolloutDialog
            open
            onClose={onClose}
            source={{
              kind: 'template',
              template_guid: TEMPLATE,
              template_name: 'Stage',
              shadow_name: 'Inputs',
            }}
            fleet={{ fleet_guid: FLEET, fleet_name: 'Venue A', device_count: 250 }}
          />
        ),
      },
      { path: '/rollouts/:rolloutGuid', element: <p>Rollout page</p> },
    ],
  });
  return { ...view, calls };
}

describe('RolloutDialog', () => {
  it("opened for a fleet, says how many waves it makes and starts the rollout with the form's settings", async () => {
    const { user, calls } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Roll Out' });
    expect(within(dialog).getByText('Venue A')).toBeInTheDocument();
    expect(within(dialog).getByText(/250 devices in 25 waves\./)).toBeInTheDocument();

    const waveSize = within(dialog).getByRole('spinbutton', { name: 'Wave size' });
    await user.clear(waveSize);
    await user.type(waveSize, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Start Rollout' }));
    expect(await within(dialog).findByText('Wave size must be at least 1')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(waveSize);
    await user.type(waveSize, '100');
    expect(within(dialog).getByText(/250 devices in 3 waves\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Queue them/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Start Rollout' }));
    expect(await screen.findByText('Rollout page')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      source: { kind: 'template', template_guid: TEMPLATE },
      target: { kind: 'fleet', fleet_guid: FLEET },
      wave_size: 100,
      pause_seconds: 0,
      offline_policy: 'queue',
    });
  });
});
