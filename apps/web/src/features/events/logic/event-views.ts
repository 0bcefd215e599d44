import type { DeviceEvent, EventData } from '@ec/contract/events';
import { SHADOW_NAMES } from '@ec/contract/shadows';
import { CONFIG_SECTIONS, type ConfigSection, paths } from '../../../config/paths';
import { formatTimestamp } from '../../../lib/format-date';

/** How a table shows one event: its kind, what happened, who did it and where to look. */
export interface EventView {
  /** The Event column. */
  title: string;
  /** The Event Description column. */
  description: string;
  /** The person who did it (event_data.email), unless the description already names them. */
  by: string | null;
  /** Where the thing it changed is shown (a configuration section). */
  link: { label: string; href: string } | null;
}

type Renderer = (event: DeviceEvent) => EventView;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;

/** 'firmware_update' → 'Firmware Update': an event kind the console does not know, made readable. */
export const humanize = (value: string) =>
  value
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ') || 'Event';

/** Fields that say who or which record, not what happened: left out of a summary. */
const BOOKKEEPING = new Set(['user_guid', 'email', 'command_guid']);
const SUMMARY_MAX = 200;

/** What an event without a message holds, as key: value pairs, short enough for a table cell. */
export function summarize(data: EventData): string {
  const pairs = Object.entries(data)
    .filter(([key, value]) => !BOOKKEEPING.has(key) && value !== null && value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  const joined = pairs.join(', ');
  return joined.length > SUMMARY_MAX ? `${joined.slice(0, SUMMARY_MAX - 1)}…` : joined;
}

/** The person who did it, unless the description already says so (the server writes 'Adopted by …'). */
const byOf = (data: EventData, description: string) => {
  const email = text(data.email);
  return email && !description.includes(email) ? email : null;
};

const view = (event: DeviceEvent, title: string, description: string, link: EventView['link'] = null) => ({
  title,
  description,
  by: byOf(event.event_data, description),
  link,
});

const messageOr = (data: EventData, fallback: () => string | null) =>
  text(data.message) ?? fallback() ?? summarize(data);

/** Online and offline, or whatever state a device reports moving between. */
const state: Renderer = (event) => {
  const data = event.event_data;
  return view(
    event,
    'State',
    messageOr(data, () => {
      const from = text(data.from_state);
      const to = text(data.to_state);
      if (from && to) return `State changed from ${from} to ${to}`;
      return to ? `State changed to ${to}` : null;
    }),
  );
};

const isConfigSection = (value: string): value is ConfigSection =>
  (CONFIG_SECTIONS as readonly string[]).includes(value);

const version = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * A configuration document set, got or restarted: the versions before and after (what the history
 * compares) and a link to the document's configuration tab.
 */
const shadow: Renderer = (event) => {
  const data = event.event_data;
  const name = text(data.shadow_name);
  const from = version(data.from_shadow);
  const to = version(data.to_shadow);
  const versions =
    from !== null && to !== null && from !== to
      ? `version ${from} → ${to}`
      : to !== null
        ? `version ${to}`
        : null;
  const what = messageOr(data, () => (name ? `${name} configuration changed` : null));
  const section = name?.toLowerCase() ?? '';
  const link =
    event.device_guid &&
    name &&
    (SHADOW_NAMES as readonly string[]).includes(name) &&
    isConfigSection(section)
      ? {
          label: `Open ${name} configuration`,
          href: paths.devices.detail.getHref(event.device_guid, 'config', section),
        }
      : null;
  return view(event, 'Configuration', versions ? `${what} (${versions})` : what, link);
};

/** An alert raised, changed or cleared: its message, else its label or name and its state. */
const alert =
  (title: string): Renderer =>
  (event) => {
    const data = event.event_data;
    return view(
      event,
      title,
      messageOr(data, () => {
        const what = text(data.label) ?? text(data.name);
        const status = text(data.alert_state);
        return what ? (status ? `${what}: ${status}` : what) : null;
      }),
    );
  };

/**
 * The cloud agent: who adopted, forgot or changed the users of the device (the server's messages
 * name them), and a device's report of a worker thread that died and was restarted.
 */
const agent: Renderer = (event) => {
  const data = event.event_data;
  const thread = text(data.thread_name);
  const deaths = typeof data.death_count === 'number' ? data.death_count : null;
  const lastDeath = data.last_death_time ? formatTimestamp(data.last_death_time) : '';
  const threadText = thread
    ? [
        `Thread ${thread}`,
        deaths !== null && `restarted ${deaths} ${deaths === 1 ? 'time' : 'times'}`,
        lastDeath && `last at ${lastDeath}`,
      ]
        .filter(Boolean)
        .join(', ')
    : null;
  const message = text(data.message);
  const body = [message, threadText].filter(Boolean).join('. ') || summarize(data);
  const name = text(data.agent);
  return view(event, 'Agent', name && !body.includes(name) ? `${name}: ${body}` : body);
};

/** A device command sent, and how it finished. */
const command: Renderer = (event) =>
  view(
    event,
    'Command',
    messageOr(event.event_data, () => null),
  );

/** Whatever else a device publishes: its message, else what it holds. */
const other: Renderer = (event) =>
  view(
    event,
    humanize(event.event_type),
    messageOr(event.event_data, () => null),
  );

/** One renderer per event kind (spec 2 §2.9); any other kind is shown as it came. */
export const eventRenderers: Record<string, Renderer> = {
  state,
  shadow,
  device_alert: alert('Device Alert'),
  alert: alert('Alert'),
  agent,
  command,
};

export function eventView(event: DeviceEvent): EventView {
  return (Object.hasOwn(eventRenderers, event.event_type) ? eventRenderers[event.event_type]! : other)(event);
}
