import { describe, expect, it } from 'vitest';
import { localeOptions } from './locale-options';

describe('localeOptions', () => {
  it('offers the default, the browser locale and the previous one', () => {
    expect(localeOptions('fr-CA', 'de-DE')).toEqual([
      { value: 'en-US', label: 'Default (en-US)' },
      { value: 'fr-CA', label: 'Browser Default (fr-CA)' },
      { value: 'de-DE', label: 'Previous (de-DE)' },
    ]);
  });

  it('skips duplicates and values that are not xx-YY', () => {
    expect(localeOptions('en-US', 'fr')).toEqual([{ value: 'en-US', label: 'Default (en-US)' }]);
  });
});
