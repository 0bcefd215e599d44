import { randomBytes } from 'node:crypto';
import { INVITE_ERRORS } from '@ec/contract/invites';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmAndSignIn,
  createFleet,
  createMember,
  createOrgWithOwner,
  createUser,
  provisionInto,
  type TestUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { invites } from '../../db/tables/invites.schema.ts';
import { orgUsers } from '../../db/tables/orgs.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newEmail = () => `invitee-${randomBytes(4).toString('hex')}@example.com`;

const invite = (user: TestUser | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/invites', headers: user?.headers(), payload });

async function inviteOk(user: TestUser, payload: object): Promise<string> {
  const response = await invite(user, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().invite_guid;
}

const list = (user: TestUser | undefined, query = '') =>
  t.app.inject({ url: `/v1/invites${query}`, headers: user?.headers() });

const act = (user: TestUser | undefined, action: 'accept' | 'decline', inviteGuid: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/invites/${action}`,
    headers: user?.headers(),
    payload: { invite_guid: inviteGuid },
  });

const cancel = (user: TestUser | undefined, inviteGuid: string, payload?: object) =>
  t.app.inject({ method: 'DELETE', url: `/v1/invites/${inviteGuid}`, headers: user?.headers(), payload });

const accessOf = async (orgGuid: string, userGuid: string) => {
  const [row] = await t.db
    .select({ access: orgUsers.access })
    .from(orgUsers)
    .where(and(eq(orgUsers.orgGuid, orgGuid), eq(orgUsers.userGuid, userGuid)));
  return row?.access;
};

/** An organization with an admin (its creator) and members at 100, 200 and 300. */
async function orgWithMembers() {
  const { owner: admin, orgGuid } = await createOrgWithOwner(t, { orgName: 'Invite Test Org' });
  const members: Record<100 | 200 | 300, TestUser> = {
    100: await createMember(t, orgGuid, 100),
    200: await createMember(t, orgGuid, 200),
    300: await createMember(t, orgGuid, 300),
  };
  return { admin, orgGuid, members };
}

describe('inviting to an organization', () => {
  it('creates an invite, mails the address and lists it for the organization', async () => {
    const { admin, orgGuid } = await orgWithMembers();
    const mailsBefore = (await t.sentMails()).length;
    const inviteGuid = await inviteOk(admin, {
      org_guid: orgGuid,
      target_email: '  New.Person@Example.COM ',
    });

    const mail = (await t.sentMails()).at(-1)!;
    expect((await t.sentMails()).length).toBe(mailsBefore + 1);
    expect(mail.to).toBe('new.person@example.com');
    expect(mail.subject).toContain('Invite Test Org');
    expect(mail.text).toContain('http://console.test/auth/organizations');
    expect(mail.text).toContain('Read Only');

    const [row] = await t.db.select().from(invites).where(eq(invites.inviteGuid, inviteGuid));
    expect(row).toMatchObject({
      targetEmail: 'new.person@example.com',
      access: 100,
      invitedBy: admin.userGuid,
    });

    const response = await list(admin, `?org_guid=${orgGuid}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      invites: [
        {
          invite_guid: inviteGuid,
          target_email: 'new.person@example.com',
          access: 100,
          org_guid: orgGuid,
          org_name: 'Invite Test Org',
          created_at: expect.any(String),
        },
      ],
      pagination_token: null,
    });
  });

  it('validates the e-mail, the access level and the target', async () => {
    const { admin, orgGuid } = await orgWithMembers();
    const missing = await invite(admin, { org_guid: orgGuid });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('E-mail is required');
    const empty = await invite(admin, { org_guid: orgGuid, target_email: '' });
    expect(empty.json().message).toContain('E-mail is required');
    const invalid = await invite(admin, { org_guid: orgGuid, target_email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('Must be valid e-mail');
    const access = await invite(admin, { org_guid: orgGuid, target_email: newEmail(), access: 250 });
    expect(access.statusCode).toBe(400);
    const noTarget = await invite(admin, { target_email: newEmail() });
    expect(noTarget.statusCode).toBe(400);
    const twoTargets = await invite(admin, {
      org_guid: orgGuid,
      device_guid: crypto.randomUUID(),
      target_email: newEmail(),
    });
    expect(twoTargets.statusCode).toBe(400);
    const badGuid = await invite(admin, { org_guid: 'nope', target_email: newEmail() });
    expect(badGuid.statusCode).toBe(400);
  });

  it('takes the access levels 100, 200 and 300', async () => {
    const { admin, orgGuid } = await orgWithMembers();
    for (const access of [100, 200, 300]) {
      const inviteGuid = await inviteOk(admin, { org_guid: orgGuid, target_email: newEmail(), access });
      const [row] = await t.db.select().from(invites).where(eq(invites.inviteGuid, inviteGuid));
      expect(row?.access).toBe(access);
    }
  });

  it('refuses the e-mail of a member, whatever its case', async () => {
    const { admin, orgGuid, members } = await orgWithMembers();
    const response = await invite(admin, {
      org_guid: orgGuid,
      target_email: members[100].email.toUpperCase(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('A user with this email already exists in the organization.');
    expect(response.json().message).toBe(INVITE_ERRORS.alreadyMember);
  });

  it('replaces the pending invite when the same address is invited again', async () => {
    const { admin, orgGuid } = await orgWithMembers();
    const email = newEmail();
    const first = await inviteOk(admin, { org_guid: orgGuid, target_email: email });
    const second = await inviteOk(admin, { org_guid: orgGuid, target_email: email, access: 300 });
    expect(second).not.toBe(first);
    const rows = await t.db.select().from(invites).where(eq(invites.targetEmail, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ inviteGuid: second, access: 300 });
  });

  it('is for org admins (300) and OrganizationManagement holders only', async () => {
    const { orgGuid, members } = await orgWithMembers();
    const stranger = await createUser(t);
    const orgManager = await createUser(t, { groups: ['OrganizationManagement'] });

    for (const access of [100, 200] as const) {
      const denied = await invite(members[access], { org_guid: orgGuid, target_email: newEmail() });
      expect(denied.statusCode).toBe(403);
    }
    await inviteOk(members[300], { org_guid: orgGuid, target_email: newEmail() });
    await inviteOk(orgManager, { org_guid: orgGuid, target_email: newEmail() });

    const notMember = await invite(stranger, { org_guid: orgGuid, target_email: newEmail() });
    expect(notMember.statusCode).toBe(404);
    const unknown = await invite(orgManager, { org_guid: crypto.randomUUID(), target_email: newEmail() });
    expect(unknown.statusCode).toBe(404);
    expect((await invite(undefined, { org_guid: orgGuid, target_email: newEmail() })).statusCode).toBe(401);
  });
});

describe('inviting to a device or a fleet', () => {
  it('lets editors of the device organization invite, and refuses members of that organization', async () => {
    const { admin, orgGuid, members } = await orgWithMembers();
    const [device] = await provisionInto(t, orgGuid);
    const deviceGuid = device!.device_guid;
    const email = newEmail();
    const inviteGuid = await inviteOk(members[300], {
      device_guid: deviceGuid,
      target_email: email,
      access: 200,
    });
    expect((await t.sentMails()).at(-1)!.to).toBe(email);
    expect((await t.sentMails()).at(-1)!.subject).toContain('device');

    const denied = await invite(members[200], { device_guid: deviceGuid, target_email: newEmail() });
    expect(denied.statusCode).toBe(403);
    const stranger = await createUser(t);
    expect((await invite(stranger, { device_guid: deviceGuid, target_email: newEmail() })).statusCode).toBe(
      404,
    );

    const member = await invite(admin, { device_guid: deviceGuid, target_email: members[100].email });
    expect(member.statusCode).toBe(400);
    expect(member.json().message).toBe(INVITE_ERRORS.alreadyDeviceUser);

    // The device's invitations, like its users, are for its editors (spec 3 §6).
    expect((await list(members[200], `?device_guid=${deviceGuid}`)).statusCode).toBe(403);
    const listed = await list(members[300], `?device_guid=${deviceGuid}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().invites).toMatchObject([
      { invite_guid: inviteGuid, device_guid: deviceGuid, target_email: email, access: 200 },
    ]);
    expect(listed.json().invites[0].org_guid).toBeUndefined();
    expect((await list(stranger, `?device_guid=${deviceGuid}`)).statusCode).toBe(404);

    // Accepting makes a user of the device, who is not a member of its organization.
    const invitee = await createUser(t, { email });
    const accept = await act(invitee, 'accept', inviteGuid);
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ device_guid: deviceGuid });
    const opened = await t.app.inject({ url: `/v1/devices/${deviceGuid}`, headers: invitee.headers() });
    expect(opened.statusCode).toBe(200);
    expect((await act(invitee, 'accept', inviteGuid)).statusCode).toBe(404);
    const duplicate = await invite(admin, { device_guid: deviceGuid, target_email: email });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toBe(INVITE_ERRORS.alreadyDeviceUser);

    const declined = await inviteOk(admin, { device_guid: deviceGuid, target_email: newEmail() });
    expect((await act(invitee, 'decline', declined)).statusCode).toBe(404);

    const again = await inviteOk(admin, { device_guid: deviceGuid, target_email: newEmail() });
    expect((await cancel(members[200], again, { device_guid: deviceGuid })).statusCode).toBe(403);
    expect((await cancel(admin, again, { device_guid: deviceGuid })).statusCode).toBe(200);
  });

  it('invites to a fleet end to end: its editors invite, list and cancel; accepting makes a fleet user', async () => {
    const { admin, orgGuid, members } = await orgWithMembers();
    const fleetGuid = await createFleet(t, admin, orgGuid);
    const email = newEmail();
    const inviteGuid = await inviteOk(admin, { fleet_guid: fleetGuid, target_email: email, access: 200 });
    expect((await t.sentMails()).at(-1)!.to).toBe(email);
    expect((await t.sentMails()).at(-1)!.subject).toContain('fleet');

    // Organization members are the fleet's users already ('Managed by Org'); so is an invitee who accepted.
    const member = await invite(admin, { fleet_guid: fleetGuid, target_email: members[100].email });
    expect(member.statusCode).toBe(400);
    expect(member.json().message).toBe(INVITE_ERRORS.alreadyFleetUser);
    // Only fleet editors invite and see the fleet's invitations; strangers learn nothing.
    expect((await invite(members[200], { fleet_guid: fleetGuid, target_email: newEmail() })).statusCode).toBe(
      403,
    );
    expect((await list(members[200], `?fleet_guid=${fleetGuid}`)).statusCode).toBe(403);
    const stranger = await createUser(t);
    expect((await invite(stranger, { fleet_guid: fleetGuid, target_email: newEmail() })).statusCode).toBe(
      404,
    );
    expect((await list(stranger, `?fleet_guid=${fleetGuid}`)).statusCode).toBe(404);
    const listed = await list(admin, `?fleet_guid=${fleetGuid}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().invites).toMatchObject([
      { invite_guid: inviteGuid, fleet_guid: fleetGuid, target_email: email, access: 200 },
    ]);

    const invitee = await createUser(t, { email });
    expect((await list(invitee)).json().invites).toMatchObject([
      { invite_guid: inviteGuid, fleet_guid: fleetGuid, fleet_name: expect.any(String) },
    ]);
    const accept = await act(invitee, 'accept', inviteGuid);
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json()).toEqual({ fleet_guid: fleetGuid });
    // A member of no organization lists their fleets without one (decision 180); others' never.
    const anywhere = await t.app.inject({
      url: `/v1/fleets?user_guid=${invitee.userGuid}`,
      headers: invitee.headers(),
    });
    expect(anywhere.json().fleets).toMatchObject([
      { fleet_guid: fleetGuid, editable: false, controllable: true },
    ]);
    const others = await t.app.inject({
      url: `/v1/fleets?user_guid=${admin.userGuid}`,
      headers: invitee.headers(),
    });
    expect(others.statusCode).toBe(403);
    const fleet = await t.app.inject({ url: `/v1/fleets/${fleetGuid}`, headers: invitee.headers() });
    expect(fleet.json().fleet).toMatchObject({ editable: false, controllable: true });
    const mine = await t.app.inject({
      url: `/v1/fleets?user_guid=${invitee.userGuid}`,
      headers: invitee.headers(orgGuid),
    });
    expect(mine.json().fleets.map((f: { fleet_guid: string }) => f.fleet_guid)).toEqual([fleetGuid]);
    expect((await act(invitee, 'accept', inviteGuid)).statusCode).toBe(404);
    const duplicate = await invite(admin, { fleet_guid: fleetGuid, target_email: email.toUpperCase() });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toBe(INVITE_ERRORS.alreadyFleetUser);

    // A fleet user at 200 controls the devices but does not manage the fleet's invitations.
    const again = await inviteOk(admin, { fleet_guid: fleetGuid, target_email: newEmail() });
    expect((await cancel(invitee, again, { fleet_guid: fleetGuid })).statusCode).toBe(403);
    expect((await cancel(admin, again, { org_guid: orgGuid })).statusCode).toBe(404);
    expect((await cancel(admin, again, { fleet_guid: fleetGuid })).statusCode).toBe(200);
    expect((await list(admin, `?fleet_guid=${fleetGuid}`)).json().invites).toEqual([]);

    // Each step is an event of the fleet (decision 179).
    const events = await t.app.inject({ url: `/v1/fleets/${fleetGuid}/events`, headers: admin.headers() });
    expect(
      events.json().events.map((e: { event_data: { message: string } }) => e.event_data.message),
    ).toEqual([
      expect.stringContaining(`cancelled by ${admin.email}`),
      expect.stringContaining('invited as Read Only'),
      `Fleet user added: ${email} User (invite accepted)`,
      `${email} invited as User by ${admin.email}`,
      expect.stringContaining('created by'),
    ]);
  });
});

describe('listing', () => {
  it("shows a target's invites to each of its members, and to nobody else", async () => {
    const { admin, orgGuid, members } = await orgWithMembers();
    const inviteGuid = await inviteOk(admin, { org_guid: orgGuid, target_email: newEmail() });
    for (const user of [admin, members[100], members[200], members[300]]) {
      const response = await list(user, `?org_guid=${orgGuid}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().invites.map((i: { invite_guid: string }) => i.invite_guid)).toEqual([
        inviteGuid,
      ]);
    }
    expect((await list(await createUser(t), `?org_guid=${orgGuid}`)).statusCode).toBe(404);
    const manager = await createUser(t, { groups: ['OrganizationManagement'] });
    expect((await list(manager, `?org_guid=${orgGuid}`)).statusCode).toBe(200);
    expect((await list(undefined, `?org_guid=${orgGuid}`)).statusCode).toBe(401);
    expect((await list(admin, `?org_guid=${orgGuid}&device_guid=${crypto.randomUUID()}`)).statusCode).toBe(
      400,
    );
  });

  it("shows the caller's own pending invites, matched on the confirmed e-mail whatever its case", async () => {
    const first = await orgWithMembers();
    const second = await orgWithMembers();
    const invitee = await createUser(t, { email: newEmail() });
    const a = await inviteOk(first.admin, {
      org_guid: first.orgGuid,
      target_email: invitee.email.toUpperCase(),
    });
    const b = await inviteOk(second.admin, {
      org_guid: second.orgGuid,
      target_email: invitee.email,
      access: 300,
    });
    await inviteOk(first.admin, { org_guid: first.orgGuid, target_email: newEmail() });

    const response = await list(invitee);
    expect(response.statusCode).toBe(200);
    const own = response.json().invites;
    expect(own.map((i: { invite_guid: string }) => i.invite_guid).sort()).toEqual([a, b].sort());
    expect(own.find((i: { invite_guid: string }) => i.invite_guid === b)).toMatchObject({
      org_guid: second.orgGuid,
      org_name: 'Invite Test Org',
      access: 300,
      target_email: invitee.email,
    });
    expect((await list(first.admin)).json().invites).toEqual([]);
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it('pages with pagination_size and pagination_token', async () => {
    const { admin, orgGuid } = await orgWithMembers();
    const created = [];
    for (let i = 0; i < 5; i++)
      created.push(await inviteOk(admin, { org_guid: orgGuid, target_email: newEmail() }));
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const query: string = `?org_guid=${orgGuid}&pagination_size=2${token ? `&pagination_token=${token}` : ''}`;
      const body = (await list(admin, query)).json();
      expect(body.invites.length).toBeLessThanOrEqual(2);
      seen.push(...body.invites.map((i: { invite_guid: string }) => i.invite_guid));
      token = body.pagination_token;
    } while (token);
    expect(seen).toEqual([...created].reverse());
    expect((await list(admin, `?org_guid=${orgGuid}&pagination_token=garbage`)).statusCode).toBe(400);
  });
});

describe('accepting and declining', () => {
  it('adds the membership with the invited access, deletes the invite and answers the organization', async () => {
    const { admin, orgGuid } = await orgWithMembers();
    const invitee = await createUser(t);
    const inviteGuid = await inviteOk(admin, { org_guid: orgGuid, target_email: invitee.email, access: 200 });

    const response = await act(invitee, 'accept', inviteGuid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ org_guid: orgGuid });
    expect(await accessOf(orgGuid, invitee.userGuid)).toBe(200);
    expect((await list(invitee)).json().invites).toEqual([]);
    expect((await list(admin, `?org_guid=${orgGuid}`)).json().invites).toEqual([]);

    const orgs = (await t.app.inject({ url: '/v1/orgs', headers: invitee.headers() })).json().orgs;
    expect(orgs).toContainEqual({ org_guid: orgGuid, org_name: 'Invite Test Org', access: 200 });
    expect((await act(invitee, 'accept', inviteGuid)).statusCode).toBe(404);
  });

  it('raises a lower access and never lowers a higher one', async () => {
    const { admin, orgGuid } = await orgWithMembers();
    const invitee = await createUser(t);
    const low = await inviteOk(admin, { org_guid: orgGuid, target_email: invitee.email, access: 100 });
    expect((await act(invitee, 'accept', low)).statusCode).toBe(200);
    // A member cannot be invited; an invite created before the membership still raises it.
    await t.db.insert(invites).values({ targetEmail: invitee.email, access: 300, orgGuid });
    const [high] = await t.db.select().from(invites).where(eq(invites.targetEmail, invitee.email));
    expect((await act(invitee, 'accept', high!.inviteGuid)).statusCode).toBe(200);
    expect(await accessOf(orgGuid, invitee.userGuid)).toBe(300);

    await t.db.insert(invites).values({ targetEmail: invitee.email, access: 100, orgGuid });
    const [lower] = await t.db.select().from(invites).where(eq(invites.targetEmail, invitee.email));
    expect((await act(invitee, 'accept', lower!.inviteGuid)).statusCode).toBe(200);
    expect(await accessOf(orgGuid, invitee.userGuid)).toBe(300);
  });

  it('declining deletes the invite and adds nothing', async () => {
    const { admin, orgGuid } = await orgWithMembers();
    const invitee = await createUser(t);
    const inviteGuid = await inviteOk(admin, { org_guid: orgGuid, target_email: invitee.email });
    const response = await act(invitee, 'decline', inviteGuid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await accessOf(orgGuid, invitee.userGuid)).toBeUndefined();
    expect((await list(invitee)).json().invites).toEqual([]);
    expect((await act(invitee, 'decline', inviteGuid)).statusCode).toBe(404);
  });

  it('is bound to the invited address: anyone else gets the 404 of an unknown invite', async () => {
    const { admin, orgGuid, members } = await orgWithMembers();
    const email = newEmail();
    const inviteGuid = await inviteOk(admin, { org_guid: orgGuid, target_email: email });
    const unknown = await act(admin, 'accept', crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);

    for (const user of [admin, members[300], await createUser(t, { groups: ['OrganizationManagement'] })]) {
      for (const action of ['accept', 'decline'] as const) {
        const response = await act(user, action, inviteGuid);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(unknown.json().message);
      }
    }

    // An address that is only a pending e-mail change is not proven yet.
    const changer = await createUser(t);
    const change = await t.app.inject({
      method: 'POST',
      url: '/v1/account/email',
      headers: changer.headers(),
      payload: { email },
    });
    expect(change.statusCode, change.body).toBeLessThan(300);
    expect((await list(changer)).json().invites).toEqual([]);
    expect((await act(changer, 'accept', inviteGuid)).statusCode).toBe(404);

    expect((await act(undefined, 'accept', inviteGuid)).statusCode).toBe(401);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/v1/invites/accept',
      headers: admin.headers(),
      payload: {},
    });
    expect(invalid.statusCode).toBe(400);
    expect((await list(admin, `?org_guid=${orgGuid}`)).json().invites).toHaveLength(1);
  });
});

describe('cancelling', () => {
  it('is for editors of the target, and checks the organization given', async () => {
    const { admin, orgGuid, members } = await orgWithMembers();
    const other = await orgWithMembers();
    const orgManager = await createUser(t, { groups: ['OrganizationManagement'] });
    const inviteGuid = await inviteOk(admin, { org_guid: orgGuid, target_email: newEmail() });

    for (const access of [100, 200] as const)
      expect((await cancel(members[access], inviteGuid, { org_guid: orgGuid })).statusCode).toBe(403);
    expect((await cancel(other.admin, inviteGuid, { org_guid: orgGuid })).statusCode).toBe(404);
    expect((await cancel(admin, inviteGuid, { org_guid: other.orgGuid })).statusCode).toBe(404);
    expect((await cancel(undefined, inviteGuid, { org_guid: orgGuid })).statusCode).toBe(401);
    expect((await cancel(admin, crypto.randomUUID(), { org_guid: orgGuid })).statusCode).toBe(404);

    const response = await cancel(members[300], inviteGuid, { org_guid: orgGuid });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await list(admin, `?org_guid=${orgGuid}`)).json().invites).toEqual([]);

    const byManager = await inviteOk(admin, { org_guid: orgGuid, target_email: newEmail() });
    const withoutTarget = await cancel(orgManager, byManager);
    expect(withoutTarget.statusCode, withoutTarget.body).toBe(200);
  });
});

describe('someone invited before having an account', () => {
  it('signs up, confirms, and finds the invite pending', async () => {
    const { admin, orgGuid } = await orgWithMembers();
    const email = newEmail();
    const inviteGuid = await inviteOk(admin, { org_guid: orgGuid, target_email: email, access: 300 });
    const password = 'a-long-password';

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      payload: { name: 'Invited Person', email: email.toUpperCase(), password },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const code = /code is (\d{6})/.exec((await t.sentMails()).at(-1)!.text)?.[1];
    const { access_token } = await confirmAndSignIn(t, email, code!, password);
    const headers = { authorization: `Bearer ${access_token}` };

    const pending = await t.app.inject({ url: '/v1/invites', headers });
    expect(pending.json().invites).toMatchObject([
      { invite_guid: inviteGuid, org_guid: orgGuid, access: 300 },
    ]);
    const accept = await t.app.inject({
      method: 'POST',
      url: '/v1/invites/accept',
      headers,
      payload: { invite_guid: inviteGuid },
    });
    expect(accept.json()).toEqual({ org_guid: orgGuid });
    const orgs = (await t.app.inject({ url: '/v1/orgs', headers })).json().orgs;
    expect(orgs).toMatchObject([{ org_guid: orgGuid, access: 300 }]);
  });
});

describe('OpenAPI', () => {
  it('documents the invite calls under the invites tag', async () => {
    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    expect(document.paths['/v1/invites'].get.tags).toEqual(['invites']);
    expect(document.paths['/v1/invites'].post.tags).toEqual(['invites']);
    expect(document.paths['/v1/invites/{invite_guid}'].delete.tags).toEqual(['invites']);
    expect(document.paths['/v1/invites/accept'].post.tags).toEqual(['invites']);
    expect(document.paths['/v1/invites/decline'].post.tags).toEqual(['invites']);
  });
});
