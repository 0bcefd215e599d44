import type { DeviceRights } from '@ec/contract/access';
import type { DockerContainer, DockerImage } from '@ec/contract/device-docker';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInToTestOrg } from '../../../testing/alert-fixtures';
import { makeDevice, makeDeviceEntitlements } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { ContainersTab } from './containers-tab';

const device = makeDevice({ product_name: 'edgecaster', online: true, cloud_version: 'V1.25.0' });
const DEVICE = device.device_guid;
const EDITOR: DeviceRights = { control: true, edit: true, admin: false };
const COMMAND = '40000000-0000-4000-8000-000000000001';

const supervisor: DockerContainer = {
  id: 'a1',
  name: 'supervisor',
  image: 'edgecaster/supervisor:stable-latest',
  status: 'running',
};
const web: DockerContainer = { id: 'b2', name: 'web1', image: 'nginx:latest', status: 'created' };
const installed: DockerContainer = {
  id: 'c3',
  name: 'html5renderer',
  image: 'videonlabs/html5:latest',
  status: 'running',
  container_guid: '50000000-0000-4000-8000-000000000001',
};
const images: DockerImage[] = [
  { id: 'sha256:1', tags: ['edgecaster/daemon:stable-latest'] },
  { id: 'sha256:2', tags: ['nginx:latest'] },
];
const entry = (guid: string, name: string, licensable: boolean) => ({
  container_guid: guid,
  identifier: name.toLowerCase(),
  name,
  image_url: 'videonlabs/x',
  description: `${name} does things`,
  company: { name: 'Videon', url: '', description: '' },
  requirements: '',
  manifest: {},
  platforms: ['edgecaster'],
  published: true,
  licensable,
});

function mockDocker(properties: Record<string, unknown> = { 'services.docker.enabled': true }) {
  return mockApi({
    [`GET /entitlements/devices/${DEVICE}`]: { body: { ...makeDeviceEntitlements(DEVICE), properties } },
    [`GET /devices/${DEVICE}/docker/containers`]: { body: { containers: [supervisor, web, installed] } },
    [`GET /devices/${DEVICE}/docker/images`]: { body: { images } },
    'GET /containers': {
      body: {
        containers: [
          entry('50000000-0000-4000-8000-000000000002', 'Graphics', true),
          entry('50000000-0000-4000-8000-000000000003', 'Recorder', false),
        ],
        pagination_token: null,
      },
    },
    [`PUT /devices/${DEVICE}/docker/containers/b2`]: {
      status: 202,
      body: { command_guid: COMMAND, api_request_id: 'r' },
    },
    [`POST /devices/${DEVICE}/docker/images`]: {
      status: 202,
      body: { command_guid: COMMAND, api_request_id: 'r' },
    },
    [`POST /devices/${DEVICE}/commands`]: {
      status: 202,
      body: { command_guid: COMMAND, api_request_id: 'r' },
    },
    [`GET /devices/${DEVICE}/commands/${COMMAND}`]: {
      body: {
        command: {
          command_guid: COMMAND,
          command: 'docker_container_action',
          finished: false,
          response: { result: { state: 'ACCEPTED', message: null } },
          created: '2026-11-27T08:00:00.000Z',
          finished_timestamp: null,
        },
        api_request_id: 'r',
      },
    },
  });
}

beforeEach(() => signInToTestOrg());
afterEach(() => vi.restoreAllMocks());

