import { describe, expect, it } from 'vitest';
import { scalingResolutions } from './video-resolutions.ts';

describe('scaling resolutions (spec 3 §9)', () => {
  it('run from passthrough up to 3840x2160, more of them from daemon v10.3.0', () => {
    expect(scalingResolutions({ additional: false, rotation: 0 })).toEqual([
      'passthrough',
      '640x360',
      '1280x720',
      '1920x1080',
      '3840x2160',
    ]);
    const more = scalingResolutions({ additional: true, rotation: 0 });
    expect(more).toContain('2560x1440');
    expect(more.at(-1)).toBe('3840x2160');
  });

  it('add the upright sizes for an input rotated by 90 or 270 degrees', () => {
    expect(scalingResolutions({ additional: false, rotation: 90 })).toContain('1080x1920');
    expect(scalingResolutions({ additional: false, rotation: 270 })).toContain('2160x3840');
    expect(scalingResolutions({ additional: false, rotation: 180 })).not.toContain('1080x1920');
  });
});
