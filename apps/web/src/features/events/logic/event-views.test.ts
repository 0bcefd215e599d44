import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { displayTimeZone } from '../../../lib/display-time-zone';
import { makeEvent } from '../../../testing/event-fixtures';
import { eventView, humanize, summarize } from './event-views';

const DEVICE = '00000000-0000-4000-8000-000000000007';
const EMAIL = 'ops@example.com';

beforeEach(() => displayTimeZone.set('UTC'));
afterEach(() => displayTimeZone.set(undefined));

describe('how each kind of event reads', () => {
  it('state: the message, else the states moved between', () => {
    expect(eventView(makeEvent())).toEqual({
      title: 'State',
      description: 'Device online',
      by: null,
      link: null,
    });
    expect(
      eventView(makeEvent({ event_data: { from_state: 'booting', to_state: 'ready' } })).description,
    ).toBe('State changed from booting to ready');
  });

  it('shadow: what was set, the versions before and after, who did it and a link to the configuration', () => {
    const view = eventView(
      makeEvent({
        event_type: 'shadow',
        device_guid: DEVICE,
        event_data: {
          message: 'System set succeeded',
          shadow_name: 'System',
          command_guid: '00000000-0000-4000-8000-0000000000cc',
          from_shadow: 3,
          to_shadow: 4,
          user_guid: '00000000-0000-4000-8000-0000000000aa',
          email: EMAIL,
        },
      }),
    );
    expect(view).toEqual({
      title: 'Configuration',
      description: 'System set succeeded (version 3 → 4)',
      by: EMAIL,
      link: { label: 'Open System configuration', href: `/devices/${DEVICE}/config/system` },
    });
  });

  it('shadow: a get or a restart names one version; a document with no tab of its own gets no link', () => {
    const get = eventView(
      makeEvent({
        event_type: 'shadow',
        event_data: {
          message: 'Outputs get succeeded',
          shadow_name: 'Outputs',
          from_shadow: null,
          to_shadow: 9,
        },
      }),
    );
    expect(get.description).toBe('Outputs get succeeded (version 9)');
    expect(get.by).toBeNull();
    const containers = eventView(
      makeEvent({
        event_type: 'shadow',
        event_data: { message: 'Containers version restarted at 1', shadow_name: 'Containers' },
      }),
    );
    expect(containers.link).toBeNull();
  });

  it('agent: the server’s message already names the person; a dying thread is described', () => {
    expect(
      eventView(
        makeEvent({ event_type: 'agent', event_data: { message: `Adopted by ${EMAIL}`, email: EMAIL } }),
      ),
    ).toMatchObject({ title: 'Agent', description: `Adopted by ${EMAIL}`, by: null });
    expect(
      eventView(
        makeEvent({
          event_type: 'agent',
          event_data: {
            agent: 'cloud-agent',
            thread_name: 'uploader',
            death_count: 3,
            last_death_time: '2026-11-24T10:00:00Z',
          },
        }),
      ).description,
    ).toBe('cloud-agent: Thread uploader, restarted 3 times, last at 2026/11/24 10:00:00 am UTC');
  });

  it('device_alert and alert: the message, else the alert’s label and state', () => {
    expect(
      eventView(
        makeEvent({
          event_type: 'device_alert',
          event_data: { label: 'High Temperature', alert_state: 'alarm' },
        }),
      ),
    ).toMatchObject({ title: 'Device Alert', description: 'High Temperature: alarm' });
    expect(
      eventView(makeEvent({ event_type: 'alert', event_data: { message: 'Input lost' } })),
    ).toMatchObject({
      title: 'Alert',
      description: 'Input lost',
    });
  });

  it('command: sent by someone, then its outcome', () => {
    expect(
      eventView(
        makeEvent({
          event_type: 'command',
          event_data: { message: `reboot sent by ${EMAIL}`, email: EMAIL },
        }),
      ),
    ).toMatchObject({ title: 'Command', description: `reboot sent by ${EMAIL}`, by: null });
  });

  it('others: the kind made readable, and what the event holds when it has no message', () => {
    const view = eventView(
      makeEvent({
        event_type: 'firmware_update',
        event_data: { module: 'daemon', progress: 40, user_guid: 'x' },
      }),
    );
    expect(view).toMatchObject({ title: 'Firmware Update', description: 'module: daemon, progress: 40' });
    expect(eventView(makeEvent({ event_type: 'toString', event_data: { message: 'odd' } })).title).toBe(
      'ToString',
    );
  });

  it('summaries stay short', () => {
    expect(summarize({ blob: 'x'.repeat(500) })).toHaveLength(200);
    expect(humanize('')).toBe('Event');
  });
});
