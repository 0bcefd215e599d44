import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StreamingStatusChip } from './streaming-status-chip';

describe('StreamingStatusChip', () => {
  it.each([
    [1, 'Streaming'],
    [0, 'Error Streaming'],
    [2, 'Not Streaming'],
    [3, 'Not Configured'],
    [4, 'Device Offline'],
    [5, 'Unknown'],
  ] as const)('shows status %i as %s', (status, label) => {
    render(<StreamingStatusChip status={status} alertCount={0} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('puts alerts first', () => {
    render(<StreamingStatusChip status={1} alertCount={2} />);
    expect(screen.getByText('Device Alerts')).toBeInTheDocument();
  });
});