describe('ContainersTab (spec 3 §2.7)', () => {
  it('says Not Licensed without the Docker licence, and Device Offline for an offline device', async () => {
    mockDocker({});
    const { unmount } = renderWithProviders(<ContainersTab device={device} rights={EDITOR} />);
    expect(await screen.findByText('Not Licensed')).toBeInTheDocument();
    unmount();
    mockDocker();
    renderWithProviders(<ContainersTab device={{ ...device, online: false }} rights={EDITOR} />);
    expect(await screen.findByText('Device Offline')).toBeInTheDocument();
  });

  it('Standard: lists installed containers, and available ones with Install or Not Licensed, 25 a page', async () => {
    const calls = mockDocker();
    renderWithProviders(<ContainersTab device={device} rights={EDITOR} />);
    const installedTable = await screen.findByRole('table', { name: 'Installed Containers' });
    expect(await within(installedTable).findByText('web1')).toBeInTheDocument();
    expect(within(installedTable).getByRole('button', { name: 'Uninstall html5renderer' })).toBeEnabled();
    const available = await screen.findByRole('table', { name: 'Available Containers' });
    expect(await within(available).findByRole('button', { name: 'Not Licensed Graphics' })).toBeDisabled();
    expect(within(available).getByRole('button', { name: 'Install Recorder' })).toBeEnabled();
    const catalogue = calls.find((call) => call.path === '/containers');
    expect(catalogue?.search.get('pagination_size')).toBe('25');
    expect(catalogue?.search.get('platform')).toBe('edgecaster');
  });

  it('Manage Container offers the actions of the status, none for a protected container', async () => {
    const calls = mockDocker();
    const { user } = renderWithProviders(<ContainersTab device={device} rights={EDITOR} />);
    await user.click(await screen.findByRole('button', { name: 'Manage supervisor' }));
    let manage = screen.getByRole('region', { name: 'Manage Container' });
    for (const name of ['Start', 'Stop', 'Kill', 'Pause', 'Resume', 'Restart', 'Delete'])
      expect(within(manage).getByRole('button', { name })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Manage web1' }));
    manage = screen.getByRole('region', { name: 'Manage Container' });
    expect(within(manage).getByRole('log', { name: 'Logs of web1' })).toHaveTextContent(
      'Waiting for log stream...',
    );
    expect(within(manage).getByRole('button', { name: 'Stop' })).toBeDisabled();
    expect(within(manage).getByRole('button', { name: 'Delete' })).toBeEnabled();
    await user.click(within(manage).getByRole('button', { name: 'Start' }));
    expect(await within(manage).findByRole('status')).toHaveTextContent('Command Accepted');
    const action = calls.find((call) => call.method === 'PUT');
    expect(action?.body).toEqual({ action: 'start' });
    // Every action waits for the one in progress.
    expect(within(manage).getByRole('button', { name: 'Delete' })).toBeDisabled();
    // The log view asks the device for its lines for the session it follows, 1 s after opening.
    await waitFor(
      () => {
        const request = calls.find(
          (call: MockCall) =>
            call.path === `/devices/${DEVICE}/commands` &&
            (call.body as { data: { container_id: string } }).data.container_id === 'b2',
        );
        expect(request?.body).toMatchObject({
          command: 'send_docker_logs',
          data: { container_id: 'b2', duration: 15, lines: 100 },
        });
      },
      { timeout: 3000 },
    );
  });

  it('says an agent older than v1.23.0 needs an update for logs, and asks it for none', async () => {
    const calls = mockDocker();
    const old = { ...device, cloud_version: 'V1.20.0' };
    const { user } = renderWithProviders(<ContainersTab device={old} rights={EDITOR} />);
    await user.click(await screen.findByRole('button', { name: 'Manage web1' }));
    const manage = screen.getByRole('region', { name: 'Manage Container' });
    expect(within(manage).getByText(/Docker logging support requires newer software/)).toBeInTheDocument();
    expect(within(manage).queryByRole('log')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(calls.some((call) => call.path === `/devices/${DEVICE}/commands`)).toBe(false);
  });

  it('Advanced: lists images 50 a page, keeps system images, and pulls with the default tag', async () => {
    const calls = mockDocker();
    const { user } = renderWithProviders(<ContainersTab device={device} rights={EDITOR} />);
    await user.click(await screen.findByRole('button', { name: 'Advanced' }));
    const imagesTable = await screen.findByRole('table', { name: 'Images' });
    expect(await within(imagesTable).findByText('System image')).toBeInTheDocument();
    expect(within(imagesTable).getByRole('button', { name: 'Delete nginx:latest' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Pull Image' }));
    const dialog = screen.getByRole('dialog', { name: 'Pull Image' });
    await user.click(within(dialog).getByRole('button', { name: 'Pull' }));
    expect(within(dialog).getByText('Repository is required')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Repository *'), 'nginx');
    await user.click(within(dialog).getByRole('button', { name: 'Pull' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pull Image' })).not.toBeInTheDocument());
    expect(
      calls.find((call) => call.method === 'POST' && call.path.endsWith('/docker/images'))?.body,
    ).toEqual({
      repository: 'nginx',
      tag: 'latest',
    });
  });

  it('Create Container refuses a name with a space, with the spec’s rule', async () => {
    mockDocker();
    const { user } = renderWithProviders(<ContainersTab device={device} rights={EDITOR} />);
    await user.click(await screen.findByRole('button', { name: 'Advanced' }));
    await user.click(await screen.findByRole('button', { name: 'Create Container' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Container' });
    await user.type(within(dialog).getByLabelText('Name *'), 'my web');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Name may contain only letters and digits')).toBeInTheDocument();
    expect(within(dialog).getByText('Image is required')).toBeInTheDocument();
  });
});
