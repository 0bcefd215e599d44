import type { ShadowVersion, ShadowVersionSummary } from '@ec/contract/shadow-history';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatTimestamp } from '../../../lib/format-date';
import { makeSystemShadow } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { ShadowHistoryButton } from './shadow-history-button';

const DEVICE = '00000000-0000-4000-8000-000000000001';
const versionsPath = `/devices/${DEVICE}/shadows/System/versions`;
const ADMIN = { user_guid: '00000000-0000-4000-8000-0000000000a1', email: 'admin@example.com' };

const summary = (version: number, causedBy: typeof ADMIN | null = ADMIN): ShadowVersionSummary => ({
  version,
  reported_at: `2026-01-0${version}T12:00:00.000Z`,
  caused_by: causedBy,
  command_guid: causedBy ? `c${version}` : null,
});

const ntpOf: Record<number, string> = { 2: 'old.example.com', 3: 'a.example.com', 4: 'b.example.com' };
const document = (version: number): ShadowVersion => ({
  ...summary(version),
  state: makeSystemShadow({ ntp_server: ntpOf[version] ?? '' }, version).reported?.state ?? {},
});

/** Versions 4 and 3 on the first page, 2 on the second; each one's document. */
function mockHistory() {
  return mockApi({
    [`GET ${versionsPath}`]: (call) =>
      call.search.get('pagination_token') === 'next'
        ? { body: { versions: [summary(2, null)], pagination_token: null } }
        : { body: { versions: [summary(4), summary(3)], pagination_token: 'next' } },
    [`GET ${versionsPath}/2`]: { body: document(2) },
    [`GET ${versionsPath}/3`]: { body: document(3) },
    [`GET ${versionsPath}/4`]: { body: document(4) },
  });
}

function renderHistory(options: { canEdit?: boolean; version?: number } = {}) {
  const flow = { start: vi.fn(async () => undefined), pending: false };
  const shadow = makeSystemShadow({ ntp_server: 'b.example.com' }, options.version ?? 4);
  const view = renderWithProviders(
    <ShadowHistoryButton shadow={shadow} flow={flow} canEdit={options.canEdit ?? true} />,
    { url: `/devices/${DEVICE}/config/system`, path: '/devices/:deviceGuid/config/:subsection' },
  );
  return { ...view, flow };
}

async function openHistory(user: ReturnType<typeof renderHistory>['user']) {
  await user.click(screen.getByRole('button', { name: 'History' }));
  return screen.findByRole('dialog', { name: 'System history' });
}

describe('ShadowHistoryButton', () => {
  it('lists the versions newest first with when and who, and compares the newest with the one before', async () => {
    mockHistory();
    const { user } = renderHistory();
    const dialog = await openHistory(user);

    const versions = within(dialog).getByRole('list', { name: 'Versions' });
    const items = await within(versions).findAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      `Version 4 (current)${formatTimestamp('2026-01-04T12:00:00.000Z')}by admin@example.com`,
      `Version 3${formatTimestamp('2026-01-03T12:00:00.000Z')}by admin@example.com`,
    ]);
    const table = await within(dialog).findByRole('table', { name: 'Changes from version 3 to version 4' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'NTP Server“a.example.com”“b.example.com”',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(versions).findByText('by the device')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('compares the selected version with any other the user picks', async () => {
    mockHistory();
    const { user } = renderHistory();
    const dialog = await openHistory(user);
    await user.click(await within(dialog).findByRole('button', { name: /^Version 3/ }));
    await user.click(await within(dialog).findByRole('button', { name: 'Load more' }));
    await within(dialog).findByRole('button', { name: /^Version 2/ });
    // Version 3 against the one before it, then against the current one.
    expect(
      await within(dialog).findByRole('table', { name: 'Changes from version 2 to version 3' }),
    ).toHaveTextContent('“old.example.com”“a.example.com”');
    await user.click(within(dialog).getByRole('combobox', { name: 'Compare with' }));
    await user.click(screen.getByRole('option', { name: 'Version 4 (current)' }));
    expect(
      await within(dialog).findByRole('table', { name: 'Changes from version 3 to version 4' }),
    ).toHaveTextContent('“a.example.com”“b.example.com”');
  });

  it('restores a version after confirmation, as the tab’s save would send it', async () => {
    mockHistory();
    const { user, flow } = renderHistory();
    const dialog = await openHistory(user);
    expect(within(dialog).queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: /^Version 3/ }));
    await user.click(await within(dialog).findByRole('button', { name: 'Restore version 3' }));

    const confirm = await screen.findByRole('dialog', { name: 'Restore version 3?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(flow.start).toHaveBeenCalledTimes(1));
    expect(flow.start).toHaveBeenCalledWith({
      command_type: 'set',
      commands: [
        {
          shadow_name: 'System',
          target_version: 4,
          state: {
            config: expect.objectContaining({ ntp_server: 'a.example.com', device_name: 'Encoder 1' }),
          },
        },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no Restore to someone who may not edit', async () => {
    mockHistory();
    const { user } = renderHistory({ canEdit: false });
    const dialog = await openHistory(user);
    await user.click(await within(dialog).findByRole('button', { name: /^Version 3/ }));
    await within(dialog).findByRole('table');
    expect(within(dialog).queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
  });

  it('shows a failed load with Retry, and says when no version is kept', async () => {
    let fail = true;
    mockApi({
      [`GET ${versionsPath}`]: () =>
        fail
          ? { status: 500, body: { message: 'The history is unavailable', error_code: 'X' } }
          : { body: { versions: [], pagination_token: null } },
    });
    const { user } = renderHistory();
    const dialog = await openHistory(user);
    expect(await within(dialog).findByText('The history is unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(
      await within(dialog).findByText('No versions of the System configuration are kept yet.'),
    ).toBeInTheDocument();
  });
});
