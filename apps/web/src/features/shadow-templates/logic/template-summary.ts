import { configOf, entriesOf } from '@ec/contract/shadow-documents/fields';
import { shadowRegistry } from '@ec/contract/shadow-registry';
import type { TemplateShadowName } from '@ec/contract/shadow-template-state';

const NOUNS: Record<Exclude<TemplateShadowName, 'System'>, [string, string]> = {
  Inputs: ['input', 'inputs'],
  Encoders: ['encoder', 'encoders'],
  Outputs: ['output', 'outputs'],
  Alerts: ['alert', 'alerts'],
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * One line telling templates apart in the list: how many entries and their names ('2 outputs: SRT,
 * Preview'), or System's time zone and NTP server.
 */
export function templateSummary(name: TemplateShadowName, state: unknown): string {
  if (name === 'System') {
    const config = configOf((state ?? {}) as Record<string, unknown>);
    return `Timezone ${text(config.timezone) ?? '—'} · NTP Server ${text(config.ntp_server) ?? '—'}`;
  }
  const entries = entriesOf(state, shadowRegistry[name].listKey);
  const [one, many] = NOUNS[name];
  const count = `${entries.length} ${entries.length === 1 ? one : many}`;
  const names = entries
    .map((entry) => text(name === 'Alerts' ? entry.label : configOf(entry).name))
    .filter((entryName) => entryName !== null);
  return names.length ? `${count}: ${names.join(', ')}` : count;
}
