import { NOTE_TOO_LONG_MESSAGE } from '@ec/contract/device-metadata';
import { describe, expect, it } from 'vitest';
import { metadataChanges, metadataDraft, metadataIssues } from './metadata-draft';

describe('metadata editors (spec 2 §4.8)', () => {
  it('starts from the stored values, empty when not set', () => {
    expect(metadataDraft([{ key: 'location', value: 'Studio 4' }])).toEqual({
      device_alias: '',
      location: 'Studio 4',
      note: '',
      deployment_status: '',
    });
  });

  it("refuses a note over 200 characters with the spec's message", () => {
    const draft = metadataDraft([]);
    expect(metadataIssues({ ...draft, note: 'x'.repeat(200) }, ['note'])).toEqual({});
    expect(metadataIssues({ ...draft, note: 'x'.repeat(201) }, ['note'])).toEqual({
      note: NOTE_TOO_LONG_MESSAGE,
    });
    expect(metadataIssues({ ...draft, location: 'x'.repeat(201) }, ['location'])).toEqual({
      location: 'Location must be 200 characters or less',
    });
    // Only the keys an editor shows are judged.
    expect(metadataIssues({ ...draft, note: 'x'.repeat(201) }, ['location'])).toEqual({});
  });

  it('sends only the changed keys of the editor, an emptied one to clear it', () => {
    const saved = metadataDraft([
      { key: 'location', value: 'Studio 4' },
      { key: 'note', value: 'Rack 2' },
    ]);
    const draft = { ...saved, location: ' Studio 5 ', device_alias: '', note: '' };
    expect(metadataChanges(draft, saved, ['device_alias', 'location', 'deployment_status'])).toEqual([
      { key: 'location', value: 'Studio 5' },
    ]);
    expect(metadataChanges(draft, saved, ['note'])).toEqual([{ key: 'note', value: '' }]);
  });
});
