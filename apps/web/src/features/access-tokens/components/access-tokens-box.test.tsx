import type { SessionUser } from '@ec/contract/auth';
import type { Pat } from '@ec/contract/pats';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTimestamp } from '../../../lib/format-date';
import { sessionStore } from '../../../lib/session/session-store';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { stubObjectUrls } from '../../../testing/object-urls';
import { renderWithProviders } from '../../../testing/render';
import { AccessTokensBox } from './access-tokens-box';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const expiresAt = new Date(Date.now() + 3600_000).toISOString();
const TOKEN_VALUE = 'AbCdE_the-rest-of-a-long-random-secret-value';

const me: SessionUser = {
  user_guid: ME,
  name: 'Ann',
  email: 'ann@example.com',
  email_verified: true,
  phone_number: null,
  phone_number_verified: false,
  locale: 'en-US',
  zoneinfo: 'America/New_York',
  status: 'CONFIRMED',
  groups: ['UserManagement'],
  mfa_method: 'NOMFA',
  pending_email: null,
  picture: null,
};

const pat = (overrides: Partial<Pat> = {}): Pat => ({
  token_guid: '10000000-0000-4000-8000-000000000001',
  token_prefix: 'xYz12',
  last_used: null,
  issued: '2026-01-02T10:00:00.000Z',
  expires: '2027-01-02T10:00:00.000Z',
  comment: 'Nightly backup',
  ...overrides,
});

/** A small in-memory /pats: the list answers what creation and revocation left. */
function mockPats(initial: Pat[]) {
  let tokens = [...initial];
  const calls = mockApi({
    'GET /auth/session': { body: { user: me, expires_at: expiresAt } },
    'GET /pats': () => ({ body: { personal_access_tokens: tokens } }),
    'POST /pats': (call: MockCall) => {
      const body = call.body as { token_lifespan_days: number; comment: string };
      const created = {
        token_guid: '20000000-0000-4000-8000-000000000009',
        token_value: TOKEN_VALUE,
        expires: '2027-03-04T05:06:07.000Z',
      };
      tokens = [
        pat({
          token_guid: created.token_guid,
          token_prefix: TOKEN_VALUE.slice(0, 5),
          comment: body.comment,
          expires: created.expires,
        }),
        ...tokens,
      ];
      return { status: 201, body: created };
    },
    ...Object.fromEntries(
      initial.map((token) => [
        `DELETE /pats/${token.token_guid}`,
        () => {
          tokens = tokens.filter((other) => other.token_guid !== token.token_guid);
          return { body: { ok: true } };
        },
      ]),
    ),
  });
  return { calls };
}

beforeEach(() => {
  sessionStore.setToken({ access_token: 'tok', expires_at: expiresAt, refresh_token: 'ref' });
});
afterEach(() => vi.restoreAllMocks());

