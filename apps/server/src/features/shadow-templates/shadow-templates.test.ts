import { ACCESS } from '@ec/contract/access';
import { SHADOW_TEMPLATE_MAX_BYTES, SHADOW_TEMPLATES_PER_ORG } from '@ec/contract/shadow-templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addFleetUser,
  createFleet,
  createMember,
  createOrgWithOwner,
  createTestAppWithOrg,
  createUser,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { shadows } from '../../db/tables/shadows.schema.ts';

let t: TestApp;
let owner: TestUser;
let orgGuid: string;

beforeAll(async () => {
  ({ t, owner, orgGuid } = await createTestAppWithOrg());
});
afterAll(() => t.close());

interface Template {
  template_guid: string;
  template_name: string;
  shadow_name: string;
  state: Record<string, unknown>;
}

const url = (org = orgGuid) => `/v1/orgs/${org}/shadow_templates`;
const save = (templates: unknown[], user = owner, org = orgGuid) =>
  t.app.inject({ method: 'POST', url: url(org), headers: user.headers(org), payload: { templates } });
const list = (query = '', user = owner, org = orgGuid) =>
  t.app.inject({ url: `${url(org)}${query}`, headers: user.headers(org) });
const remove = (templateGuid: string, user = owner, org = orgGuid) =>
  t.app.inject({ method: 'DELETE', url: `${url(org)}/${templateGuid}`, headers: user.headers(org) });
const saved = async (templates: unknown[]): Promise<Template[]> => {
  const answer = await save(templates);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().templates;
};

const outputs = { outputs: [{ id: 1, type: 'rtmp', config: { url: 'rtmp://example.com/live' } }] };

