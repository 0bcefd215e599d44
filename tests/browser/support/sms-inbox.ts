import type { CapturedSms } from '../../../apps/server/test/sms-provider.ts';

/**
 * The text messages the console sent during the browser tests, as the captured SMS provider started by
 * global-setup received them (EC_SMS_CAPTURE_URL is its address).
 */
async function readTexts(): Promise<CapturedSms[]> {
  const response = await fetch(`${process.env.EC_SMS_CAPTURE_URL}/messages`);
  return (await response.json()) as CapturedSms[];
}

/** The code of the newest text message to `to` saying 'verification code is 123456', waiting for it. */
export async function waitForTextedCode(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const text of (await readTexts()).reverse()) {
      const code = text.to === to ? /verification code is (\d{6})/.exec(text.body)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification code texted to ${to}`);
}
