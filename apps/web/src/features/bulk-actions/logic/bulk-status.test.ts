import { describe, expect, it } from 'vitest';
import { WAITING_MESSAGE, WORKING_MESSAGE } from '../../../lib/device-commands/command-progress';
import { bulkItemOf, bulkSummary, QUEUED } from './bulk-status';

describe('bulk status', () => {
  it("tells a sent command from one the device accepted (the single-device flow's steps)", () => {
    expect(bulkItemOf({ status: 'accepted', message: WAITING_MESSAGE }).status).toBe('sent');
    expect(bulkItemOf({ status: 'accepted', message: WORKING_MESSAGE }).status).toBe('accepted');
    expect(bulkItemOf({ status: 'rejected', message: 'Busy' })).toEqual({
      status: 'rejected',
      message: 'Busy',
    });
  });

  it('counts done and unsuccessful devices for the progress bar', () => {
    const summary = bulkSummary([
      { status: 'complete', message: 'ok' },
      { status: 'not sent', message: 'Device Offline' },
      { status: 'accepted', message: WORKING_MESSAGE },
      QUEUED,
    ]);
    expect(summary).toEqual({ done: 2, total: 4, failed: 1, percent: 50, running: true });
    expect(bulkSummary([]).running).toBe(false);
  });
});
