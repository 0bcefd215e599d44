import { SEARCHABLE_METADATA_KEYS, type SearchableMetadataKey } from '@ec/contract/device-metadata';

/** The search page's tabs (spec 2 §2.7): metadata, or the System shadow's device name. */
export const SEARCH_SECTIONS = ['metadata', 'device_name'] as const;
export type SearchSection = (typeof SEARCH_SECTIONS)[number];

/** What /search keeps in its address: section, searchKey, searchFilter and timestamp (spec 2 §2.7). */
export interface SearchParams {
  section: SearchSection;
  searchKey: SearchableMetadataKey;
  searchFilter: string;
  /** When the filter was last applied: a link with a new one searches afresh instead of reading the cache. */
  timestamp: string | null;
}

const oneOf = <T extends string>(choices: readonly T[], value: string | null, fallback: T): T =>
  choices.includes(value as T) ? (value as T) : fallback;

export function readSearchParams(params: URLSearchParams): SearchParams {
  return {
    section: oneOf(SEARCH_SECTIONS, params.get('section'), 'metadata'),
    searchKey: oneOf(SEARCHABLE_METADATA_KEYS, params.get('searchKey'), 'device_alias'),
    searchFilter: params.get('searchFilter')?.trim() ?? '',
    timestamp: params.get('timestamp'),
  };
}

/** The address after `changes`: other parameters stay, an empty filter or timestamp leaves it. */
export function writeSearchParams(current: URLSearchParams, changes: Partial<SearchParams>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}