describe('AccessTokensBox', () => {
  it("lists the user's tokens with formatted dates", async () => {
    const used = pat({ last_used: '2026-02-03T04:05:06.000Z' });
    const never = pat({ token_guid: '10000000-0000-4000-8000-000000000002', comment: 'Unused' });
    const { calls } = mockPats([used, never]);
    renderWithProviders(<AccessTokensBox userGuid={ME} />);

    expect(screen.getByRole('heading', { name: 'Access Tokens' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Access Tokens' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(0, 5)).toEqual(['Prefix', 'Comment', 'Issued', 'Expires', 'Last Used']);
    const row = (await within(table).findByText('Nightly backup')).closest('tr') as HTMLElement;
    expect(within(row).getByText('xYz12…')).toBeInTheDocument();
    expect(within(row).getByText(formatTimestamp(used.issued))).toBeInTheDocument();
    expect(within(row).getByText(formatTimestamp(used.expires))).toBeInTheDocument();
    expect(within(row).getByText(formatTimestamp(used.last_used))).toBeInTheDocument();
    const unusedRow = within(table).getByText('Unused').closest('tr') as HTMLElement;
    expect(within(unusedRow).getByText('Never')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/pats')?.search.get('user_guid')).toBe(ME);
  });

  it('creates a token and shows its value once, with Copy and Download JSON', async () => {
    const { calls } = mockPats([]);
    const { createObjectURL } = stubObjectUrls(() => 'blob:token');
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { user } = renderWithProviders(<AccessTokensBox userGuid={ME} />);

    expect(await screen.findByText('No access tokens')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Create Token' }));
    const form = await screen.findByRole('dialog', { name: 'Create Access Token' });
    expect(within(form).getByLabelText(/Lifespan \(days\)/)).toHaveValue(365);
    await user.type(within(form).getByLabelText('Comment'), 'Deploy script');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'New Access Token' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      comment: 'Deploy script',
      token_lifespan_days: 365,
    });
    expect(within(shown).getByLabelText('Token')).toHaveValue(TOKEN_VALUE);
    expect(within(shown).getByLabelText('Token')).toHaveAttribute('readonly');
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(
      within(shown).getByText(`Expires ${formatTimestamp('2027-03-04T05:06:07.000Z')}`),
    ).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(TOKEN_VALUE);
    expect(await within(shown).findByText('Token copied to the clipboard.')).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Download JSON' }));
    expect(downloads).toEqual(['access-token-AbCdE.json']);
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual({
      token_guid: '20000000-0000-4000-8000-000000000009',
      token_value: TOKEN_VALUE,
      expires: '2027-03-04T05:06:07.000Z',
      comment: 'Deploy script',
    });

    const listCalls = calls.filter((call) => call.method === 'GET' && call.path === '/pats').length;
    await user.click(within(shown).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Access Tokens' });
    expect(await within(table).findByText('Deploy script')).toBeInTheDocument();
    expect(within(table).getByText('AbCdE…')).toBeInTheDocument();
    expect(screen.queryByDisplayValue(TOKEN_VALUE)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(TOKEN_VALUE);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.path === '/pats').length).toBeGreaterThan(
        listCalls,
      ),
    );
  });

  it('checks the lifespan and the comment before sending', async () => {
    const { calls } = mockPats([]);
    const { user } = renderWithProviders(<AccessTokensBox userGuid={ME} />);
    await user.click(await screen.findByRole('button', { name: 'Create Token' }));
    const form = await screen.findByRole('dialog', { name: 'Create Access Token' });
    const lifespan = within(form).getByLabelText(/Lifespan \(days\)/);
    await user.clear(lifespan);
    await user.type(lifespan, '0');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Lifespan must be at least 1 day')).toBeInTheDocument();
    // Spec 1 §9: a token lives at most 365 days.
    expect(lifespan).toHaveAttribute('max', '365');
    await user.clear(lifespan);
    await user.type(lifespan, '366');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Lifespan must be at most 365 days')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('Comment'));
    await user.paste('x'.repeat(201));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Comment must be at most 200 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('revokes a token after confirmation', async () => {
    const token = pat();
    const { calls } = mockPats([token]);
    const { user } = renderWithProviders(<AccessTokensBox userGuid={ME} />);

    await user.click(await screen.findByRole('button', { name: /^Revoke xYz12/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Access Token' });
    expect(within(confirm).getByText(/xYz12…/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: /^Revoke xYz12/ }));
    const again = await screen.findByRole('dialog', { name: 'Revoke Access Token' });
    await user.click(within(again).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No access tokens')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/pats/${token.token_guid}`);
  });

  it("shows another user's tokens read-only", async () => {
    const { calls } = mockPats([pat({ comment: 'Their token' })]);
    renderWithProviders(<AccessTokensBox userGuid={OTHER} />);
    expect(await screen.findByText('Their token')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/auth/session')).toBe(true));
    expect(calls.find((call) => call.path === '/pats')?.search.get('user_guid')).toBe(OTHER);
    expect(screen.queryByRole('button', { name: 'Create Token' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(5);
  });
});
