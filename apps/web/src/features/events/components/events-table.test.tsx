import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { displayTimeZone } from '../../../lib/display-time-zone';
import { signInToTestOrg } from '../../../testing/alert-fixtures';
import { eventsPage, makeEvent } from '../../../testing/event-fixtures';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { EVENTS_EMPTY, EVENTS_LOADING, EventsTable } from './events-table';
// Loaded with this file: the paging footer, which the list loads on demand, would otherwise be
// compiled at its first use, past findBy's 5 s on a loaded machine (the whole suite's CI run).
import '../../../components/ui/data-table/data-table-footer';

const DEVICE = '00000000-0000-4000-8000-000000000007';
const EMAIL = 'ops@example.com';
const path = `GET /devices/${DEVICE}/events`;

const renameEvent = makeEvent({
  event_type: 'shadow',
  device_guid: DEVICE,
  timestamp: '2026-11-24T15:04:05.000Z',
  event_data: {
    message: 'System set succeeded',
    shadow_name: 'System',
    from_shadow: 3,
    to_shadow: 4,
    email: EMAIL,
  },
});

const table = () => screen.getByRole('table', { name: 'Device events' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

beforeEach(() => {
  signInToTestOrg();
  displayTimeZone.set('America/New_York');
});
afterEach(() => displayTimeZone.set(undefined));

describe('EventsTable', () => {
  it('shows a device’s events with time in the profile’s zone, kind, description, who and a link, no Device column', async () => {
    const calls = mockApi({ [path]: { body: eventsPage([renameEvent]) } });
    renderWithProviders(<EventsTable source={{ deviceGuid: DEVICE }} label="Device events" />);
    const row = (await screen.findByText('System set succeeded (version 3 → 4)')).closest('tr')!;
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Event', 'Event Description']);
    expect(within(row).getByText('2026/11/24 10:04:05 am EST')).toBeInTheDocument();
    expect(within(row).getByText('Configuration')).toBeInTheDocument();
    expect(within(row).getByText(`By ${EMAIL}`)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open System configuration' })).toHaveAttribute(
      'href',
      `/devices/${DEVICE}/config/system`,
    );
    // The last 24 hours are the server's default: no times sent, 25 a page.
    expect(Object.fromEntries(calls[0]!.search)).toEqual({ pagination_size: '25' });
  });

  it('says it is loading with a skeleton, then "No events"', async () => {
    mockApi({ [path]: { body: eventsPage([]) } });
    renderWithProviders(<EventsTable source={{ deviceGuid: DEVICE }} label="Device events" />);
    expect(screen.getByRole('status')).toHaveTextContent(EVENTS_LOADING);
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('cell', { name: EVENTS_EMPTY })).toBeInTheDocument();
    expect(screen.queryByText(EVENTS_LOADING)).not.toBeInTheDocument();
  });

  it('shows a failed request with Retry, which asks again', async () => {
    let fail = true;
    mockApi({
      [path]: () =>
        fail
          ? { status: 500, body: { message: 'Events are resting', error_code: 'X' } }
          : { body: eventsPage([renameEvent]) },
    });
    const { user } = renderWithProviders(
      <EventsTable source={{ deviceGuid: DEVICE }} label="Device events" />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Events are resting');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('System set succeeded (version 3 → 4)')).toBeInTheDocument();
  });

  it('pages with the server’s tokens, Next and Previous, and Refresh asks for the page again', async () => {
    const first = Array.from({ length: 25 }, (_, index) =>
      makeEvent({ device_guid: DEVICE, event_data: { message: `First page ${index + 1}` } }),
    );
    const second = [makeEvent({ device_guid: DEVICE, event_data: { message: 'Second page 1' } })];
    const calls = mockApi({
      [path]: (call: MockCall) =>
        call.search.get('pagination_token') === 'page-2'
          ? { body: eventsPage(second) }
          : { body: eventsPage(first, 'page-2') },
    });
    const { user } = renderWithProviders(
      <EventsTable source={{ deviceGuid: DEVICE }} label="Device events" />,
    );
    expect(await screen.findByText('First page 1')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(25);

    await user.click(await screen.findByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Second page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(await screen.findByText('First page 25')).toBeInTheDocument();

    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.length).toBe(before + 1));
    expect(calls.at(-1)!.search.get('pagination_token')).toBeNull();
  });

  it('with a limit asks for that many and offers no paging', async () => {
    const calls = mockApi({
      'GET /orgs/00000000-0000-4000-8000-000000000042/events': {
        body: eventsPage([makeEvent({ device_name: 'Studio A' })], 'more'),
      },
    });
    renderWithProviders(<EventsTable source={{ org: true }} limit={10} label="Recent events" />);
    const row = (await screen.findByText('Device online')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Studio A' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Device' })).toBeInTheDocument();
    expect(calls[0]!.search.get('pagination_size')).toBe('10');
    expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
  });
});
