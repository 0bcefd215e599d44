import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FleetStatusLabel } from './fleet-status-label';

describe('the fleet status label (spec 2 §2.13)', () => {
  it('is a named progress indicator while the status loads, then the chips', () => {
    const { rerender } = render(<FleetStatusLabel status={undefined} error={null} />);
    // A skeleton named without a role is an axe violation (aria-prohibited-attr).
    expect(screen.getByRole('progressbar', { name: 'Loading fleet status' })).toBeInTheDocument();
    rerender(
      <FleetStatusLabel
        status={{
          total_devices: 4,
          total_online: 3,
          total_streaming: 2,
          total_alerts: 0,
          devices_online: [],
          devices_streaming: [],
          alerts: [],
        }}
        error={null}
      />,
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Online 3/4')).toBeInTheDocument();
  });
});
