import { describe, expect, it } from 'vitest';
import { decodeHtml, formatBytes, outputStatus } from './outputs-display';

describe('outputs display', () => {
  it('decodes HTML character references in names and leaves markup inert', () => {
    expect(decodeHtml('Tom &amp; Jerry &#8211; &quot;Live&quot;')).toBe('Tom & Jerry – "Live"');
    expect(decodeHtml('Plain')).toBe('Plain');
    expect(decodeHtml('&lt;img src=x onerror=alert(1)&gt;')).toBe('<img src=x onerror=alert(1)>');
  });

  it('sizes drives in the largest fitting unit', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(31_900_000_000)).toBe('31.9 GB');
  });

  it("labels an output's status by the rules of spec 2 §4.3", () => {
    const draft = { key: 'k', id: 1, type: 'rtmp', config: { enable: true, service_data: { url: '' } } };
    expect(outputStatus(draft, undefined)?.text).toBe('Not Configured');
    const reported = {
      type: 'srt',
      config: { enable: true },
      status: { status_code: 'STREAM_RUNNING', status_message: 'Streaming' },
    };
    expect(outputStatus(draft, reported)).toEqual({ text: 'Streaming', tone: 'success' });
    expect(outputStatus({ ...draft, type: 'srt', config: { enable: false } }, undefined)?.text).toBe(
      'Not Enabled',
    );
  });
});
