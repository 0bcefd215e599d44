import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('configuration', () => {
  it('has the documented defaults: embedded database and broker, never on port 1883', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, MQTT_PORT: 18830, DEMO: false, DEMO_DEVICES: 12 });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.MQTT_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', DEMO: 'maybe' })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: .*\n {2}DEMO: /,
    );
  });

  it('takes ingest threads only with PostgreSQL and an external broker, more than one only shared', () => {
    const external = { DATABASE_URL: 'postgres://db.example/ec', MQTT_URL: 'mqtt://broker.example' };
    expect(loadConfig({}).INGEST_THREADS).toBe(0);
    expect(loadConfig({ ...external, INGEST_THREADS: '2' }).INGEST_THREADS).toBe(2);
    expect(() => loadConfig({ INGEST_THREADS: '1' })).toThrow(
      /INGEST_THREADS: needs PostgreSQL \(DATABASE_URL\) and an external broker \(MQTT_URL\)/,
    );
    expect(() => loadConfig({ ...external, INGEST_THREADS: '2', MQTT_SHARED_SUBSCRIPTIONS: '0' })).toThrow(
      /INGEST_THREADS: more than one needs shared subscriptions/,
    );
    expect(
      loadConfig({ ...external, INGEST_THREADS: '1', MQTT_SHARED_SUBSCRIPTIONS: '0' }).INGEST_THREADS,
    ).toBe(1);
    expect(() => loadConfig({ ...external, INGEST_THREADS: '9' })).toThrow(/INGEST_THREADS/);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', DEMO: '1' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DEMO).toBe(true);
  });

  it('needs a sender with an SMS provider, and an http(s) provider URL', () => {
    expect(loadConfig({}).SMS_URL).toBeUndefined();
    expect(() => loadConfig({ SMS_URL: 'https://sid:token@sms.example/Messages.json' })).toThrow(
      /SMS_FROM: required when SMS_URL is set/,
    );
    expect(() => loadConfig({ SMS_URL: 'ftp://sms.example', SMS_FROM: '+15550000000' })).toThrow(/SMS_URL/);
    const config = loadConfig({
      SMS_URL: 'https://sid:token@sms.example/Messages.json',
      SMS_FROM: '+15550000000',
    });
    expect(config.SMS_FROM).toBe('+15550000000');
  });

  it('reads the banner and the single sign-on providers as JSON, with their defaults', () => {
    const config = loadConfig({
      BANNER: JSON.stringify({ banner_id: 'b1', title: 'Maintenance', html: '<p>Tonight</p>' }),
      OIDC_PROVIDERS: JSON.stringify([
        {
          name: 'acme',
          label: 'Acme',
          issuer: 'https://id.acme.example',
          client_id: 'c',
          client_secret: 's',
          domains: ['Acme.example'],
        },
      ]),
    });
    expect(config.BANNER).toEqual({
      banner_id: 'b1',
      title: 'Maintenance',
      html: '<p>Tonight</p>',
      icon: 'campaign',
      color: 'accent',
    });
    expect(config.OIDC_PROVIDERS[0]?.domains).toEqual(['acme.example']);
    const bad = () => loadConfig({ BANNER: '{not json', OIDC_PROVIDERS: '[{"name":"x"}]' });
    expect(bad).toThrow(/BANNER: must be a JSON object/);
    expect(bad).toThrow(/OIDC_PROVIDERS\.0\.issuer/);
  });
});
