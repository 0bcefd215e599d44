import { ACCOUNT_MESSAGES } from '@ec/contract/account';
import { useState } from 'react';
import { resendWaitLeft } from '../logic/resend-wait';

/**
 * Asking for another verification code (spec 1 §4.4): refused in the browser with the spec's message
 * within 30 s of the last one this browser asked for (`lastSentAt`, null when unknown), otherwise
 * `send` runs and its confirmation is shown as `notice`.
 */
export function useCodeResend(lastSentAt: number | null) {
  const [notice, setNotice] = useState<string | null>(null);
  const [waitError, setWaitError] = useState<string | null>(null);
  return {
    notice,
    waitError,
    clear() {
      setNotice(null);
      setWaitError(null);
    },
    request(send: (onSent: () => void) => void, confirmation: string) {
      setNotice(null);
      setWaitError(null);
      if (resendWaitLeft(lastSentAt, Date.now()) > 0) {
        setWaitError(ACCOUNT_MESSAGES.resendWait);
        return;
      }
      send(() => setNotice(confirmation));
    },
  };
}
