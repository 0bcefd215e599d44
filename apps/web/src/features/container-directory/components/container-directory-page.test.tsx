import type { GroupName } from '@ec/contract/access';
import type { DirectoryEntry } from '@ec/contract/containers/directory';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInToTestOrg } from '../../../testing/alert-fixtures';
import { makeDirectoryEntry, makeSessionUser } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { ContainerDirectoryPage } from './container-directory-page';

const player = makeDirectoryEntry({ name: 'HTML5 Player', identifier: 'html5-player' });
const beta = makeDirectoryEntry({ name: 'Caption Bridge', published: false });

function render(groups: GroupName[], extra: Parameters<typeof mockApi>[0] = {}) {
  let entries: DirectoryEntry[] = [beta, player];
  const calls = mockApi({
    'GET /auth/session': {
      body: { user: makeSessionUser({ groups }), expires_at: new Date(Date.now() + 3600_000).toISOString() },
    },
    'GET /containers': (call) => ({
      body: {
        containers: call.search.get('unpublished') === 'true' ? entries : entries.filter((e) => e.published),
        pagination_token: null,
      },
    }),
    ...extra,
  });
  const view = renderWithProviders(<ContainerDirectoryPage />);
  return { ...view, calls, setEntries: (next: DirectoryEntry[]) => (entries = next) };
}

