import { describe, expect, it } from 'vitest';
import { destinationHost, isReachable } from './destinations.ts';

describe('the simulated network', () => {
  it.each([
    ['srt.example.com', true],
    ['10.20.30.40', true],
    ['239.1.1.1', true],
    ['2001:4860::8888', true],
    ['', false],
    ['ingest.invalid', false],
    ['Ingest.Example.INVALID.', false],
    ['192.0.2.44', false],
    ['198.51.100.7', false],
    ['203.0.113.10', false],
    ['0.1.2.3', false],
    ['250.1.1.1', false],
    ['2001:db8::1', false],
  ])('%s is reachable: %s', (host, reachable) => {
    expect(isReachable(host)).toBe(reachable);
  });

  it('reads where each kind of output sends to', () => {
    expect(destinationHost('unicast', { destination_ip: '10.0.0.9' })).toBe('10.0.0.9');
    expect(destinationHost('srt', { call_mode: 'CALLER', destination_ip: 'a.invalid' })).toBe('a.invalid');
    expect(destinationHost('srt', { call_mode: 'LISTENER', destination_ip: 'a.invalid' })).toBeNull();
    const generic = JSON.stringify({ url: 'rtmp://live.invalid/app/key' });
    expect(destinationHost('rtmp', { service_name: 'generic', service_data: generic })).toBe('live.invalid');
    expect(destinationHost('rtmp', { service_name: 'generic' })).toBe('');
    expect(destinationHost('rtmp', { service_name: 'youtube', service_data: '{"key":"x"}' })).toBeNull();
    const push = JSON.stringify({ push_url: 'https://[2001:db8::1]/live' });
    expect(destinationHost('http_push', { service_name: 'generic', service_data: push })).toBe('2001:db8::1');
    expect(destinationHost('rtsp', {})).toBeNull();
    expect(destinationHost('file', {})).toBeNull();
  });
});
