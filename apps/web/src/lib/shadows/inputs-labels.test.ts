import { FORMAT_UNDEFINED } from '@ec/contract/shadow-documents/inputs';
import { describe, expect, it } from 'vitest';
import { inputFieldLabel, videoFormatText } from './inputs-labels';

describe('input labels', () => {
  it('read FORMAT_UNDEFINED as no signal, an error', () => {
    expect(videoFormatText(FORMAT_UNDEFINED)).toEqual({ text: 'No Signal', error: true });
    expect(videoFormatText('1080p59.94')).toEqual({ text: '1080p59.94', error: false });
    expect(videoFormatText(undefined)).toEqual({ text: 'Unknown', error: false });
  });

  it('name a changed field for the notice of a newer version', () => {
    expect(inputFieldLabel(['inputs', '1', 'config', 'graphic_overlay', 'width'])).toBe(
      'Input 1 › Overlay Width (%)',
    );
    expect(inputFieldLabel(['inputs', '2'])).toBe('Input 2');
  });
});