const listCalls = (calls: MockCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/containers');
const saveButton = () => screen.getByRole('button', { name: 'Save Container' });

beforeEach(() => signInToTestOrg());

describe('ContainerDirectoryPage (spec 3 §2.9, §4.6)', () => {
  it('lists the unpublished entries too for a container administrator, 50 a page', async () => {
    const { calls } = render(['ContainerManagement']);
    const list = await screen.findByRole('list', { name: 'Containers' });
    expect(await within(list).findByText('Caption Bridge')).toBeInTheDocument();
    expect(within(list).getByText('Unpublished')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.search.get('unpublished')).toBe('true');
    expect(listCalls(calls)[0]?.search.get('pagination_size')).toBe('50');
  });

  it('creates an entry: Save only with a name and an image url, then the list reloads and the selection clears', async () => {
    const { user, calls, setEntries } = render(['ContainerManagement'], {
      'POST /containers': (call) => ({
        status: 201,
        body: { container: { ...makeDirectoryEntry(), ...(call.body as object) }, api_request_id: 'r' },
      }),
    });
    await screen.findByText('HTML5 Player');
    await user.click(screen.getByRole('button', { name: 'Create Container' }));
    expect(screen.getByRole('heading', { name: 'New Container' })).toBeInTheDocument();
    expect(screen.getByLabelText('Platforms')).toHaveTextContent('Edgecaster, Edgecaster Max');
    expect(saveButton()).toBeDisabled();

    await user.type(screen.getByLabelText(/Container Name/), 'SRT Gateway');
    expect(saveButton()).toBeDisabled();
    await user.click(screen.getByLabelText(/Image Url/));
    await user.paste('ghcr.io/acme/srt-gateway:1.4');
    await user.click(screen.getByRole('checkbox', { name: 'Licensable' }));
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.clear(screen.getByLabelText(/Image Url/));
    expect(await screen.findByText('Image Url is a required parameter.')).toBeInTheDocument();
    await waitFor(() => expect(saveButton()).toBeDisabled());
    await user.paste('ghcr.io/acme/srt-gateway:1.4');

    await user.click(screen.getByRole('tab', { name: 'Manifest' }));
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    const manifest = screen.getByLabelText('Manifest (JSON)');
    await user.clear(manifest);
    await user.paste('{"ports": [');
    expect(await screen.findByText('Invalid JSON')).toBeInTheDocument();
    await waitFor(() => expect(saveButton()).toBeDisabled());
    await user.clear(manifest);
    await user.paste('{"network_mode": "host"}');
    await waitFor(() => expect(saveButton()).toBeEnabled());

    const before = listCalls(calls).length;
    setEntries([beta, player, makeDirectoryEntry({ name: 'SRT Gateway' })]);
    await user.click(saveButton());
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'New Container' })).not.toBeInTheDocument(),
    );
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.body).toMatchObject({
      name: 'SRT Gateway',
      image_url: 'ghcr.io/acme/srt-gateway:1.4',
      platforms: ['edgecaster', 'edgecaster_max'],
      published: false,
      licensable: true,
      manifest: { network_mode: 'host' },
    });
    expect(listCalls(calls).length).toBeGreaterThan(before);
    expect(await screen.findByText('SRT Gateway')).toBeInTheDocument();
  });

  it('edits a saved entry: Save enables with a change; the GUID is read-only', async () => {
    const { user, calls } = render(['ContainerManagement'], {
      [`PATCH /containers/${player.container_guid}`]: { body: { container: player, api_request_id: 'r' } },
    });
    await user.click(await screen.findByText('HTML5 Player'));
    expect(screen.getByLabelText('Container GUID')).toHaveValue(player.container_guid);
    expect(screen.getByLabelText('Container GUID')).toHaveAttribute('readonly');
    expect(saveButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Container Description'), 'Plays HLS');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patched = calls.find((c) => c.method === 'PATCH');
    expect(patched?.path).toBe(`/containers/${player.container_guid}`);
  });

  it('edits the manifest as a form, written to the JSON the entry saves', async () => {
    const { user } = render(['ContainerManagement']);
    await user.click(await screen.findByText('HTML5 Player'));
    await user.click(screen.getByRole('tab', { name: 'Manifest' }));
    await user.click(screen.getByRole('button', { name: 'Add Port' }));
    await user.type(screen.getByLabelText('Host Port 1'), '8080');
    expect(await screen.findByText('ports.0.container_port: Value must be a number')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Container Port 1'), '80');
    await user.click(screen.getByLabelText('Restart Policy'));
    await user.click(screen.getByRole('option', { name: 'always' }));
    expect(screen.getByLabelText('Maximum Retry Count')).toBeDisabled();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    expect(JSON.parse((screen.getByLabelText('Manifest (JSON)') as HTMLTextAreaElement).value)).toEqual({
      ports: [{ host_port: 8080, container_port: 80, protocol: 'tcp' }],
      restart_policy: { name: 'always', MaximumRetryCount: 0 },
    });
  });

  it('asks before deleting, and deletes', async () => {
    const { user, calls } = render(['ContainerManagement'], {
      [`DELETE /containers/${player.container_guid}`]: { body: { ok: true } },
    });
    await user.click(await screen.findByText('HTML5 Player'));
    await user.click(screen.getByRole('button', { name: 'Delete Container' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Container' });
    expect(within(dialog).getByText('Are you sure you want to delete HTML5 Player?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Container' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.getByText('Select a container, or create one.')).toBeInTheDocument());
  });

  it('shows the server error of a save, in its words', async () => {
    const { user } = render(['ContainerManagement'], {
      [`PATCH /containers/${player.container_guid}`]: {
        status: 400,
        body: { message: 'name: Name is a required parameter.', error_code: 'VALIDATION_ERROR' },
      },
    });
    await user.click(await screen.findByText('HTML5 Player'));
    await user.type(screen.getByLabelText('Requirements Description'), 'x');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    expect(await screen.findByText('name: Name is a required parameter.')).toBeInTheDocument();
  });

  it('shows the published entries read-only to anyone else', async () => {
    const { user, calls } = render([]);
    await user.click(await screen.findByText('HTML5 Player'));
    expect(screen.queryByText('Caption Bridge')).not.toBeInTheDocument();
    expect(listCalls(calls)[0]?.search.get('unpublished')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Container' })).toBeDisabled();
    expect(screen.getByLabelText(/Container Name/)).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Published' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Container' })).toBeDisabled();
    expect(saveButton()).toBeDisabled();
  });

  it('says what failed to load, with Retry', async () => {
    const { user, calls } = render(['ContainerManagement'], {
      'GET /containers': { status: 500, body: { message: 'Directory unavailable', error_code: 'X' } },
    });
    expect(await screen.findByText('Directory unavailable')).toBeInTheDocument();
    const before = listCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });
});
