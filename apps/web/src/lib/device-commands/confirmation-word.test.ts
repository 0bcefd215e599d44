import { describe, expect, it } from 'vitest';
import { CONFIRMATION_WORDS, confirmationPrompt, isConfirmed } from './confirmation-word';

describe('confirmation words (spec 2 §4.8)', () => {
  it('accepts the exact word only', () => {
    expect(isConfirmed('CONFIRM', CONFIRMATION_WORDS.reboot)).toBe(true);
    expect(isConfirmed('confirm', CONFIRMATION_WORDS.reboot)).toBe(false);
    expect(isConfirmed('CONFIRM ', CONFIRMATION_WORDS.reboot)).toBe(false);
    expect(isConfirmed('RESET', CONFIRMATION_WORDS.reset)).toBe(true);
    expect(isConfirmed('Remove', CONFIRMATION_WORDS.remove)).toBe(false);
    expect(isConfirmed('FORMAT', CONFIRMATION_WORDS.format)).toBe(true);
  });

  it("prompts with the spec's text", () => {
    expect(confirmationPrompt('CONFIRM')).toBe('Please type CONFIRM above to proceed');
    expect(confirmationPrompt('FORMAT')).toBe('Please type FORMAT above to proceed');
  });
});
