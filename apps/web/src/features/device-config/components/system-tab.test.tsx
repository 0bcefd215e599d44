import type { Shadow } from '@ec/contract/shadows';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeShadowCommand, makeSystemShadow } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { DISCARD_EDITS, KEEP_EDITS } from './newer-version-notice';
import { SystemTab } from './system-tab';

const DEVICE = '00000000-0000-4000-8000-000000000001';
const base = `/devices/${DEVICE}/shadows`;

const command = (overrides: Parameters<typeof makeShadowCommand>[0]) => ({
  command: makeShadowCommand(overrides),
});

describe('SystemTab', () => {
  it('shows the reported version and saves a set command with its version as target', async () => {
    const calls = mockApi({
      [`GET ${base}`]: { body: { shadows: [makeSystemShadow({}, 3)] } },
      [`POST ${base}/commands`]: {
        status: 202,
        body: { commands: [{ shadow_name: 'System', command_guid: 'c1' }] },
      },
      [`GET ${base}/commands/c1`]: { body: command({}) },
    });
    const { user } = renderWithProviders(<SystemTab deviceGuid={DEVICE} online canEdit withUtc />);

    expect(await screen.findByText('Version: 3')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Device Name'));
    await user.type(screen.getByLabelText('Device Name'), 'Studio B');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The device applied the configuration (version 4).')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toMatchObject({
      command_type: 'set',
      commands: [
        { shadow_name: 'System', target_version: 3, state: { config: { device_name: 'Studio B' } } },
      ],
    });
  });

  it('shows the failure message of the device', async () => {
    mockApi({
      [`GET ${base}`]: { body: { shadows: [makeSystemShadow()] } },
      [`POST ${base}/commands`]: {
        status: 202,
        body: { commands: [{ shadow_name: 'System', command_guid: 'c1' }] },
      },
      [`GET ${base}/commands/c1`]: {
        body: command({
          command_state: 'failed',
          response: {
            message: 'NTP server unreachable',
            error_code: 'INVALID',
            state: null,
            current_version: 3,
          },
        }),
      },
    });
    const { user } = renderWithProviders(<SystemTab deviceGuid={DEVICE} online canEdit withUtc={false} />);
    await user.type(await screen.findByLabelText('NTP Server'), 'pool.ntp.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('NTP server unreachable')).toBeInTheDocument();
    // The edits stay, so they can be fixed or reverted.
    await waitFor(() => expect(screen.getByLabelText('NTP Server')).toHaveValue('pool.ntp.org'));
  });

  it("says 'Missing Shadow State' without reported state and hides editor buttons from readers", async () => {
    mockApi({
      [`GET ${base}`]: { body: { shadows: [{ shadow_name: 'System', reported: null, requested: null }] } },
    });
    renderWithProviders(<SystemTab deviceGuid={DEVICE} online={false} canEdit={false} withUtc />);
    expect(await screen.findByText('Missing Shadow State')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Force Sync' })).not.toBeInTheDocument();
  });

  describe('a newer version reported while the user edits', () => {
    /**
     * The tab on version 3 of a device whose shadow answers `reported.shadow`; `arrive` reports a newer
     * version as the live channel does (the shadow query is invalidated and fetched again).
     */
    async function setup(
      commandAnswer = command({
        response: { message: null, error_code: null, state: null, current_version: 5 },
      }),
    ) {
      const reported: { shadow: Shadow } = { shadow: makeSystemShadow({}, 3) };
      const calls = mockApi({
        [`GET ${base}`]: () => ({ body: { shadows: [reported.shadow] } }),
        [`POST ${base}/commands`]: {
          status: 202,
          body: { commands: [{ shadow_name: 'System', command_guid: 'c1' }] },
        },
        [`GET ${base}/commands/c1`]: { body: commandAnswer },
      });
      const view = renderWithProviders(<SystemTab deviceGuid={DEVICE} online canEdit withUtc />);
      expect(await screen.findByText('Version: 3')).toBeInTheDocument();
      /** The device's document from now on, without telling the page. */
      const report = (config: Record<string, unknown>, version: number) => {
        reported.shadow = makeSystemShadow(config, version);
      };
      const arrive = async (config: Record<string, unknown>, version = 4) => {
        report(config, version);
        await act(() => view.queryClient.invalidateQueries());
        expect(await screen.findByText(`Version: ${version}`)).toBeInTheDocument();
      };
      return { ...view, calls, report, arrive };
    }

    const editNtp = (user: UserEvent) => user.type(screen.getByLabelText('NTP Server'), 'pool.ntp.org');

    it('keeps the unsaved edits and says what changed on the device', async () => {
      const { user, arrive } = await setup();
      await editNtp(user);
      await arrive({ device_name: 'Studio B', timezone: 'Europe/Paris' });

      const notice = await screen.findByRole('alert', { name: 'Newer configuration on the device' });
      expect(within(notice).getByText(/Version 4 changed/)).toBeInTheDocument();
      expect(within(notice).getByText('Device Name: “Encoder 1” → “Studio B”')).toBeInTheDocument();
      expect(within(notice).getByText('Timezone: “UTC” → “Europe/Paris”')).toBeInTheDocument();
      expect(screen.getByLabelText('NTP Server')).toHaveValue('pool.ntp.org');
      expect(screen.getByLabelText('Device Name')).toHaveValue('Encoder 1');
    });

    it('keeps the edits on top of the new version and saves against it', async () => {
      const { user, arrive, calls } = await setup();
      await editNtp(user);
      await arrive({ device_name: 'Studio B' });
      await user.click(await screen.findByRole('button', { name: KEEP_EDITS }));

      expect(
        screen.queryByRole('alert', { name: 'Newer configuration on the device' }),
      ).not.toBeInTheDocument();
      expect(screen.getByLabelText('Device Name')).toHaveValue('Studio B');
      expect(screen.getByLabelText('NTP Server')).toHaveValue('pool.ntp.org');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByText('The device applied the configuration (version 5).');
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        commands: [
          {
            target_version: 4,
            state: { config: { device_name: 'Studio B', ntp_server: 'pool.ntp.org' } },
          },
        ],
      });
    });

    it('discards the edits: the form shows the new version', async () => {
      const { user, arrive } = await setup();
      await editNtp(user);
      await arrive({ device_name: 'Studio B' });
      await user.click(await screen.findByRole('button', { name: DISCARD_EDITS }));

      expect(screen.getByLabelText('Device Name')).toHaveValue('Studio B');
      expect(screen.getByLabelText('NTP Server')).toHaveValue('');
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    });

    it('saves against the version the user has seen until they choose: the device refuses it', async () => {
      const mismatch = command({
        command_state: 'failed',
        response: {
          message: 'Config mismatch!',
          error_code: 'VERSION_MISMATCH',
          state: makeSystemShadow({ device_name: 'Studio B' }, 4).reported!.state,
          current_version: 4,
        },
      });
      const { user, arrive, calls } = await setup(mismatch);
      await editNtp(user);
      await arrive({ device_name: 'Studio B' });
      await screen.findByRole('button', { name: KEEP_EDITS });
      await user.click(screen.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText(/Config mismatch!/)).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        commands: [{ target_version: 3, state: { config: { device_name: 'Encoder 1' } } }],
      });
    });

    it('takes its own applied save coming back as no news, even under new edits', async () => {
      const { user, report, arrive } = await setup();
      await editNtp(user);
      report({ ntp_server: 'pool.ntp.org' }, 5);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByText('The device applied the configuration (version 5).');
      await user.type(screen.getByLabelText('Device Name'), ' (main)');
      await arrive({ ntp_server: 'pool.ntp.org' }, 5);

      expect(screen.queryByRole('button', { name: KEEP_EDITS })).not.toBeInTheDocument();
      expect(screen.getByLabelText('Device Name')).toHaveValue('Encoder 1 (main)');
    });

    it('follows the new version silently when there are no edits', async () => {
      const { arrive } = await setup();
      await arrive({ device_name: 'Studio B' });

      await waitFor(() => expect(screen.getByLabelText('Device Name')).toHaveValue('Studio B'));
      expect(screen.queryByRole('button', { name: KEEP_EDITS })).not.toBeInTheDocument();
    });
  });
});
