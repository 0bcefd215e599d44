import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayTimeZone } from '../../../lib/display-time-zone';
import { signInToTestOrg, TEST_ORG_GUID } from '../../../testing/alert-fixtures';
import { makeDevice } from '../../../testing/data-generators';
import { eventsPage, makeEvent } from '../../../testing/event-fixtures';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { EventsPage } from './events-page';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const studioA = makeDevice({ device_name: 'Studio A' });
const studioB = makeDevice({ device_name: 'Studio B' });
const events = [
  makeEvent({
    device_guid: studioA.device_guid,
    device_name: 'Studio A',
    event_data: { message: 'A online' },
  }),
  makeEvent({
    device_guid: studioB.device_guid,
    device_name: 'Studio B',
    event_data: { message: 'B online' },
  }),
];

let calls: MockCall[];
const eventsAnswer = (call: MockCall) => {
  const only = call.search.get('device_guids')?.split(',');
  return { body: eventsPage(events.filter((event) => !only || only.includes(event.device_guid ?? ''))) };
};
const eventCalls = () => calls.filter((call) => call.path === `/orgs/${TEST_ORG_GUID}/events`);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  signInToTestOrg();
  displayTimeZone.set('UTC');
  calls = mockApi({
    [`GET /orgs/${TEST_ORG_GUID}/events`]: eventsAnswer,
    'GET /devices': { body: { devices: [studioA, studioB], pagination_token: null } },
  });
});
afterEach(() => displayTimeZone.set(undefined));

describe('EventsPage', () => {
  it('lists the organization’s events of the last 24 hours with their devices', async () => {
    renderWithProviders(<EventsPage />, { url: '/events' });
    expect(screen.getByRole('heading', { level: 1, name: 'Recent Organization Events' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Organization events' });
    expect(await within(table).findByRole('link', { name: 'Studio A' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Studio B' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Last 24 hours');
    expect(eventCalls()[0]!.search.get('start_time')).toBe('2026-11-23T12:00:00.000Z');
  });

  it('reads the period from period_key and writes the one chosen back', async () => {
    const { user, router } = renderWithProviders(<EventsPage />, { url: '/events?period_key=1hr' });
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Last hour');
    await waitFor(() => expect(eventCalls()[0]!.search.get('start_time')).toBe('2026-11-24T11:00:00.000Z'));

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(screen.getByRole('option', { name: 'Last 5 days' }));
    expect(router.state.location.search).toBe('?period_key=5days');
    await waitFor(() =>
      expect(eventCalls().at(-1)!.search.get('start_time')).toBe('2026-11-19T12:00:00.000Z'),
    );

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(screen.getByRole('option', { name: 'Custom' }));
    expect(new URLSearchParams(router.state.location.search).get('period_key')).toBe('custom');
    expect(screen.getByLabelText('Start')).toHaveValue('2026-11-19T12:00');
    await waitFor(() => expect(eventCalls().at(-1)!.search.get('end_time')).toBe('2026-11-24T12:00:00.000Z'));
  });

  it('filters by the devices picked', async () => {
    const { user } = renderWithProviders(<EventsPage />, { url: '/events' });
    const table = await screen.findByRole('table', { name: 'Organization events' });
    expect(await within(table).findByText('B online')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Devices' }));
    await user.click(await screen.findByRole('option', { name: /Studio A/ }));
    await waitFor(() => expect(within(table).queryByText('B online')).not.toBeInTheDocument());
    expect(within(table).getByText('A online')).toBeInTheDocument();
    expect(eventCalls().at(-1)!.search.get('device_guids')).toBe(studioA.device_guid);
  });

  it('finds a device past the 1000 a list holds by the name or serial number typed', async () => {
    const remote = makeDevice({ device_name: 'Zeta Remote', serial_number: 'ZR-4411' });
    calls = mockApi({
      [`GET /orgs/${TEST_ORG_GUID}/events`]: eventsAnswer,
      // The organization's list holds its first devices by name only: the server's search finds the rest.
      'GET /devices': ({ search }) => {
        const matches = (text: string | null | undefined) => Boolean(text && /zr-44|zeta/i.test(text));
        const found = matches(search.get('device_name')) || matches(search.get('serial_number'));
        return { body: { devices: found ? [remote] : [studioA, studioB], pagination_token: null } };
      },
    });
    const { user } = renderWithProviders(<EventsPage />, { url: '/events' });
    await user.type(screen.getByRole('combobox', { name: 'Devices' }), 'ZR-44');
    await user.click(await screen.findByRole('option', { name: /Zeta Remote/ }));
    await waitFor(() => expect(eventCalls().at(-1)!.search.get('device_guids')).toBe(remote.device_guid));
    const searches = calls.filter((call) => call.path === '/devices' && call.search.has('serial_number'));
    expect(searches.at(-1)!.search.get('serial_number')).toBe('ZR-44');
  });
});
