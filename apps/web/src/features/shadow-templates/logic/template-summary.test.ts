import { describe, expect, it } from 'vitest';
import { templateSummary } from './template-summary';

describe('templateSummary', () => {
  it('counts and names the entries', () => {
    const outputs = {
      outputs: [
        { id: 1, config: { name: 'SRT' } },
        { id: 2, config: { name: 'Preview' } },
      ],
    };
    expect(templateSummary('Outputs', outputs)).toBe('2 outputs: SRT, Preview');
    expect(templateSummary('Encoders', { encoders: [{ id: 1, config: {} }] })).toBe('1 encoder');
    expect(templateSummary('Alerts', { alerts: [{ label: 'High CPU' }] })).toBe('1 alert: High CPU');
  });

  it("shows System's time zone and NTP server", () => {
    expect(templateSummary('System', { config: { timezone: 'UTC', ntp_server: '' } })).toBe(
      'Timezone UTC · NTP Server —',
    );
  });
});
