import { CAPABILITY_PROFILES } from '@ec/contract/entitlements/capability-catalogue';
import { describe, expect, it } from 'vitest';
import { draftOf, propertiesOf } from './profile-draft';

const capabilities = CAPABILITY_PROFILES.edgecaster.capabilities;

describe('profile draft (spec 3 §5)', () => {
  it('round-trips the features a profile sets, leaving the others unset at their defaults', () => {
    const properties = {
      'daemon.output.zixi.limit': 3,
      'services.docker.enabled': true,
      'daemon.encoders.video.bitrate': { min: 200, max: 60000 },
      'daemon.encoders.audio.codecs': ['OPUS'],
    };
    const draft = draftOf(capabilities, properties);
    expect(draft['daemon.output.zixi.limit']).toEqual({ included: true, value: '3' });
    expect(draft['daemon.output.srt.limit']).toEqual({ included: false, value: '2' });
    expect(propertiesOf(capabilities, draft)).toEqual({ properties, problems: {} });
  });

  it("tells each feature's problem with the spec's messages", () => {
    const draft = draftOf(capabilities, {});
    const set = (feature: string, value: unknown) => {
      draft[feature] = { included: true, value: value as never };
    };
    set('daemon.output.zixi.limit', '');
    set('daemon.encoders.video.limit', '9');
    set('daemon.encoders.audio.codecs', []);
    set('daemon.encoders.video.bitrate', { min: '50', max: '100' });
    expect(propertiesOf(capabilities, draft).problems).toEqual({
      'daemon.output.zixi.limit': 'Value Required',
      'daemon.encoders.video.limit': 'Value Must be Between 0 and 4',
      'daemon.encoders.audio.codecs': 'Array Must Include at least 1 Element',
      'daemon.encoders.video.bitrate': 'Value Must be Between 100 and 100000',
    });
  });
});
