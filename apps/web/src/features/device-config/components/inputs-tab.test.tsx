import { maxMessage, NUMBER_MESSAGE } from '@ec/contract/shadow-documents/fields';
import {
  FORMAT_UNDEFINED,
  inputHardwareChannelTaken,
  inputLimitMessage,
} from '@ec/contract/shadow-documents/inputs';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deviceConfigSlots } from '../../../app/routes/device-config-slots';
import { renderWithProviders } from '../../../testing/render';
import {
  DEVICE_GUID,
  ENTITLEMENTS,
  hardwareInput,
  mockDeviceConfigApi,
  sentSet,
} from '../../../testing/shadow-list-test-api';
import { ConfigSlotsContext } from './config-slots';
import { InputsTab } from './inputs-tab';

// With the app's slots, as the device page shows the tab: the preview is the input preview feature's.
const renderTab = (canEdit = true) =>
  renderWithProviders(
    <ConfigSlotsContext value={deviceConfigSlots}>
      <InputsTab deviceGuid={DEVICE_GUID} online canEdit={canEdit} />
    </ConfigSlotsContext>,
  );

async function open(user: UserEvent, name: string) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('region', { name: `${name} settings` });
}

async function pick(user: UserEvent, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const inputsSent = (calls: Parameters<typeof sentSet>[0]) =>
  sentSet(calls)?.commands[0]?.state.inputs as {
    id: unknown;
    hw_channel?: number;
    config: Record<string, unknown>;
  }[];

describe('InputsTab', () => {
  it('lists the inputs with their channel, video format and audio; no signal reads as an error', async () => {
    mockDeviceConfigApi({
      device: { product_name: 'edgecaster_max' },
      inputs: [
        hardwareInput(),
        {
          ...hardwareInput({ name: 'Camera 2' }, 2, 1),
          video_input_format: FORMAT_UNDEFINED,
          audio_input_detected: false,
        },
      ],
    });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Inputs' });
    expect(within(table).getByRole('row', { name: /Camera 1/ })).toHaveTextContent('1080p59.94');
    const second = within(table).getByRole('row', { name: /Camera 2/ });
    expect(second).toHaveTextContent('No Signal');
    expect(second).toHaveTextContent('Not Detected');
  });

  it('shows every input field and the preview slot, and saves an edit as a set against the reported version', async () => {
    const calls = mockDeviceConfigApi({});
    const { user } = renderTab();
    const form = await open(user, 'Camera 1');
    for (const label of [
      'Name',
      'Video Input',
      'Video Rotation',
      'Audio Input',
      'Force A/V Mute',
      'Persistent Input',
      'Ignore SDI Audio Phase',
      'HTML Overlay',
      'HTML Overlay URL',
      'Graphic Overlay',
      'Overlay Position',
      'Overlay X (%)',
      'Overlay Y (%)',
      'Overlay Width (%)',
      'Overlay Height (%)',
      'Overlay Aspect Ratio',
    ])
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    // The live picture itself is the input preview feature's (its browser spec shows one arrive).
    expect(within(form).getByRole('img', { name: 'Preview of Camera 1' })).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Stage Left');
    await pick(user, form, 'Video Rotation', '90°');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The device applied the configuration (version 4).')).toBeInTheDocument();
    expect(sentSet(calls)).toMatchObject({
      command_type: 'set',
      commands: [{ shadow_name: 'Inputs', target_version: 3 }],
    });
    expect(inputsSent(calls)).toEqual([
      {
        id: 1,
        type: 'hardware',
        hw_channel: 0,
        config: expect.objectContaining({
          name: 'Stage Left',
          video_rotation: 90,
          video_input_type: 'input_sdi',
        }),
      },
    ]);
  });

  it('holds the overlay position and size to 0 to 100, with the contract message', async () => {
    mockDeviceConfigApi({});
    const { user } = renderTab();
    const form = await open(user, 'Camera 1');
    const width = within(form).getByLabelText('Overlay Width (%)');
    await user.clear(width);
    await user.type(width, '150');
    expect(await within(form).findByText(maxMessage(100))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(width);
    await user.type(width, 'half');
    expect(await within(form).findByText(NUMBER_MESSAGE)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(within(form).getByLabelText('Overlay Width (%)')).toHaveValue('100'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('leaves out what the daemon does not have yet', async () => {
    const {
      graphic_overlay: _overlay,
      enable_persistent_input: _persistent,
      ...older
    } = hardwareInput().config;
    mockDeviceConfigApi({
      device: { daemon_version: 'v10.3.0', cloud_version: 'v1.2.0' },
      inputs: [{ ...hardwareInput(), config: older }],
    });
    const { user } = renderTab();
    const form = await open(user, 'Camera 1');
    expect(within(form).queryByLabelText('Persistent Input')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Graphic Overlay')).not.toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Preview of Camera 1' })).toHaveTextContent(
      'Input preview requires cloud agent version v1.3.0.',
    );
  });

  it('creates an input on a free channel, refuses a taken channel, and deletes a new input', async () => {
    const calls = mockDeviceConfigApi({
      device: { product_name: 'edgecaster_max' },
      entitlements: { ...ENTITLEMENTS, 'daemon.input.limit': 2 },
    });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create Input' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Input' });
    expect(within(dialog).getByRole('combobox', { name: 'Hardware Channel' })).toHaveTextContent('Channel 1');
    await pick(user, dialog, 'Hardware Channel', 'Channel 0');
    expect(within(dialog).getByText(inputHardwareChannelTaken(0))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await pick(user, dialog, 'Hardware Channel', 'Channel 1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const table = screen.getByRole('table', { name: 'Inputs' });
    expect(within(table).getByRole('row', { name: /Input 2/ })).toHaveTextContent('Not Created');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/The device applied the configuration/);
    expect(inputsSent(calls)[1]).toEqual({
      id: false,
      type: 'hardware',
      hw_channel: 1,
      config: expect.objectContaining({ name: 'Input 2', video_input_type: 'input_auto' }),
    });
  });

  it('says when the licensed number of inputs is reached', async () => {
    mockDeviceConfigApi({ device: { product_name: 'edgecaster_max' } });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create Input' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Input' });
    expect(within(dialog).getByText(inputLimitMessage(1))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it('deletes an existing input after confirmation where the device removes inputs', async () => {
    const calls = mockDeviceConfigApi({});
    const { user } = renderTab();
    const form = await open(user, 'Camera 1');
    await user.click(within(form).getByRole('button', { name: 'Delete Input' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Input' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No inputs on this device')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/The device applied the configuration/);
    expect(inputsSent(calls)).toEqual([]);
  });

  it('keeps the form read-only for a reader', async () => {
    mockDeviceConfigApi({});
    const { user } = renderTab(false);
    const form = await open(user, 'Camera 1');
    expect(within(form).getByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create Input' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Delete Input' })).not.toBeInTheDocument();
  });
});
