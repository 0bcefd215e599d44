import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMAND_TIMEOUT_MS, notAcknowledged } from '../../../lib/shadows/command-outcome';
import { makeSystemShadow } from '../../../testing/data-generators';
import { mockApi } from '../../../testing/mock-api';
import { createTestQueryClient, renderWithProviders } from '../../../testing/render';
import { SystemTab } from './system-tab';

const DEVICE = '00000000-0000-4000-8000-000000000001';
const base = `/devices/${DEVICE}/shadows`;
const commandPath = `${base}/commands/c1`;

const command = (finished: boolean) => ({
  body: {
    command: {
      command_guid: 'c1',
      shadow_name: 'System',
      command_type: 'set',
      finished,
      command_state: finished ? 'succeeded' : 'pending',
      response: finished ? { message: null, error_code: null, state: null, current_version: 4 } : null,
      requested: { state: null },
      created_timestamp: '2026-01-01T00:00:00.000Z',
      finished_timestamp: finished ? '2026-01-01T00:00:01.000Z' : null,
    },
  },
});

/** Saves a new device name on the System tab; the device's answer is `answers(n)` at the n-th read. */
async function saveUnanswered(
  answers: (read: number) => ReturnType<typeof command>,
  queryClient = createTestQueryClient(),
) {
  let reads = 0;
  const calls = mockApi({
    [`GET ${base}`]: { body: { shadows: [makeSystemShadow({}, 3)] } },
    [`POST ${base}/commands`]: {
      status: 202,
      body: { commands: [{ shadow_name: 'System', command_guid: 'c1' }] },
    },
    [`GET ${commandPath}`]: () => answers(++reads),
  });
  const { user } = renderWithProviders(<SystemTab deviceGuid={DEVICE} online canEdit withUtc />, {
    queryClient,
  });
  await user.clear(await screen.findByLabelText('Device Name'));
  await user.type(screen.getByLabelText('Device Name'), 'Studio B');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(
    await screen.findByText('Changes sent. Waiting for the device to acknowledge them...'),
  ).toBeInTheDocument();
  return () => calls.filter((call) => call.path === commandPath).length;
}

describe('useShadowCommandFlow', () => {
  afterEach(() => vi.useRealTimers());

  it('does not poll: the answer is read once more when the acknowledgement window ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reads = await saveUnanswered((read) => command(read > 1));
    expect(reads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(COMMAND_TIMEOUT_MS / 2));
    expect(reads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(COMMAND_TIMEOUT_MS / 2));
    expect(await screen.findByText('The device applied the configuration (version 4).')).toBeInTheDocument();
    expect(reads()).toBe(2);
  });

  it('hears a live answer that arrives while the command is first read', async () => {
    const queryClient = createTestQueryClient();
    // The live channel's shadow.command event, while the first read is on its way.
    const liveAnswer = () =>
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey.includes('shadow-commands'),
      });
    const reads = await saveUnanswered((read) => {
      if (read === 1) liveAnswer();
      return command(read > 1);
    }, queryClient);
    expect(await screen.findByText('The device applied the configuration (version 4).')).toBeInTheDocument();
    expect(reads()).toBe(2);
  });

  it('says the device did not acknowledge when that last read finds no answer either', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reads = await saveUnanswered(() => command(false));
    await act(() => vi.advanceTimersByTimeAsync(COMMAND_TIMEOUT_MS));
    expect(await screen.findByText(notAcknowledged(COMMAND_TIMEOUT_MS / 1000))).toBeInTheDocument();
    expect(reads()).toBe(2);
  });
});
