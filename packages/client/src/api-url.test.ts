import { describe, expect, it } from 'vitest';
import { buildUrl } from './api-url.ts';

describe('buildUrl', () => {
  it('builds query strings with repeated parameters and skips empty ones', () => {
    expect(buildUrl('/devices', { product_names: ['edgecaster', 'edgecaster_max'], serial_number: '' })).toBe(
      '/v1/devices?product_names=edgecaster&product_names=edgecaster_max',
    );
  });

  it('puts the server address before /v1, with or without its trailing slash', () => {
    expect(buildUrl('/pats', undefined, 'https://console.example.com/')).toBe(
      'https://console.example.com/v1/pats',
    );
    expect(buildUrl('/pats', { user_guid: null }, 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/v1/pats',
    );
  });
});
