/**
 * The words a destructive command asks to be typed (spec 2 §4.8), compared exactly: 'confirm' does
 * not reboot.
 */
export const CONFIRMATION_WORDS = {
  reboot: 'CONFIRM',
  reset: 'RESET',
  remove: 'REMOVE',
  format: 'FORMAT',
} as const;
export type ConfirmationWord = (typeof CONFIRMATION_WORDS)[keyof typeof CONFIRMATION_WORDS];

export const isConfirmed = (typed: string, word: ConfirmationWord) => typed === word;

export const confirmationPrompt = (word: ConfirmationWord) => `Please type ${word} above to proceed`;
