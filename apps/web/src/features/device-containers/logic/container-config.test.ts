import { describe, expect, it } from 'vitest';
import { configFromJson, configText } from './container-config';

describe('a container configuration as JSON (spec 3 §5)', () => {
  it('reads an object', () => {
    expect(configFromJson(configText({ url: 'https://example.com', level: 2 }))).toEqual({
      config: { url: 'https://example.com', level: 2 },
    });
  });
  it.each(['{', '', '[1]', 'null', '"text"'])('refuses %j as Invalid JSON', (text) => {
    expect(configFromJson(text)).toEqual({ error: 'Invalid JSON' });
  });
});
