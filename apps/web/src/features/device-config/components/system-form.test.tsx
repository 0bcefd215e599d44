import { XML_ACTIVE_MESSAGE } from '@ec/contract/shadow-documents/system';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readSystemState } from '../../../lib/shadows/system-form-values';
import { makeSystemShadow } from '../../../testing/data-generators';
import { renderWithProviders } from '../../../testing/render';
import { SystemForm } from './system-form';

function setup(config: Record<string, unknown> = {}, editable = true) {
  const { config: values, status } = readSystemState(makeSystemShadow(config).reported?.state);
  const onSave = vi.fn();
  const view = renderWithProviders(
    <SystemForm
      values={values}
      status={status}
      version={3}
      editable={editable}
      showActions={editable}
      withUtc
      saving={false}
      onSave={onSave}
    />,
  );
  return { ...view, onSave };
}

describe('SystemForm', () => {
  it('pre-fills static settings from the current network when switching to static', async () => {
    const { user } = setup();
    expect(screen.queryByLabelText('Netmask')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Static' }));
    expect(screen.getByLabelText('IP Address')).toHaveValue('192.168.1.20');
    expect(screen.getByLabelText('DNS Address 1')).toHaveValue('192.168.1.1');
    expect(screen.getByLabelText('DNS Address 2')).toHaveValue('8.8.8.8');
    expect(await screen.findAllByText('Must be a valid IP address')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.type(screen.getByLabelText('Netmask'), '255.255.255.0');
    await user.type(screen.getByLabelText('Gateway'), '192.168.1.1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('clears the static settings when switching to DHCP and saves {config}', async () => {
    const { user, onSave } = setup({
      ip_scheme: 'static',
      static_network: {
        ip_address: '10.0.0.5',
        netmask: '255.0.0.0',
        gateway: '10.0.0.1',
        dns_addresses: ['10.0.0.1', ''],
      },
    });
    expect(screen.getByLabelText('IP Address')).toHaveValue('10.0.0.5');

    await user.click(screen.getByRole('radio', { name: 'DHCP' }));
    expect(screen.queryByLabelText('Gateway')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ ip_scheme: 'dhcp', static_network: null });
  });

  it('shows validation messages and keeps Save disabled while invalid', async () => {
    const { user } = setup();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.clear(screen.getByLabelText('Device Name'));
    expect(await screen.findByText('Device name is required')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.type(screen.getByLabelText('Device Name'), 'Studio B');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Revert' }));
    expect(screen.getByLabelText('Device Name')).toHaveValue('Encoder 1');
  });

  it('locks the other blocks while XML configuration is active', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('switch', { name: 'Enable XML Configuration' }));
    expect(screen.getByText(XML_ACTIVE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Device Name')).toBeDisabled();
    expect(await screen.findByText('URL must be valid')).toBeInTheDocument();
    expect(screen.getByLabelText('Poll Interval')).toHaveValue(60);
  });

  it('is read-only without edit rights', () => {
    setup({}, false);
    expect(screen.getByLabelText('Device Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
