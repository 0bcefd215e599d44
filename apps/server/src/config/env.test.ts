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

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', DEMO: '1' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DEMO).toBe(true);
  });
});
