import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  /** A phone number in E.164 form, such as +15551234567. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** A text message the provider did not take. Its message names what went wrong, never the number or text. */
export class SmsNotSentError extends Error {
  override name = 'SmsNotSentError';
}

/** How long the provider may take to accept a message before the send counts as failed. */
export const SMS_TIMEOUT_MS = 10_000;

/**
 * Sends text messages through an HTTP provider when `smsUrl` is set; otherwise writes each message to
 * the server log, as the mailer does without SMTP_URL, so that a local run can still read its codes.
 *
 * The provider call is Twilio's Messages API, which other providers copy: `POST smsUrl` with the URL's
 * user and password removed and sent as HTTP basic authentication, a form-encoded body of `To`, `From`
 * and `Body`, and any 2xx answer taken as accepted. For Twilio, `smsUrl` is
 * `https://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com/2010-04-01/Accounts/ACCOUNT_SID/Messages.json`.
 * With a provider nothing is logged here: a failure throws `SmsNotSentError` with the answer's status
 * (and the provider's numeric error code), never the number, the text or the credentials.
 */
export function createSmsSender(options: {
  smsUrl?: string;
  from?: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): SmsSender {
  if (!options.smsUrl) {
    return {
      async send(message) {
        options.log.info({ sms: message }, `text message to ${message.to}: ${message.text}`);
      },
    };
  }
  const { endpoint, authorization } = splitCredentials(options.smsUrl);
  const timeoutMs = options.timeoutMs ?? SMS_TIMEOUT_MS;
  return {
    async send(message) {
      const body = new URLSearchParams({ To: message.to, Body: message.text });
      if (options.from) body.set('From', options.from);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (authorization) headers.authorization = authorization;
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsNotSentError(
          (error as Error).name === 'TimeoutError'
            ? `the SMS provider did not answer within ${timeoutMs} ms`
            : `the SMS provider could not be reached (${causeCode(error)})`,
        );
      }
      if (!response.ok) {
        const code = await providerErrorCode(response);
        throw new SmsNotSentError(
          `the SMS provider answered ${response.status}${code ? ` (error ${code})` : ''}`,
        );
      }
      await response.body?.cancel();
    },
  };
}

/** fetch refuses URLs with credentials: they become a basic authorization header. */
function splitCredentials(smsUrl: string) {
  const url = new URL(smsUrl);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  const authorization =
    user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
  return { endpoint: url.href, authorization };
}

const causeCode = (error: unknown) => {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : 'network error';
};

/** Twilio answers errors as `{code, message, ...}`; only the numeric code is kept (the message may quote the number). */
async function providerErrorCode(response: Response): Promise<number | undefined> {
  try {
    const body = (await response.json()) as { code?: unknown };
    return typeof body.code === 'number' ? body.code : undefined;
  } catch {
    return undefined;
  }
}
