import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { MERCHANT_ROLES } from '../../domain/users.ts';
import manageUserEdit from '../../screens/manage-user-edit.json' with { type: 'json' };
import manageUsers from '../../screens/manage-users.json' with { type: 'json' };
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
let admin: ApiClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  expect((await admin.login('admin')).statusCode).toBe(200);
});
afterAll(async () => {
  await api?.close();
});

const NEW_PASSWORD = 'Invited#Pass2027';
type UserDoc = { data: { id: string; attributes: Record<string, unknown> } };
type UserList = { data: Array<{ id: string; attributes: Record<string, unknown> }>; meta: { page: { total: number } } };

const groupId = async (name: string) =>
  Number((await api.db.selectFrom('user_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);
const userRow = (username: string) => api.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
const userCount = async () =>
  (
    await api.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
const linkIn = (text: string) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

async function invite(body: Record<string, unknown>, client = admin) {
  return client.post('/users', { role: 'Payer', access_level: 'view_edit', user_group_id: await groupId('East Region'), ...body });
}

describe('GET /users', () => {
  it("lists the users the admin manages: same tenant and side, scope within the admin's", async () => {
    const response = await admin.get('/users?page[size]=100');
    expect(response.statusCode).toBe(200);
    const usernames = (response.json() as UserList).data.map((user) => user.attributes.username);
    expect(usernames).toEqual(expect.arrayContaining(['admin', 'payer', 'viewer', 'locked', 'ssouser']));
    // The corporate user sees customers the admin cannot; the dealer and the other tenant's admin are not theirs.
    expect(usernames).not.toContain('corporate');
    expect(usernames).not.toContain('dealer');
    expect(usernames).not.toContain('fleetadmin');
    const locked = (response.json() as UserList).data.find((user) => user.attributes.username === 'locked')!;
    expect(locked.attributes).toMatchObject({ lock_state: 'locked_by_support', lock_reason: 'Suspicious activity reported', locked: true });
  });

  it('searches, filters and sorts', async () => {
    const search = (await admin.get('/users?filter[search]=rivera')).json() as UserList;
    expect(search.data.map((user) => user.attributes.username)).toEqual(['payer']);
    const locked = (await admin.get('/users?filter[locked]=true')).json() as UserList;
    expect(locked.data.every((user) => user.attributes.locked === true)).toBe(true);
    const sorted = (await admin.get('/users?filter[sort]=username|desc&page[size]=100')).json() as UserList;
    const names = sorted.data.map((user) => String(user.attributes.username));
    expect(names).toEqual([...names].sort().reverse());
    expect((await admin.get('/users?filter[nope]=1')).statusCode).toBe(400);
  });

  it('is refused to a payer (policy) and to nobody signed in', async () => {
    const payer = api.client();
    await payer.login('payer');
    expect((await payer.get('/users')).statusCode).toBe(403);
    expect((await api.client().get('/users')).statusCode).toBe(401);
  });
});

describe('invite → email → set password → sign in', () => {
  it('creates a not-activated user, mails a one-time link, and the link activates the account', async () => {
    const before = api.mailer.sent.length;
    const response = await invite({ username: 'new.payer', full_name: 'Nora Van Dijk', email_address: 'nora@demo.example' });
    expect(response.statusCode, response.body).toBe(201);
    const created = (response.json() as UserDoc).data.attributes;
    expect(created).toMatchObject({
      username: 'new.payer',
      first_name: 'Nora Van',
      last_name: 'Dijk',
      status: 'not_activated',
      user_group: 'East Region',
      role: 'Payer',
    });
    expect(api.mailer.sent.length).toBe(before + 1);
    const mail = api.mailer.sent.at(-1)!;
    expect(mail.to).toBe('nora@demo.example');
    const token = linkIn(mail.text);
    expect(token, mail.text).toBeTruthy();

    // Not activated yet: the right password is not known to anyone, so sign-in fails.
    const early = await api.client().login('new.payer', NEW_PASSWORD);
    expect(early.statusCode).toBe(401);

    const reset = await api.client().post('/auth/reset-password', { token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await userRow('new.payer'))?.status).toBe('active');
    const invitee = api.client();
    expect((await invitee.login('new.payer', NEW_PASSWORD)).statusCode).toBe(200);
    // The group decides the scope: East Region holds C-1002 only.
    const customers = (await invitee.get('/customers?page[size]=100')).json() as UserList;
    expect(customers.data.map((customer) => customer.id)).toEqual(['C-1002']);
  });

  it('resends: a new link that voids the old one; an active user cannot be re-invited', async () => {
    const created = (
      await invite({ username: 'resend.me', first_name: 'Rene', last_name: 'Sand', email_address: 'rene@demo.example' })
    ).json() as UserDoc;
    const firstToken = linkIn(api.mailer.sent.at(-1)!.text)!;
    const resent = await admin.post(`/users/${created.data.id}/invite`);
    expect(resent.statusCode, resent.body).toBe(200);
    const secondToken = linkIn(api.mailer.sent.at(-1)!.text)!;
    expect(secondToken).not.toBe(firstToken);
    const old = await api
      .client()
      .post('/auth/reset-password', { token: firstToken, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(errorCode(old)).toBe(ErrorCode.resetLinkInvalid);
    const fresh = await api
      .client()
      .post('/auth/reset-password', { token: secondToken, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(fresh.statusCode).toBe(204);
    const again = await admin.post(`/users/${created.data.id}/invite`);
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe(ErrorCode.userAlreadyActive);
  });

  it('invites a member of an SSO group to sign in with the provider: no password link, active at once', async () => {
    const response = await invite({
      username: 'sso.partner',
      first_name: 'Sol',
      last_name: 'Partner',
      email_address: 'sol@demo.example',
      user_group_id: await groupId('SSO Partners'),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as UserDoc).data.attributes).toMatchObject({ sso: true, status: 'active' });
    const mail = api.mailer.sent.at(-1)!;
    expect(mail.to).toBe('sol@demo.example');
    expect(mail.text).toContain('http://localhost:8080/login');
    expect(linkIn(mail.text)).toBeUndefined();
    const tokens = await api.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', Number((await userRow('sso.partner'))!.user_id))
      .where('used_at', 'is', null)
      .execute();
    expect(tokens).toEqual([]);
  });

  it('refuses a duplicate username in any casing, and writes nothing', async () => {
    const before = await userCount();
    const mails = api.mailer.sent.length;
    const response = await invite({ username: 'PAYER', first_name: 'Dup', last_name: 'Licate', email_address: 'dup@demo.example' });
    expect(response.statusCode).toBe(409);
    // spec §5 "User already exists" for this call (docs/decisions.md: the catalogue's "Username already exists" is the credentials import's).
    expect(errorCode(response)).toBe(ErrorCode.userAlreadyExists);
    expect(await userCount()).toBe(before);
    expect(api.mailer.sent.length).toBe(mails);
  });

  it('gives dealers dealer roles only: the invite and edit forms offer them, the API refuses the others (issue 26)', async () => {
    for (const screen of [manageUsers, manageUserEdit]) {
      const forms = JSON.stringify(screen);
      expect(forms, "the definition narrows the dealer's roles").toContain('"only":["Admin","Payer","View Only"]');
    }
    expect([...MERCHANT_ROLES]).toEqual(['Admin', 'Payer', 'View Only']);
    const dealer = api.client();
    await dealer.login('dealer');
    const before = await userCount();
    for (const role of ['Card Viewer', 'Safety Manager', 'Enrollment Manager', 'Voucher Manager']) {
      const refused = await dealer.post('/users', {
        username: `dealer.${role.replace(' ', '')}`,
        first_name: 'Dee',
        last_name: 'Role',
        email_address: 'd@demo.example',
        role,
        access_level: 'view_edit',
      });
      expect(refused.statusCode, role).toBe(422);
      expect(errorCode(refused)).toBe(ErrorCode.validationEnum);
    }
    expect(await userCount()).toBe(before);
    const invited = await dealer.post('/users', {
      username: 'dealer.viewer',
      first_name: 'Dee',
      last_name: 'Viewer',
      email_address: 'dv@demo.example',
      role: 'View Only',
      access_level: 'view_edit',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const id = (invited.json() as UserDoc).data.id;
    expect(errorCode(await dealer.patch(`/users/${id}`, { role: 'Card Viewer' }))).toBe(ErrorCode.validationEnum);
    // A customer admin keeps every customer role.
    const cardViewer = await invite({
      username: 'customer.cards',
      first_name: 'Cy',
      last_name: 'Cards',
      email_address: 'cc@demo.example',
      role: 'Card Viewer',
    });
    expect(cardViewer.statusCode, cardViewer.body).toBe(201);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const before = await userCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'x1.ok', first_name: 'A'.repeat(51), last_name: 'B', email_address: 'a@demo.example' }, ErrorCode.userNameTooLong],
      [{ username: 'x2.ok', first_name: 'A', last_name: 'B', email_address: 'not-an-email' }, ErrorCode.validationEmail],
      [{ username: 'bad name!', first_name: 'A', last_name: 'B', email_address: 'a@demo.example' }, ErrorCode.usernameInvalid],
      [{ username: 'x3.ok', first_name: 'A', last_name: 'B', email_address: 'a@demo.example', role: 'Emperor' }, ErrorCode.validationEnum],
      [{ username: 'x4.ok', first_name: '', last_name: 'B', email_address: 'a@demo.example' }, ErrorCode.fieldRequired],
      [
        { username: 'x5.ok', first_name: 'A', last_name: 'B', email_address: 'a@demo.example', user_group_id: undefined },
        ErrorCode.fieldRequired,
      ],
    ];
    for (const [body, code] of cases) {
      const response = await invite(body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(errorCode(response), JSON.stringify(body)).toBe(code);
    }
    // A group outside the admin's reach is "not found".
    const fleetGroup = await api.db
      .insertInto('user_groups')
      .values({ tenant_id: 'fleet', name: 'Fleet Ops' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await invite({
      username: 'x6.ok',
      first_name: 'A',
      last_name: 'B',
      email_address: 'a@demo.example',
      user_group_id: Number(fleetGroup.id),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await userCount()).toBe(before);
  });

  it('answers "Failed to invite user" when the mail cannot go out, and keeps nothing', async () => {
    const before = await userCount();
    const send = api.mailer.send;
    api.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const response = await invite({ username: 'no.mail', first_name: 'No', last_name: 'Mail', email_address: 'nomail@demo.example' });
      expect(response.statusCode).toBe(502);
      expect(errorCode(response)).toBe(ErrorCode.failedToInviteUser);
    } finally {
      api.mailer.send = send;
    }
    expect(await userCount()).toBe(before);
    expect(await userRow('no.mail')).toBeUndefined();
  });
});

describe("dealers' admins", () => {
  it('invite dealer users for their own merchants, without a group, and see only dealer users', async () => {
    const dealer = api.client();
    expect((await dealer.login('dealer')).statusCode).toBe(200);
    const response = await dealer.post('/users', {
      username: 'dealer.clerk',
      first_name: 'Dana',
      last_name: 'Clerk',
      email_address: 'dana@demo.example',
      role: 'View Only',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = await userRow('dealer.clerk');
    expect(created).toMatchObject({ user_type: 'merchant', user_group_id: null, status: 'not_activated' });
    const merchants = await api.db
      .selectFrom('user_merchants')
      .select('buid_merchant')
      .where('user_id', '=', created!.user_id)
      .orderBy('buid_merchant')
      .execute();
    expect(merchants.map((row) => row.buid_merchant)).toEqual(['M-2001', 'M-2002']);
    const listed = ((await dealer.get('/users?page[size]=100')).json() as UserList).data.map((user) => String(user.attributes.username));
    // Only merchant users (another test of this file invites dealer.viewer on the same database).
    expect(listed).toContain('dealer.clerk');
    const types = await api.db
      .selectFrom('users')
      .select('user_type')
      .where('tenant_id', '=', 'demo')
      .where('username', 'in', listed)
      .execute();
    expect(new Set(types.map((row) => row.user_type))).toEqual(new Set(['merchant']));
  });
});

describe('GET /users/:id', () => {
  it('reads one user the admin manages, with the fields the edit screen fills; others are not found', async () => {
    const payer = await userRow('payer');
    const response = await admin.get(`/users/${payer!.user_id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as UserDoc).data.attributes).toMatchObject({
      username: 'payer',
      first_name: 'Pat',
      last_name: 'Rivera',
      role: 'Payer',
      access_level: expect.stringMatching(/^(viewing|view_edit)$/),
    });
    const corporate = await userRow('corporate');
    expect((await admin.get(`/users/${corporate!.user_id}`)).statusCode).toBe(404);
    expect((await admin.get('/users/999999')).statusCode).toBe(404);
  });
});

describe('PATCH /users/:id', () => {
  it('edits names, email, role and access level; the username is read-only', async () => {
    const viewer = await userRow('viewer');
    const response = await admin.patch(`/users/${viewer!.user_id}`, { first_name: 'Veronica', role: 'payer', access_level: 'viewing' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as UserDoc).data.attributes).toMatchObject({
      first_name: 'Veronica',
      last_name: 'Nguyen',
      role: 'Payer',
      access_level: 'viewing',
    });
    const rename = await admin.patch(`/users/${viewer!.user_id}`, { username: 'someone.else' });
    expect(rename.statusCode).toBe(422);
    expect(errorCode(rename)).toBe(ErrorCode.usernameReadOnly);
    expect((await userRow('viewer'))?.first_name).toBe('Veronica');
    // Sending the same username is no change.
    expect((await admin.patch(`/users/${viewer!.user_id}`, { username: 'viewer', last_name: 'Nguyen' })).statusCode).toBe(200);
  });

  it('saves the whole edit form as the edit screen sends it (the unchanged username included)', async () => {
    const safety = await userRow('safety');
    const form = {
      username: 'safety',
      first_name: 'Samantha',
      last_name: 'Holt',
      email_address: 'samantha.holt@demo.example',
      role: 'Safety Manager',
      access_level: 'viewing',
    };
    const response = await admin.patch(`/users/${safety!.user_id}`, form);
    expect(response.statusCode, response.body).toBe(200);
    const { username, ...saved } = form;
    expect((await admin.get(`/users/${safety!.user_id}`)).json()).toMatchObject({ data: { attributes: { username, ...saved } } });
  });

  it("cannot reach a user outside the admin's scope", async () => {
    const corporate = await userRow('corporate');
    expect((await admin.patch(`/users/${corporate!.user_id}`, { first_name: 'X' })).statusCode).toBe(404);
    expect((await userRow('corporate'))?.first_name).toBe('Corinne');
  });
});

describe('lock and unlock', () => {
  it("an admin locks: the user's session ends and sign-in answers with the lock message; unlock restores it", async () => {
    const target = api.client();
    expect((await target.login('payer')).statusCode).toBe(200);
    expect((await target.get('/self')).statusCode).toBe(200);
    const payer = await userRow('payer');
    const lock = await admin.post(`/users/${payer!.user_id}/lock`, { reason: 'Left the company' });
    expect(lock.statusCode, lock.body).toBe(200);
    expect((lock.json() as UserDoc).data.attributes).toMatchObject({ lock_state: 'locked_by_admin', lock_reason: 'Left the company' });
    const self = (await target.get('/self')).json() as { data: { attributes: { logged_in?: boolean } }; meta?: unknown };
    expect(JSON.stringify(self)).not.toContain('"username":"payer"');
    const refused = await api.client().login('payer');
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe(ErrorCode.lockedByAdmin);
    // A wrong password still gets the uniform 401 (issue 12): the lock shows only with the right one.
    expect((await api.client().login('payer', 'Wrong#Pass1')).statusCode).toBe(401);

    const unlock = await admin.post(`/users/${payer!.user_id}/unlock`);
    expect(unlock.statusCode).toBe(200);
    expect((await api.client().login('payer')).statusCode).toBe(200);
  });

  it('a support lock stays until support lifts it; an admin cannot lock themselves', async () => {
    const locked = await userRow('locked');
    const unlock = await admin.post(`/users/${locked!.user_id}/unlock`);
    expect(unlock.statusCode).toBe(409);
    expect(errorCode(unlock)).toBe(ErrorCode.unlockNeedsSupport);
    expect((await userRow('locked'))?.lock_state).toBe('locked_by_support');
    const me = await userRow('admin');
    const self = await admin.post(`/users/${me!.user_id}/lock`, {});
    expect(errorCode(self)).toBe(ErrorCode.cannotLockSelf);
    expect((await userRow('admin'))?.lock_state).toBeNull();
  });

  it("offers lock and unlock only where they are allowed: never the admin's own lock, never lifting a support lock (issue 26 item 6)", async () => {
    const users = ((await admin.get('/users?page[size]=100')).json() as UserList).data.map(
      (user) => user.attributes as Record<string, unknown>,
    );
    const flags = (username: string) => {
      const user = users.find((candidate) => candidate.username === username)!;
      return { can_lock: user.can_lock, can_unlock: user.can_unlock };
    };
    expect(flags('admin')).toEqual({ can_lock: false, can_unlock: false });
    expect(flags('viewer')).toEqual({ can_lock: true, can_unlock: false });
    expect(flags('locked')).toEqual({ can_lock: false, can_unlock: false });
    const viewer = await userRow('viewer');
    const locked = await admin.post(`/users/${viewer!.user_id}/lock`, {});
    expect((locked.json() as UserDoc).data.attributes).toMatchObject({ can_lock: false, can_unlock: true });
    const unlocked = await admin.post(`/users/${viewer!.user_id}/unlock`);
    expect((unlocked.json() as UserDoc).data.attributes).toMatchObject({ can_lock: true, can_unlock: false });
  });

  it('a payer cannot lock anyone', async () => {
    const payer = api.client();
    await payer.login('payer');
    const viewer = await userRow('viewer');
    const response = await payer.post(`/users/${viewer!.user_id}/lock`, {});
    expect(response.statusCode).toBe(403);
    expect((await userRow('viewer'))?.lock_state).toBeNull();
  });
});
