import type { DeviceRights } from '@ec/contract/access';
import type { Device } from '@ec/contract/devices';
import { NUMBER_MESSAGE, URL_MESSAGE } from '@ec/contract/shadow-documents/fields';
import {
  ENCODER_REQUIRED_MESSAGE,
  outputLimitMessage,
  THUMBNAIL_WIDTH_WARNING,
} from '@ec/contract/shadow-documents/outputs';
import { XML_ACTIVE_MESSAGE } from '@ec/contract/shadow-documents/system';
import { DYNAMIC_OUTPUTS_LOCKED_MESSAGE } from '@ec/contract/version-gates';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROVIDER_ON_DEVICE_NOTICE } from '../../../lib/shadows/outputs-field-specs';
import {
  makeDevice,
  makeDeviceEntitlements,
  makeShadowCommand,
  makeSystemShadow,
} from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { NO_DRIVES_NOTICE, UNSUPPORTED_OUTPUT_TYPE } from './outputs-config-fields';
import { DELETE_OUTPUT_QUESTION } from './outputs-delete-dialog';
import { OutputsTab } from './outputs-tab';

const DEVICE = '00000000-0000-4000-8000-000000000001';
const base = `/devices/${DEVICE}/shadows`;
const editor: DeviceRights = { control: true, edit: true, admin: false };

const outputs = [
  {
    id: 1,
    type: 'srt',
    config: {
      enable: true,
      name: 'SRT &amp; backup',
      sources: { video: [1], audio: [2], data: [] },
      call_mode: 'CALLER',
      destination_ip: 'srt.example.com',
      destination_port: 9000,
      latency: 120,
      bw_overhead: 25,
      stream_id: '',
      encryption_enabled: false,
      key_size: 'AES128',
    },
    status: { status_code: 'STREAM_RUNNING', status_message: 'Streaming' },
  },
  {
    id: 9,
    type: 'thumbnail',
    config: {
      enable: true,
      name: 'Preview',
      sources: { video: [1], audio: [], data: [] },
      width: 320,
      interval: 5,
    },
    status: { status_code: 'RUNNING', status_message: 'Running' },
  },
  { id: 12, type: 'generic', config: { name: 'Future output', enable: false } },
];

const encoders = [
  { id: 1, type: 'video', config: { name: 'Video 1080p', in_channel_id: 1, selected_codec: 'H264' } },
  { id: 2, type: 'audio', config: { name: 'Audio AAC', in_channel_id: 1, codec: 'mpeg4_aac' } },
];

const shadowOf = (name: string, state: Record<string, unknown>, version: number) => ({
  shadow_name: name,
  reported: { current_version: version, timestamp: '2026-01-01T12:00:00.000Z', state },
  requested: null,
});

/** Licensed for one of each type but Zixi (not licensed) and WHIP. */
const LIMITS = {
  'daemon.output.unicast.limit': 1,
  'daemon.output.multicast.limit': 1,
  'daemon.output.rtmp.limit': 1,
  'daemon.output.rtsp.limit': 1,
  'daemon.output.http_push.limit': 1,
  'daemon.output.http_pull.limit': 1,
  'daemon.output.srt.limit': 1,
  'daemon.output.zixi.limit': 0,
  'daemon.output.file.limit': 1,
  'daemon.output.whip.limit': 1,
  'daemon.output.thumbnail.limit': 1,
};

const command = {
  command: makeShadowCommand({
    shadow_name: 'Outputs',
    response: { message: null, error_code: null, state: null, current_version: 6 },
  }),
};

function mockOutputs(
  options: {
    device?: Partial<Device>;
    limits?: Record<string, number>;
    system?: Record<string, unknown>;
  } = {},
) {
  const device = makeDevice({ device_guid: DEVICE, daemon_version: 'v10.5.2', ...options.device });
  const entitlements = makeDeviceEntitlements(DEVICE);
  return mockApi({
    [`GET ${base}`]: (call: MockCall) => ({
      body: {
        shadows: [
          call.search.get('shadow_names') === 'Encoders'
            ? shadowOf('Encoders', { encoders }, 2)
            : call.search.get('shadow_names') === 'System'
              ? makeSystemShadow(options.system)
              : shadowOf('Outputs', { outputs }, 5),
        ],
      },
    }),
    [`GET /devices/${DEVICE}`]: { body: { device, rights: editor } },
    [`GET /entitlements/devices/${DEVICE}`]: {
      body: { ...entitlements, properties: { ...entitlements.properties, ...(options.limits ?? LIMITS) } },
    },
    [`POST ${base}/commands`]: {
      status: 202,
      body: { commands: [{ shadow_name: 'Outputs', command_guid: 'c1' }] },
    },
    [`GET ${base}/commands/c1`]: { body: command },
  });
}

