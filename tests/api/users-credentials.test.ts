import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';
import { testJobRunner } from '../support/payments.ts';

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

const HEADER = 'username,first_name,last_name,email_address,role,access_level,user_group';
const userCount = async () =>
  (
    await api.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
const userRow = (username: string) => api.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
type Report = {
  data: {
    attributes: {
      rows: number;
      valid_rows: number;
      problem_count: number;
      written: number;
      problems: Array<{ row: number; column?: string; code: string }>;
    };
  };
};

describe('credentials export and template', () => {
  it("exports the managed users with the import's columns, formula cells neutralised", async () => {
    await api.db.updateTable('users').set({ first_name: '=HYPERLINK("http://evil.example")' }).where('username', '=', 'safety').execute();
    const response = await admin.get('/user-credentials/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const records = parse(response.body.replace(/^\ufeff/, ''), { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(records[0]!)).toEqual(HEADER.split(','));
    const usernames = records.map((record) => record.username);
    expect(usernames).toContain('payer');
    expect(usernames).not.toContain('corporate');
    expect(records.find((record) => record.username === 'admin')).toMatchObject({ role: 'Admin', user_group: 'Headquarters' });
    expect(records.find((record) => record.username === 'safety')!.first_name).toBe('\'=HYPERLINK("http://evil.example")');
    expect(response.body).not.toMatch(/password/i);
  });

  it('offers the template and refuses both to a payer', async () => {
    const template = await admin.get('/user-credentials/template');
    expect(template.statusCode).toBe(200);
    expect(template.body.replace(/^\ufeff/, '').split(/\r?\n/)[0]).toBe(HEADER);
    const payer = api.client();
    await payer.login('payer');
    expect((await payer.get('/user-credentials/export')).statusCode).toBe(403);
    expect((await payer.post('/user-credentials', { content: `${HEADER}\nx.y,A,B,a@b.example,Payer,,East Region` })).statusCode).toBe(403);
  });
});

describe('credentials import', () => {
  const good = [
    HEADER,
    'csv.one,Cara,One,cara.one@demo.example,Payer,view_edit,East Region',
    'csv.two,Cody,Two,cody.two@demo.example,view only,viewing,West Region',
    // An existing user: updated, not duplicated.
    'payer,Pat,Rivera-Lopez,payer@demo.example,Payer,view_edit,Headquarters',
  ].join('\n');

  it("a dry run reports each row's problems and writes nothing", async () => {
    const before = await userCount();
    const bad = [
      HEADER,
      'csv.ok,Olga,Ok,olga@demo.example,Payer,,East Region',
      `csv.long,${'A'.repeat(60)},Long,long@demo.example,Payer,,East Region`,
      'csv.mail,Mia,Mail,not-an-email,Payer,,East Region',
      'csv.role,Rob,Role,rob@demo.example,Emperor,,East Region',
      'corporate,Corinne,Blake,c@demo.example,Admin,,East Region',
      'csv.group,Gus,Group,gus@demo.example,Payer,,Nowhere',
    ].join('\n');
    const response = await admin.post('/user-credentials/dry-run', { file_name: 'users.csv', content: bad });
    expect(response.statusCode, response.body).toBe(200);
    const report = (response.json() as Report).data.attributes;
    expect(report).toMatchObject({ rows: 6, valid_rows: 1, written: 0 });
    expect(report.problems.map((problem) => [problem.row, problem.column, problem.code])).toEqual([
      [3, 'first_name', ErrorCode.userNameTooLong],
      [4, 'email_address', ErrorCode.validationEmail],
      [5, 'role', ErrorCode.validationEnum],
      [6, 'username', ErrorCode.usernameAlreadyExists],
      [7, 'user_group', ErrorCode.notFound],
    ]);
    expect(await userCount()).toBe(before);
  });

  it('names the other row of a repeated username, so the message has no raw {{other}} (issue 26 item 5)', async () => {
    const content = [
      HEADER,
      'csv.twice,Tia,Twice,tia@demo.example,Payer,,East Region',
      'csv.once,Oli,Once,oli@demo.example,Payer,,East Region',
      'CSV.Twice,Tim,Twice,tim@demo.example,Payer,,East Region',
    ].join('\n');
    const response = await admin.post('/user-credentials/dry-run', { file_name: 'users.csv', content });
    expect(response.statusCode, response.body).toBe(200);
    const { problems } = (
      response.json() as {
        data: { attributes: { problems: Array<{ row: number; column?: string; code: string; meta: Record<string, unknown> }> } };
      }
    ).data.attributes;
    expect(problems.map((problem) => [problem.row, problem.column, problem.code, problem.meta.other])).toEqual([
      [2, 'username', ErrorCode.csvDuplicateValue, 4],
      [4, 'username', ErrorCode.csvDuplicateValue, 2],
    ]);
  });

  it('writes nothing when one row is bad', async () => {
    const before = await userCount();
    const jobs = await api.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await admin.post('/user-credentials', { content: `${good}\ncsv.one,Dup,Licate,dup@demo.example,Payer,,East Region` });
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe(ErrorCode.csvRowsInvalid);
    expect(await userCount()).toBe(before);
    expect(await userRow('csv.one')).toBeUndefined();
    expect((await userRow('payer'))?.last_name).toBe('Rivera');
    const after = await api.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(jobs.n);
  });

  it('writes everything when all rows are good, and invites the new users by mail', async () => {
    const before = await userCount();
    const response = await admin.post('/user-credentials', { file_name: 'users.csv', content: good });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as Report).data.attributes).toMatchObject({ rows: 3, written: 3 });
    expect(await userCount()).toBe(before + 2);
    expect(await userRow('csv.two')).toMatchObject({ role: 'View Only', access_level: 'viewing', status: 'not_activated' });
    expect((await userRow('payer'))?.last_name).toBe('Rivera-Lopez');

    const sent = api.mailer.sent.length;
    await testJobRunner(api).runDue();
    const mails = api.mailer.sent.slice(sent);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['cara.one@demo.example', 'cody.two@demo.example']);
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails.find((mail) => mail.to === 'cara.one@demo.example')!.text)?.[1];
    const password = 'Imported#Pass2027';
    expect((await api.client().post('/auth/reset-password', { token, password, confirm_password: password })).statusCode).toBe(204);
    expect((await api.client().login('csv.one', password)).statusCode).toBe(200);
  });

  it('re-imports its own export unchanged', async () => {
    const exported = (await admin.get('/user-credentials/export')).body.replace(/^\ufeff/, '');
    const before = await userCount();
    // The neutralised formula cell of the first test reads back as text, which is a valid name.
    const response = await admin.post('/user-credentials', { content: exported });
    expect(response.statusCode, response.body).toBe(201);
    expect(await userCount()).toBe(before);
  });

  it('refuses a file with a wrong header as a whole', async () => {
    const response = await admin.post('/user-credentials/dry-run', { content: 'username,password\nx,y' });
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toMatch(/^errors\.csv\./);
  });
});
