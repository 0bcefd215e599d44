import type { Shadow } from '@ec/contract/shadows';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store';
import { makeOrg, makeSessionUser } from '../../../testing/data-generators';
import { type MockCall, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { ShadowTemplatesControl } from './shadow-templates-control';

const ORG = '00000000-0000-4000-8000-0000000000aa';
const TEMPLATE_GUID = '00000000-0000-4000-8000-0000000000bb';
const templatesPath = `/orgs/${ORG}/shadow_templates`;

const srt = (id: number, config: Record<string, unknown> = {}) => ({
  id,
  type: 'srt',
  status: { status_code: 'STREAM_RUNNING', status_message: 'Streaming' },
  config: {
    enable: true,
    name: 'SRT to production',
    sources: { video: [1], audio: [], data: [] },
    call_mode: 'CALLER',
    destination_ip: 'srt.example.com',
    destination_port: 9000,
    passphrase: 'device-secret',
    ...config,
  },
});
const preview = {
  id: 9,
  type: 'thumbnail',
  config: { enable: true, name: 'Preview', width: 320, interval: 5 },
};

const outputsShadow = (outputs: unknown[], version = 7): Shadow => ({
  shadow_name: 'Outputs',
  reported: { current_version: version, timestamp: '2026-01-01T12:00:00.000Z', state: { outputs } },
  requested: null,
});

const template = (name: string, outputs: unknown[]) => ({
  template_guid: TEMPLATE_GUID,
  template_name: name,
  shadow_name: 'Outputs',
  state: { outputs },
});

/** Signed in to ORG at `access`, the calls answered by `handlers`, the control rendered for `shadow`. */
function renderControl(options: {
  shadow: Shadow;
  access: 100 | 200 | 300;
  canEdit: boolean;
  handlers: Parameters<typeof mockApi>[0];
  pending?: boolean;
}) {
  sessionStore.setToken({
    access_token: 'token',
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
    refresh_token: 'refresh',
  });
  sessionStore.selectOrg(ORG);
  const calls = mockApi({
    'GET /orgs': {
      body: { orgs: [makeOrg({ org_guid: ORG, access: options.access })], pagination_token: null },
    },
    'GET /auth/session': {
      body: { user: makeSessionUser(), expires_at: new Date(Date.now() + 3600_000).toISOString() },
    },
    ...options.handlers,
  });
  const start = vi.fn(async () => undefined);
  const view = renderWithProviders(
    <ShadowTemplatesControl
      shadow={options.shadow}
      flow={{ start, pending: options.pending ?? false }}
      canEdit={options.canEdit}
    />,
  );
  return { ...view, calls, start };
}

const posts = (calls: MockCall[]) => calls.filter((call) => call.method === 'POST');

describe('ShadowTemplatesControl', () => {
  it("saves the reported outputs as a template without their secrets or statuses, in the contract's name rules", async () => {
    let saved: unknown[] = [];
    const { user, calls } = renderControl({
      shadow: outputsShadow([srt(1), preview]),
      access: 300,
      canEdit: true,
      handlers: {
        [`GET ${templatesPath}`]: () => ({ body: { templates: saved } }),
        [`POST ${templatesPath}`]: (call) => {
          const body = call.body as { templates: { template_name: string; state: unknown }[] };
          saved = body.templates.map((t) => ({ ...t, template_guid: TEMPLATE_GUID, shadow_name: 'Outputs' }));
          return { body: { templates: saved } };
        },
      },
    });

    await user.click(screen.getByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Outputs templates' });
    expect(await within(dialog).findByText(/No templates yet/)).toBeInTheDocument();

    const name = within(dialog).getByLabelText(/Template name/);
    await user.type(name, 'Studio, main');
    await user.click(within(dialog).getByRole('button', { name: 'Save as template' }));
    expect(await within(dialog).findByText('The template name cannot contain a comma')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.clear(name);
    await user.type(name, '  Studio main  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save as template' }));
    expect(await within(dialog).findByText('Saved the template “Studio main”.')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({
      templates: [
        {
          template_name: 'Studio main',
          shadow_name: 'Outputs',
          state: {
            outputs: [
              { id: 1, type: 'srt', config: expect.not.objectContaining({ passphrase: expect.anything() }) },
              { id: 9, type: 'thumbnail', config: preview.config },
            ],
          },
        },
      ],
    });
    expect(JSON.stringify(posts(calls)[0]?.body)).not.toMatch(/device-secret|STREAM_RUNNING/);
    const list = await within(dialog).findByRole('list', { name: 'Organization templates' });
    expect(within(list).getByText('Studio main')).toBeInTheDocument();
    expect(within(list).getByText('2 outputs: SRT to production, Preview')).toBeInTheDocument();
  });

  it('asks before replacing a template of the same name, then replaces that one', async () => {
    const { user, calls } = renderControl({
      shadow: outputsShadow([preview]),
      access: 300,
      canEdit: false,
      handlers: {
        [`GET ${templatesPath}`]: { body: { templates: [template('Studio', [srt(1)])] } },
        [`POST ${templatesPath}`]: { body: { templates: [template('Studio', [preview])] } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Outputs templates' });
    await within(dialog).findByText('Studio');
    await user.type(within(dialog).getByLabelText(/Template name/), 'Studio');
    await user.click(within(dialog).getByRole('button', { name: 'Save as template' }));
    expect(
      await within(dialog).findByText(/A template named “Studio” already exists. Replace it/),
    ).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    expect(await within(dialog).findByText('Saved the template “Studio”.')).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toMatchObject({
      templates: [{ template_guid: TEMPLATE_GUID, template_name: 'Studio', state: { outputs: [preview] } }],
    });
  });

  it('shows what applying changes, then sends it as a set against the reported version', async () => {
    const { user, start } = renderControl({
      shadow: outputsShadow([srt(1), { id: 2, type: 'rtsp', config: { name: 'Local RTSP' } }], 7),
      access: 100,
      canEdit: true,
      handlers: {
        [`GET ${templatesPath}`]: {
          body: {
            templates: [
              template('Studio', [srt(1, { destination_port: 9100, passphrase: undefined }), preview]),
            ],
          },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Outputs templates' });
    await user.click(await within(dialog).findByRole('button', { name: 'Apply Studio' }));

    const apply = screen.getByRole('dialog', { name: 'Apply “Studio”' });
    // The button pressed is gone with the list: the title of the new view takes the focus.
    await waitFor(() => expect(within(apply).getByRole('heading', { name: 'Apply “Studio”' })).toHaveFocus());
    const changes = within(apply).getByRole('list', { name: 'What changes on this device' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'SRT to production › Port: 9000 → 9100',
      'Removes output “Local RTSP”',
      'Adds output “Preview” (Thumbnail)',
    ]);
    await user.click(within(apply).getByRole('button', { name: 'Apply to this device' }));
    expect(start).toHaveBeenCalledWith({
      command_type: 'set',
      commands: [
        {
          shadow_name: 'Outputs',
          target_version: 7,
          state: {
            // What a set sends of each output; the device's own passphrase stays, the template has none.
            outputs: [
              { id: 1, type: 'srt', config: srt(1, { destination_port: 9100 }).config },
              { ...preview, id: false },
            ],
          },
        },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers neither Save, Delete nor Apply to a read-only member', async () => {
    const { user } = renderControl({
      shadow: outputsShadow([preview]),
      access: 100,
      canEdit: false,
      handlers: { [`GET ${templatesPath}`]: { body: { templates: [template('Studio', [preview])] } } },
    });
    await user.click(screen.getByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Outputs templates' });
    expect(await within(dialog).findByText('Studio')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save as template' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
  });

  it('deletes a template after asking', async () => {
    let templates = [template('Studio', [preview])];
    const { user, calls } = renderControl({
      shadow: outputsShadow([preview]),
      access: 300,
      canEdit: true,
      handlers: {
        [`GET ${templatesPath}`]: () => ({ body: { templates } }),
        [`DELETE ${templatesPath}/${TEMPLATE_GUID}`]: () => {
          templates = [];
          return { body: { ok: true } };
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Outputs templates' });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete Studio' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Template' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/No templates yet/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    const { user } = renderControl({
      shadow: outputsShadow([preview]),
      access: 100,
      canEdit: true,
      handlers: {
        [`GET ${templatesPath}`]: () =>
          fail
            ? { status: 500, body: { message: 'Database unavailable', error_code: 'INTERNAL' } }
            : { body: { templates: [] } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Outputs templates' });
    expect(await within(dialog).findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText(/No templates yet/)).toBeInTheDocument();
  });
});