const renderTab = (canEdit = true) =>
  renderWithProviders(<OutputsTab deviceGuid={DEVICE} online canEdit={canEdit} />);

type User = ReturnType<typeof renderTab>['user'];

async function openOutput(user: User, name: string) {
  const table = await screen.findByRole('table', { name: 'Outputs' });
  await user.click(within(table).getByRole('button', { name }));
  return screen.getByRole('region', { name: `${name} settings` });
}

function sentState(calls: MockCall[]) {
  const sent = calls.find((call) => call.method === 'POST');
  return sent?.body as {
    commands: { target_version: number; state: { outputs: Record<string, unknown>[] } }[];
  };
}

describe('OutputsTab', () => {
  it('lists the outputs with decoded names, type, whether enabled and their status', async () => {
    mockOutputs();
    const { user } = renderTab();
    const table = await screen.findByRole('table', { name: 'Outputs' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/SRT & backup.*SRT.*Yes.*Streaming/);
    expect(rows[2]).toHaveTextContent(/Preview.*Thumbnail.*Yes.*Running/);
    expect(rows[3]).toHaveTextContent(/Future output.*generic.*No.*Not Enabled/);
    await openOutput(user, 'Future output');
    expect(screen.getByText(UNSUPPORTED_OUTPUT_TYPE)).toBeInTheDocument();
  });

  it('offers only the licensed types the device runs, each with its own settings', async () => {
    mockOutputs({ device: { daemon_version: 'v10.0.0' } });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create Output' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Output' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Output Type' }));
    const offered = screen.getAllByRole('option').map((option) => option.textContent);
    // Zixi is not licensed; WHIP needs daemon v10.1.0.
    expect(offered).toEqual([
      'Unicast',
      'Multicast',
      'RTMP',
      'RTSP',
      'HTTP Push',
      'HTTP Pull',
      'SRT',
      'File',
      'Thumbnail',
    ]);
    await user.keyboard('{Escape}');

    const fieldOf: Record<string, string> = {
      Unicast: 'Destination IP',
      Multicast: 'TTL',
      RTMP: 'RTMP URL',
      RTSP: 'Stream Name',
      'HTTP Push': 'Primary URL',
      'HTTP Pull': 'Segment Length (s)',
      SRT: 'Latency (ms)',
      File: 'File Name Prefix',
      Thumbnail: 'Width (px)',
    };
    for (const [type, field] of Object.entries(fieldOf)) {
      await user.click(within(dialog).getByRole('combobox', { name: 'Output Type' }));
      await user.click(await screen.findByRole('option', { name: type }));
      expect(within(dialog).getByLabelText(field)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Name')).toHaveValue(`${type} 1`);
    }
  });

  it('offers WHIP and Zixi when licensed and run, and blocks a type at its licensed limit', async () => {
    mockOutputs({ limits: { ...LIMITS, 'daemon.output.zixi.limit': 1, 'daemon.output.srt.limit': 1 } });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create Output' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Output' });
    const pick = async (type: string) => {
      await user.click(within(dialog).getByRole('combobox', { name: 'Output Type' }));
      await user.click(await screen.findByRole('option', { name: type }));
    };
    await pick('WHIP');
    expect(within(dialog).getByLabelText('WHIP URL')).toBeInTheDocument();
    await pick('Zixi');
    expect(within(dialog).getByLabelText('FEC (%)')).toHaveValue('30');
    await pick('SRT');
    expect(within(dialog).getByText(outputLimitMessage('srt', 1))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Output' })).toBeDisabled();
  });

  it('shows each message of the contract at its field and blocks Save until it is fixed', async () => {
    const calls = mockOutputs();
    const { user } = renderTab();
    const settings = await openOutput(user, 'SRT & backup');
    const port = within(settings).getByLabelText('Port');
    await user.clear(port);
    await user.type(port, '99');
    expect(await within(settings).findByText('Value must be >= 1000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(port);
    await user.type(port, 'x');
    expect(await within(settings).findByText(NUMBER_MESSAGE)).toBeInTheDocument();
    await user.clear(port);
    await user.type(port, '9001');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates an RTMP output and saves the whole list as a set against the reported version', async () => {
    const calls = mockOutputs();
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create Output' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Output' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Output Type' }));
    await user.click(await screen.findByRole('option', { name: 'RTMP' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Enabled' }));
    expect(await within(dialog).findByText(ENCODER_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Output' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Video Encoders' }));
    await user.click(await screen.findByRole('option', { name: 'Video 1080p' }));
    await user.keyboard('{Escape}');
    const url = within(dialog).getByLabelText('RTMP URL');
    expect(await within(dialog).findByText('RTMP URL is required')).toBeInTheDocument();
    await user.type(url, 'not a url');
    expect(await within(dialog).findByText(URL_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Output' })).toBeDisabled();
    await user.clear(url);
    await user.type(url, 'rtmp://live.example.com/app/key');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create Output' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Create Output' }));

    expect(await screen.findByRole('region', { name: 'RTMP 1 settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The device applied the configuration (version 6).')).toBeInTheDocument();
    const body = sentState(calls);
    expect(body.commands[0]?.target_version).toBe(5);
    const sent = body.commands[0]!.state.outputs;
    expect(sent.map((output) => output.id)).toEqual([1, 9, 12, false]);
    expect(sent[3]).toEqual({
      id: false,
      type: 'rtmp',
      config: expect.objectContaining({
        enable: true,
        name: 'RTMP 1',
        sources: { video: [1], audio: [], data: [] },
        service_name: 'generic',
        service_data: '{"url":"rtmp://live.example.com/app/key"}',
      }),
    });
    expect(sent[2]).toEqual({ id: 12, type: 'generic', config: outputs[2]!.config });
  });

  it('says which settings are the device’s: a named RTMP or WHIP provider, a file output’s drives', async () => {
    mockOutputs();
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create Output' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Output' });
    const pick = async (label: string, option: string) => {
      await user.click(within(dialog).getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    for (const [type, provider] of [
      ['RTMP', 'YouTube'],
      ['WHIP', 'Dolby.io'],
    ]) {
      await pick('Output Type', type!);
      await pick('Provider', provider!);
      expect(within(dialog).getByText(PROVIDER_ON_DEVICE_NOTICE)).toBeInTheDocument();
    }
    expect(within(dialog).queryByLabelText('Publish Endpoint')).not.toBeInTheDocument();
    await pick('Output Type', 'File');
    expect(within(dialog).getByText(NO_DRIVES_NOTICE)).toBeInTheDocument();
  });

  it('warns about a wide thumbnail without blocking Save', async () => {
    mockOutputs();
    const { user } = renderTab();
    const settings = await openOutput(user, 'Preview');
    const width = within(settings).getByLabelText('Width (px)');
    await user.clear(width);
    await user.type(width, '640');
    expect(await within(settings).findByText(THUMBNAIL_WIDTH_WARNING)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('deletes after confirmation, and Revert brings back what the device has', async () => {
    mockOutputs();
    const { user } = renderTab();
    const settings = await openOutput(user, 'Preview');
    await user.type(within(settings).getByLabelText('Name'), ' 2');
    await user.click(within(settings).getByRole('button', { name: 'Delete Output' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Output' });
    expect(within(confirm).getByText(DELETE_OUTPUT_QUESTION)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const table = await screen.findByRole('table', { name: 'Outputs' });
    await waitFor(() => expect(within(table).queryByText('Preview 2')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Revert' }));
    expect(await within(table).findByRole('button', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('locks Create and Delete on a device that cannot add or remove outputs', async () => {
    mockOutputs({ device: { daemon_version: 'v8.4.0' } });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create Output' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Output' });
    expect(within(dialog).getByText(DYNAMIC_OUTPUTS_LOCKED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Output' })).toBeDisabled();
  });

  it('is read-only, without Create, Delete, Revert or Save, while an XML configuration is active', async () => {
    mockOutputs({
      system: {
        xml: { enabled: true, url: 'http://cfg/x.xml', poll_interval: 60, username: '', password: '' },
      },
    });
    const { user } = renderTab();
    expect(await screen.findByText(XML_ACTIVE_MESSAGE)).toBeInTheDocument();
    const settings = await openOutput(user, 'SRT & backup');
    expect(within(settings).getByLabelText('Port')).toBeDisabled();
    for (const name of ['Create Output', 'Delete Output', 'Revert', 'Save'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('shows readers the outputs without editing', async () => {
    mockOutputs();
    const { user } = renderTab(false);
    const settings = await openOutput(user, 'SRT & backup');
    expect(within(settings).getByLabelText('Port')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create Output' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Output' })).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, then a failed load with Retry', async () => {
    mockApi({
      [`GET ${base}`]: { status: 500, body: { message: 'Shadow store unavailable', error_code: 'X' } },
    });
    renderTab();
    expect(screen.getByText('Loading the Output configuration')).toBeInTheDocument();
    expect(await screen.findByText('Shadow store unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