describe('shadow templates of an organization', () => {
  it('creates, lists, changes by guid or by name, and deletes', async () => {
    const { orgGuid: org, owner: admin } = await createOrgWithOwner(t);
    const saveIn = async (templates: unknown[]) => {
      const answer = await save(templates, admin, org);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().templates as Template[];
    };
    const listIn = async (query = '') => (await list(query, admin, org)).json().templates as Template[];

    const [stream, rename] = await saveIn([
      { template_name: ' Stream ', shadow_name: 'Outputs', state: outputs },
      { template_name: 'Rename', shadow_name: 'System', state: { config: { device_name: 'Stage' } } },
    ]);
    expect(stream).toEqual({
      template_guid: expect.any(String),
      template_name: 'Stream',
      shadow_name: 'Outputs',
      state: outputs,
      target_object: 'org',
      target_guid: org,
    });
    // The same name for another shadow is another template.
    const [streamSystem] = await saveIn([{ template_name: 'Stream', shadow_name: 'System', state: {} }]);
    expect(streamSystem!.template_guid).not.toBe(stream!.template_guid);
    expect((await listIn()).map((tpl) => `${tpl.shadow_name}/${tpl.template_name}`)).toEqual([
      'Outputs/Stream',
      'System/Rename',
      'System/Stream',
    ]);
    expect((await listIn('?template_names=Rename,Nothing')).map((tpl) => tpl.template_guid)).toEqual([
      rename!.template_guid,
    ]);
    expect((await listIn('?template_names=Rename&template_names=Stream')).length).toBe(3);
    expect(
      (await listIn('?template_names=Stream&shadow_name=Outputs')).map((tpl) => tpl.template_guid),
    ).toEqual([stream!.template_guid]);

    // By name: the template of that shadow and name changes, keeping its guid.
    const [byName] = await saveIn([
      { template_name: 'Stream', shadow_name: 'Outputs', state: { outputs: [] } },
    ]);
    expect(byName).toMatchObject({ template_guid: stream!.template_guid, state: { outputs: [] } });
    // By guid: renamed and given a new document.
    const [byGuid] = await saveIn([
      {
        template_guid: rename!.template_guid,
        template_name: 'Rename for tours',
        shadow_name: 'System',
        state: { config: { device_name: 'Tour' } },
      },
    ]);
    expect(byGuid).toEqual({
      template_guid: rename!.template_guid,
      template_name: 'Rename for tours',
      shadow_name: 'System',
      state: { config: { device_name: 'Tour' } },
      target_object: 'org',
      target_guid: org,
    });
    expect((await listIn()).length).toBe(3);

    expect((await remove(rename!.template_guid, admin, org)).json()).toEqual({ ok: true });
    expect((await listIn()).map((tpl) => tpl.template_guid)).not.toContain(rename!.template_guid);
    const again = await remove(rename!.template_guid, admin, org);
    expect(again.statusCode).toBe(404);
    expect(again.json().error_code).toBe('TEMPLATE_NOT_FOUND');
  });

  it('takes the body of spec 3 §7, {template_guid, template_name, state}: the state tells the shadow', async () => {
    const { orgGuid: org, owner: admin } = await createOrgWithOwner(t);
    const saveIn = (templates: unknown[]) => save(templates, admin, org);
    const created = await saveIn([
      { template_guid: '', template_name: 'Spec stream', state: outputs },
      { template_guid: null, template_name: 'Spec rename', state: { config: { device_name: 'Stage' } } },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    const [stream, rename] = created.json().templates as Template[];
    expect([stream?.shadow_name, rename?.shadow_name]).toEqual(['Outputs', 'System']);
    const changed = await saveIn([
      { template_guid: stream!.template_guid, template_name: 'Spec stream', state: { outputs: [] } },
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().templates[0]).toMatchObject({
      template_guid: stream!.template_guid,
      shadow_name: 'Outputs',
      state: { outputs: [] },
    });

    // A state that does not show its shadow needs shadow_name.
    for (const state of [{}, { outputs: [], alerts: [] }]) {
      const unknown = await saveIn([{ template_name: 'Which', state }]);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain(
        'shadow_name is required when the state does not show its shadow',
      );
    }
  });

  it('refuses bad names, shadows and documents with a message', async () => {
    const refused = async (template: Record<string, unknown>) => {
      const answer = await save([{ template_name: 'A', shadow_name: 'System', state: {}, ...template }]);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().message as string;
    };
    expect(await refused({ template_name: '  ' })).toContain('The template name is required');
    expect(await refused({ template_name: 'x'.repeat(101) })).toContain('Must be at most 100 characters');
    expect(await refused({ template_name: 'a,b' })).toContain('cannot contain a comma');
    expect(await refused({ template_name: undefined })).toContain('template_name is required');
    expect(await refused({ shadow_name: 'Firmware' })).toContain(
      'shadow_name must be one of Inputs, Encoders, Outputs, System, Alerts, Containers',
    );
    expect(await refused({ state: [1, 2] })).toContain('The state must be a JSON object');
    expect(await refused({ state: { blob: 'x'.repeat(SHADOW_TEMPLATE_MAX_BYTES) } })).toContain(
      'The state must be at most 256 KiB of JSON',
    );
    expect(await refused({ template_guid: 'not-a-guid' })).toContain('Must be a valid guid');

    const twice = await save([
      { template_name: 'Twice', shadow_name: 'System', state: {} },
      { template_name: 'Twice', shadow_name: 'System', state: {} },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('The System template "Twice" appears twice in this save');
    expect((await save([])).json().message).toContain('At least one template is required');
  });

  it('refuses a rename onto another template’s name (409) and an unknown guid (404), saving nothing', async () => {
    const [first, second] = await saved([
      { template_name: 'First', shadow_name: 'Alerts', state: { alerts: [] } },
      { template_name: 'Second', shadow_name: 'Alerts', state: { alerts: [] } },
    ]);
    const clash = await save([
      { template_name: 'Third', shadow_name: 'Alerts', state: {} },
      { template_guid: second!.template_guid, template_name: 'First', shadow_name: 'Alerts', state: {} },
    ]);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      message: 'Another Alerts template is already named "First"',
      error_code: 'TEMPLATE_NAME_TAKEN',
    });
    const unknown = await save([
      {
        template_guid: '00000000-0000-4000-8000-000000000000',
        template_name: 'Ghost',
        shadow_name: 'Alerts',
        state: {},
      },
    ]);
    expect(unknown.statusCode).toBe(404);
    const names = (await list('?shadow_name=Alerts'))
      .json()
      .templates.map((tpl: Template) => tpl.template_name);
    expect(names).toEqual(['First', 'Second']);
    expect(first).toBeDefined();
  });

  it(`keeps at most ${SHADOW_TEMPLATES_PER_ORG} templates per organization`, async () => {
    const { orgGuid: org, owner: admin } = await createOrgWithOwner(t);
    for (let batch = 0; batch < SHADOW_TEMPLATES_PER_ORG / 20; batch++) {
      const templates = Array.from({ length: 20 }, (_, i) => ({
        template_name: `T${batch * 20 + i}`,
        shadow_name: 'Inputs',
        state: {},
      }));
      expect((await save(templates, admin, org)).statusCode).toBe(200);
    }
    const over = await save(
      [{ template_name: 'One too many', shadow_name: 'Inputs', state: {} }],
      admin,
      org,
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      `An organization keeps at most ${SHADOW_TEMPLATES_PER_ORG} shadow templates; delete some first`,
    );
    // Changing one that exists is still allowed.
    expect(
      (await save([{ template_name: 'T1', shadow_name: 'Inputs', state: { a: 1 } }], admin, org)).statusCode,
    ).toBe(200);
  });
});

describe('who may use templates', () => {
  it('lets every member read, only organization admins change, and other organizations see nothing', async () => {
    const [template] = await saved([{ template_name: 'Shared', shadow_name: 'Encoders', state: {} }]);
    const guid = template!.template_guid;
    for (const access of [100, 200]) {
      const member = await createMember(t, orgGuid, access);
      expect((await list('?template_names=Shared', member)).json().templates).toEqual([template]);
      const post = await save([{ template_name: 'Mine', shadow_name: 'Encoders', state: {} }], member);
      expect(post.statusCode).toBe(403);
      expect(post.json()).toEqual({
        message: 'Only organization admins can change its shadow templates',
        error_code: 'ORG_ADMIN_REQUIRED',
      });
      expect((await remove(guid, member)).statusCode).toBe(403);
    }
    const admin = await createMember(t, orgGuid, 300);
    expect(
      (await save([{ template_name: 'By admin', shadow_name: 'Encoders', state: {} }], admin)).statusCode,
    ).toBe(200);

    const other = await createOrgWithOwner(t);
    // A stranger to the organization: the 404 of an unknown one.
    for (const answer of [
      await list('', other.owner),
      await save([{ template_name: 'X', shadow_name: 'System', state: {} }], other.owner),
      await remove(guid, other.owner),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error_code).toBe('ORG_NOT_FOUND');
    }
    // In its own organization, another organization's template does not exist.
    expect((await remove(guid, other.owner, other.orgGuid)).statusCode).toBe(404);
    const foreign = await save(
      [{ template_guid: guid, template_name: 'Taken over', shadow_name: 'Encoders', state: {} }],
      other.owner,
      other.orgGuid,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await list('', other.owner, other.orgGuid)).json().templates).toEqual([]);
    expect((await list('?template_names=Shared')).json().templates).toEqual([template]);
  });
});

describe('shadow templates of a fleet', () => {
  it("are the fleet's own, beside the organization's: saved by fleet editors, read by whoever sees the fleet", async () => {
    const fleetGuid = await createFleet(t, owner, orgGuid);
    const other = await createFleet(t, owner, orgGuid);
    const fleetUrl = (fleet = fleetGuid) => `/v1/fleets/${fleet}/shadow_templates`;
    const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
      t.app.inject({ method, url: path, headers: user.headers(), payload });

    // The same name as an organization template: the fleet's is another template.
    await saved([{ template_name: 'Venue', shadow_name: 'Outputs', state: outputs }]);
    const fleetOutputs = { outputs: [{ id: 2, type: 'srt', config: {} }] };
    const created = await call(owner, 'POST', fleetUrl(), {
      templates: [{ template_guid: '', template_name: 'Venue', state: fleetOutputs }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const [template] = created.json().templates as Template[];
    expect(template).toMatchObject({
      template_name: 'Venue',
      shadow_name: 'Outputs',
      state: fleetOutputs,
      target_object: 'fleet',
      target_guid: fleetGuid,
    });

    const fleetList = (await call(owner, 'GET', `${fleetUrl()}?template_names=Venue`)).json().templates;
    expect(fleetList).toEqual([template]);
    const orgList = (await list('?template_names=Venue')).json().templates as Template[];
    expect(orgList.map((row) => row.template_guid)).not.toContain(template!.template_guid);
    expect((await call(owner, 'GET', fleetUrl(other))).json().templates).toEqual([]);

    // Saved again by name: changed, not doubled.
    const again = await call(owner, 'POST', fleetUrl(), {
      templates: [{ template_name: 'Venue', shadow_name: 'Outputs', state: outputs }],
    });
    expect(again.json().templates[0].template_guid).toBe(template!.template_guid);
    // Another fleet cannot change it by guid.
    const elsewhere = await call(owner, 'POST', fleetUrl(other), {
      templates: [{ template_guid: template!.template_guid, template_name: 'Venue', state: outputs }],
    });
    expect(elsewhere.statusCode).toBe(404);

    const reader = await createUser(t);
    await addFleetUser(t, fleetGuid, reader, ACCESS.readOnly);
    expect((await call(reader, 'GET', fleetUrl())).json().templates).toHaveLength(1);
    const refused = await call(reader, 'POST', fleetUrl(), {
      templates: [{ template_name: 'Mine', state: outputs }],
    });
    expect(refused.statusCode).toBe(403);
    expect((await call(reader, 'DELETE', `${fleetUrl()}/${template!.template_guid}`)).statusCode).toBe(403);
    const stranger = await createUser(t);
    expect((await call(stranger, 'GET', fleetUrl())).statusCode).toBe(404);

    const bad = await call(owner, 'POST', fleetUrl(), { templates: [{ template_name: '', state: outputs }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('The template name is required');

    expect((await call(owner, 'DELETE', `${fleetUrl()}/${template!.template_guid}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', fleetUrl())).json().templates).toEqual([]);
    expect((await list('?template_names=Venue')).json().templates).toHaveLength(1);
  });
});

describe('/fleets/{fleet_guid}/drift', () => {
  it("shows each device against the fleet's newest template of each shadow, secrets hidden", async () => {
    const [matching, drifting, silent] = await provisionInto(t, orgGuid, 3);
    const deviceGuids = [matching!.device_guid, drifting!.device_guid, silent!.device_guid];
    const fleetGuid = await createFleet(t, owner, orgGuid, { deviceGuids });
    const call = (user: TestUser, path: string, payload?: object) =>
      t.app.inject({ method: payload ? 'POST' : 'GET', url: path, headers: user.headers(), payload });
    const srt = (config: Record<string, unknown>) => ({
      outputs: [
        {
          id: 1,
          type: 'srt',
          config: { name: 'Main', destination_ip: 'srt.example.com', passphrase: 'device-secret', ...config },
          status: { status_code: 'STREAM_RUNNING' },
        },
      ],
    });
    const report = (deviceGuid: string, state: Record<string, unknown>) =>
      t.db
        .insert(shadows)
        .values({ deviceGuid, shadowName: 'Outputs', reportedState: state, reportedVersion: 1 });
    await report(matching!.device_guid, srt({}));
    await report(
      drifting!.device_guid,
      srt({ destination_ip: 'elsewhere.example.com', passphrase: 'other' }),
    );

    // An older template of the same shadow does not count: the newest saved one does.
    const older = await call(owner, `/v1/fleets/${fleetGuid}/shadow_templates`, {
      templates: [{ template_name: 'Old', shadow_name: 'Outputs', state: { outputs: [] } }],
    });
    expect(older.statusCode, older.body).toBe(200);
    const template = {
      outputs: [
        {
          id: 1,
          type: 'srt',
          config: { name: 'Main', destination_ip: 'srt.example.com', passphrase: 'template-secret' },
        },
      ],
    };
    const saved = await call(owner, `/v1/fleets/${fleetGuid}/shadow_templates`, {
      templates: [{ template_name: 'Venue', shadow_name: 'Outputs', state: template }],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const reader = await createUser(t);
    await addFleetUser(t, fleetGuid, reader, ACCESS.readOnly);
    const answer = await call(reader, `/v1/fleets/${fleetGuid}/drift`);
    expect(answer.statusCode, answer.body).toBe(200);
    const drift = answer.json();
    expect(drift.templates.map((row: Template) => row.template_name)).toEqual(['Venue']);
    const statusOf = (guid: string) =>
      drift.devices.find((device: { device_guid: string }) => device.device_guid === guid);
    expect(statusOf(matching!.device_guid).status).toBe('drifting'); // its passphrase differs from the template's
    expect(statusOf(silent!.device_guid)).toMatchObject({
      status: 'unknown',
      shadows: [{ status: 'unknown' }],
    });
    const differences = statusOf(drifting!.device_guid).shadows[0].differences;
    const entry = { id: 1, type: 'srt', config: { name: 'Main' } };
    expect(differences).toEqual([
      { path: ['outputs', '1', 'config', 'passphrase'], secret: true, entry },
      {
        path: ['outputs', '1', 'config', 'destination_ip'],
        template: 'srt.example.com',
        device: 'elsewhere.example.com',
        entry,
      },
    ]);
    expect(answer.body).not.toContain('device-secret');
    expect(answer.body).not.toContain('"other"');

    // Without a secret in the template, the device keeps its own: in sync.
    await call(owner, `/v1/fleets/${fleetGuid}/shadow_templates`, {
      templates: [{ template_name: 'Venue', shadow_name: 'Outputs', state: srt({ passphrase: undefined }) }],
    });
    const again = (await call(reader, `/v1/fleets/${fleetGuid}/drift`)).json();
    const matched = again.devices.find(
      (device: { device_guid: string }) => device.device_guid === matching!.device_guid,
    );
    expect(matched).toMatchObject({ status: 'in_sync', shadows: [{ status: 'in_sync', differences: [] }] });

    const stranger = await createUser(t);
    expect((await call(stranger, `/v1/fleets/${fleetGuid}/drift`)).statusCode).toBe(404);
  });
});
