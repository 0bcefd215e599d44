import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmsProvider } from '../../test/sms-provider.ts';
import { createLogger } from '../logging/logger.ts';
import { createSmsSender, SmsNotSentError } from './sms-sender.ts';

let provider: Awaited<ReturnType<typeof startSmsProvider>>;
const lines: string[] = [];
const log = createLogger({ level: 'trace', destination: { write: (line: string) => void lines.push(line) } });
const message = { to: '+15551230001', text: 'Edgecaster Cloud: your verification code is 424242.' };

beforeAll(async () => {
  provider = await startSmsProvider();
});
afterAll(() => provider.close());
beforeEach(() => {
  lines.length = 0;
  provider.messages.length = 0;
  provider.failWith(null);
  provider.hang(false);
});

describe('the SMS sender with a provider', () => {
  it("posts Twilio's form with basic authentication from the URL and logs nothing", async () => {
    const sms = createSmsSender({ smsUrl: provider.url('AC123:p%40ss%3Aword'), from: '+15550000000', log });
    await sms.send(message);
    expect(provider.messages).toEqual([
      {
        path: '/2010-04-01/Accounts/AC123/Messages.json',
        authorization: `Basic ${Buffer.from('AC123:p@ss:word').toString('base64')}`,
        contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
        to: message.to,
        from: '+15550000000',
        body: message.text,
      },
    ]);
    expect(lines).toEqual([]);
  });

  it('sends no authorization when the URL has no credentials', async () => {
    const sms = createSmsSender({ smsUrl: `${provider.origin}/send`, from: 'Edgecaster', log });
    await sms.send(message);
    expect(provider.messages[0]).toMatchObject({
      path: '/send',
      authorization: undefined,
      from: 'Edgecaster',
    });
  });

  it("fails with the provider's status and error code, never its text (which quotes the number)", async () => {
    provider.failWith(400);
    const sms = createSmsSender({ smsUrl: provider.url(), from: '+15550000000', log });
    const error = await sms.send(message).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SmsNotSentError);
    expect((error as Error).message).toBe('the SMS provider answered 400 (error 21211)');
  });

  it('gives up on a provider that does not answer in time', async () => {
    provider.hang(true);
    const sms = createSmsSender({ smsUrl: provider.url(), from: '+15550000000', log, timeoutMs: 200 });
    const started = Date.now();
    await expect(sms.send(message)).rejects.toThrow('the SMS provider did not answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('fails when the provider cannot be reached, naming neither URL nor credentials', async () => {
    const closed = await startSmsProvider();
    await closed.close();
    const sms = createSmsSender({ smsUrl: closed.url(), from: '+15550000000', log });
    const error = (await sms.send(message).catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(SmsNotSentError);
    expect(error.message).toBe('the SMS provider could not be reached (ECONNREFUSED)');
  });
});

describe('the SMS sender without a provider', () => {
  it("writes the message to the log, as the mailer does without SMTP: the quick start's phone", async () => {
    const sms = createSmsSender({ log });
    await sms.send(message);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      sms: message,
      msg: `text message to ${message.to}: ${message.text}`,
    });
  });
});
