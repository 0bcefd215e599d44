import type { SessionUser } from '@ec/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { preferences } from '../../../lib/preferences';
import { sessionUserQueryOptions } from '../../../lib/session/get-session-user';
import { sessionStore } from '../../../lib/session/session-store';
import { makeSessionUser, makeSystemShadow } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { ShadowDebugView } from './shadow-debug-view';

const expiresAt = new Date(Date.now() + 3600_000).toISOString();
const shadow = makeSystemShadow({ device_name: 'Stage Left' }, 7);

function renderFor(user: SessionUser) {
  mockApi({ 'GET /auth/session': { body: { user, expires_at: expiresAt } } });
  return renderWithProviders(<ShadowDebugView shadow={shadow} />);
}

beforeEach(() => {
  sessionStore.setToken({ access_token: 'tok', expires_at: expiresAt, refresh_token: 'ref' });
});

describe('ShadowDebugView', () => {
  it('shows a platform admin the raw document once Shadow Debug is on', async () => {
    preferences.set('shadowDebug', true);
    const { user } = renderFor(makeSessionUser({ groups: ['DeviceManagement'] }));
    await user.click(await screen.findByRole('button', { name: 'Raw System Shadow' }));
    const raw = screen.getByLabelText('Raw System shadow document');
    expect(JSON.parse(raw.textContent ?? '')).toEqual(shadow);
  });

  it('shows nothing with Shadow Debug off, or to anyone but a platform admin', async () => {
    const admin = renderFor(makeSessionUser({ groups: ['DeviceManagement'] }));
    expect(screen.queryByRole('button', { name: 'Raw System Shadow' })).not.toBeInTheDocument();
    admin.unmount();

    preferences.set('shadowDebug', true);
    const member = renderFor(makeSessionUser());
    // Once the member's session is known, the view has decided.
    await waitFor(() =>
      expect(member.queryClient.getQueryState(sessionUserQueryOptions().queryKey)?.status).toBe('success'),
    );
    expect(screen.queryByRole('button', { name: 'Raw System Shadow' })).not.toBeInTheDocument();
  });
});
