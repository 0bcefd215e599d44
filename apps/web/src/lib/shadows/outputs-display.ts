import { isKnownOutputType, OUTPUT_TYPE_LABELS } from '@ec/contract/shadow-documents/output-types';
import { shadowRegistry } from '@ec/contract/shadow-registry';
import type { OutputDraft } from './outputs-drafts';

/** Text with HTML character references decoded, as output names are shown (spec 3 §2.4). */
export function decodeHtml(text: string): string {
  if (!text.includes('&')) return text;
  // A parsed document is inert: no script runs and nothing loads; only its text is read.
  return new DOMParser().parseFromString(text, 'text/html').documentElement.textContent ?? text;
}

/** An output's name for display. */
export const outputName = (draft: Pick<OutputDraft, 'config'>) =>
  decodeHtml(typeof draft.config.name === 'string' ? draft.config.name : '');

export const outputTypeLabel = (type: string) => (isKnownOutputType(type) ? OUTPUT_TYPE_LABELS[type] : type);

/**
 * The Output Status column (spec 2 §4.3): the device's status of the output as reported, read with
 * the working copy's config for one the device does not have yet.
 */
export function outputStatus(draft: OutputDraft, reported: Record<string, unknown> | undefined) {
  return shadowRegistry.Outputs.entryStatus(reported ?? { type: draft.type, config: draft.config });
}

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB'];

/** A size in bytes in the largest unit that keeps it at 1 or more, e.g. '29.8 GB'. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}
