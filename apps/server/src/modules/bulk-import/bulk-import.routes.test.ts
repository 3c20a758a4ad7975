import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { BULK_IMPORT_COLUMNS, type BulkImport, type BulkImportPage, type BulkImportPreview } from '@certs/shared/bulk-import/bulk-import.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { addProgramUser, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicationHistory, applications } from '../../db/schema/application';
import { mails } from '../../db/schema/mail';
import { applicants, userTokens, users } from '../../db/schema/user';
import { MailRepository } from '../../platform/mail/mail.repository';
import { MailService } from '../../platform/mail/mail.service';
import { createProgramModule } from '../program/program.module';
import { StaffScope } from '../report/staff-scope';
import { createBulkImportModule } from './bulk-import.module';
import type { BulkImportService } from './bulk-import.service';

let t: TestApp;
let imports: BulkImportService;
const jwt: Record<string, string> = {};
let programId: string;
let draftProgramId: string;
let otherProgramId: string;
let staffMember: CreatedUser;
let known: CreatedUser;

const post = (url: string, payload: object, who: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(jwt[who]!) });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt[who]!) });
const header = BULK_IMPORT_COLUMNS.join(',');
const line = (email: string, firstName = 'Jo', extra: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = { email, firstName, lastName: 'Welder', phone: '0400 000 000', dateOfBirth: '1991-02-03', state: 'NSW', membershipType: 'none', applicationStatus: 'Application Submitted', ...extra };
  return BULK_IMPORT_COLUMNS.map((column) => values[column] ?? '').join(',');
};
const csvOf = (lines: string[]) => [header, ...lines].join('\n');

async function runImport(csvContent: string, who = 'manager', program = programId): Promise<BulkImport> {
  const added = await post('/api/bulkimportprocess/add', { programId: program, fileName: 'applicants.csv', csvContent }, who);
  expect(added.statusCode).toBe(202);
  expect(added.json<BulkImport>().status).toBe('Queued');
  await imports.runPending();
  return (await get(`/api/bulkimportprocess/${added.json<BulkImport>().id}`, who)).json<BulkImport>();
}

async function countOf(table: typeof users | typeof applications) {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row!.n;
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const outsider = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  staffMember = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] });
  known = await createUser(db, { role: ROLES.Applicant, firstName: 'Kim', lastName: 'Known', email: `kim.${Date.now()}@example.test` });
  programId = (await createProgram(db, { programManagerId: manager.id, status: 2, programType: 2, programTitle: 'Welding Supervisor' })).id;
  draftProgramId = (await createProgram(db, { programManagerId: manager.id, status: 1 })).id;
  otherProgramId = (await createProgram(db, { programManagerId: outsider.id, status: 2 })).id;
  await addProgramUser(db, programId, assessor.id, 'assessor');
  const { programs } = createProgramModule(db);
  const mail = new MailService(new MailRepository(db), { from: 'test@example.test', log: { info: () => undefined, warn: () => undefined } });
  imports = createBulkImportModule(db, { scopes: new StaffScope(db), programs, mail, publicUrl: 'http://localhost:3000', log: { warn: () => undefined }, runJobs: false }).service;
  for (const [name, user] of Object.entries({ superUser, manager, assessor, outsider, known, staffMember })) jwt[name] = (await signIn(t.app, user)).jwt;
});
afterAll(async () => {
  await t.close();
});

describe('access', () => {
  it('refuses applicants, staff who do not manage the program, and unpublished programs', async () => {
    const body = { programId, fileName: 'a.csv', csvContent: csvOf([line('x@example.test')]) };
    expect((await post('/api/bulkimportprocess/preview', body, 'known')).statusCode).toBe(403);
    expect((await post('/api/bulkimportprocess/add', body, 'assessor')).statusCode).toBe(403);
    expect((await post('/api/bulkimportprocess/add', body, 'outsider')).statusCode).toBe(403);
    expect((await get('/api/bulkimportprocess/template', 'known')).statusCode).toBe(403);
    const draft = await post('/api/bulkimportprocess/preview', { ...body, programId: draftProgramId }, 'manager');
    expect(draft.statusCode).toBe(400);
    expect(draft.json().message).toBe('Applications can be imported only into a published program');
  });

  it('shows past imports only to staff of their program', async () => {
    const done = await runImport(csvOf([line(`scope.${Date.now()}@example.test`)]));
    expect((await get(`/api/bulkimportprocess/${done.id}`, 'outsider')).statusCode).toBe(403);
    expect((await get(`/api/bulkimportprocess/${done.id}/results`, 'outsider')).statusCode).toBe(403);
    expect((await get('/api/bulkimportprocess/lists', 'outsider')).json<BulkImportPage>().rows).toEqual([]);
    expect((await get('/api/bulkimportprocess/lists', 'assessor')).json<BulkImportPage>().rows.map((row) => row.id)).toContain(done.id);
    expect((await get(`/api/bulkimportprocess/lists?programId=${otherProgramId}`, 'manager')).statusCode).toBe(403);
  });
});

describe('template, preview and import', () => {
  it('offers a template with every column under the name people read, and takes it back as it is', async () => {
    const response = await get('/api/bulkimportprocess/template', 'manager');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('bulk-import-template.csv');
    const template = response.body.replace(/^\uFEFF/, '');
    expect(template.split(/\r?\n/)[0]).toBe(
      'Email,First Name,Last Name,Phone,Date of Birth,Street Number,Street Name,City,State,Postal Code,Country,Membership Type,Member Number,Application Status',
    );
    const checked = await post('/api/bulkimportprocess/preview', { programId, fileName: 'template.csv', csvContent: template }, 'manager');
    expect(checked.statusCode).toBe(200);
    expect(checked.json<BulkImportPreview>()).toMatchObject({ totalRows: 1, refused: 0 });
  });

  it('refuses a file without the template’s columns as a whole', async () => {
    const response = await post('/api/bulkimportprocess/preview', { programId, fileName: 'a.csv', csvContent: 'name,mail\nJo,jo@example.test' }, 'manager');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The file has no Email, First Name, Last Name columns; use the template');
  });

  it('reports every error of a row, with headers by label or machine name (issue 45 item 11)', async () => {
    const stamp = Date.now();
    const labels = 'Email,First Name,Last Name,Phone,Date of Birth,Street Number,Street Name,City,State,Postal Code,Country,Membership Type,Member Number,Application Status';
    const many = line(`not-an-email-${stamp}`, '', { phone: 'call me', dateOfBirth: '1990-13-01', membershipType: 'gold', applicationStatus: 'Done' });
    const file = [
      labels,
      many,
      line(`eve.${stamp}@example.test`, 'Eve'),
      line(`EVE.${stamp}@example.test`, 'Eva', { phone: 'x' }),
      line(staffMember.email, 'Sam', { dateOfBirth: '1990-02-30' }),
    ].join('\n');
    const preview = await post('/api/bulkimportprocess/preview', { programId, fileName: 'many.csv', csvContent: file }, 'manager');
    expect(preview.statusCode).toBe(200);
    const body = preview.json<BulkImportPreview>();
    expect(body).toMatchObject({ totalRows: 4, created: 1, refused: 3 });
    expect(body.rows.filter((row) => row.result === 'refused').map((row) => [row.rowNumber, row.errors])).toEqual([
      [
        2,
        [
          { field: 'Email', reason: 'Invalid email' },
          { field: 'First Name', reason: 'First Name is required' },
          { field: 'Phone', reason: 'Phone must be digits, spaces and + ( ) - only' },
          { field: 'Date of Birth', reason: 'Use a date as YYYY-MM-DD' },
          { field: 'Membership Type', reason: 'Use one of none, individual, corporate' },
          { field: 'Application Status', reason: 'Use one of Application Started, Application Submitted' },
        ],
      ],
      [
        4,
        [
          { field: 'Email', reason: 'The same email appears on row 3' },
          { field: 'Phone', reason: 'Phone must be digits, spaces and + ( ) - only' },
        ],
      ],
      [
        5,
        [
          { field: 'Email', reason: 'This email belongs to a staff account' },
          { field: 'Date of Birth', reason: 'Use a date as YYYY-MM-DD' },
        ],
      ],
    ]);
    expect(body.rows.find((row) => row.rowNumber === 4)).toMatchObject({ field: 'Email, Phone', reason: 'The same email appears on row 3; Phone must be digits, spaces and + ( ) - only' });

    // The import keeps them all, and the results file says them all.
    const done = await runImport(file.replace(labels, header));
    expect(done).toMatchObject({ status: 'Completed', created: 1, refused: 3 });
    const results = (await get(`/api/bulkimportprocess/${done.id}/results`, 'manager')).body;
    expect(results).toContain(`5,${staffMember.email},refused,"Email, Date of Birth",This email belongs to a staff account; Use a date as YYYY-MM-DD`);
    expect(results).toContain(`4,EVE.${stamp}@example.test,refused,"Email, Phone","The same email appears on row 3; Phone must be digits, spaces and + ( ) - only"`);
  });

  it('refuses a file that names a column twice, by its label and its machine name', async () => {
    const response = await post('/api/bulkimportprocess/preview', { programId, fileName: 'a.csv', csvContent: 'Email,email,First Name,lastName\njo@example.test,jo@example.test,Jo,Welder' }, 'manager');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The file names the Email column twice; use the template');
  });

  it('previews each row without writing, imports the good rows, then the fixed bad rows, creating each once', async () => {
    const stamp = Date.now();
    const good = [line(`ann.${stamp}@example.test`, 'Ann'), line(`ben.${stamp}@example.test`, 'Ben'), line(known.email, 'Kim', { lastName: 'Known' })];
    const bad = [line(`not-an-email-${stamp}`, 'Cat'), line(`dan.${stamp}@example.test`, 'Dan', { dateOfBirth: '1990-02-30' })];
    const file = csvOf([...good, ...bad, line(staffMember.email, 'Sam')]);
    const usersBefore = await countOf(users);
    const preview = await post('/api/bulkimportprocess/preview', { programId, fileName: 'a.csv', csvContent: file }, 'manager');
    expect(preview.statusCode).toBe(200);
    const body = preview.json<BulkImportPreview>();
    expect(body).toMatchObject({ totalRows: 6, created: 3, updated: 0, unchanged: 0, refused: 3 });
    expect(body.rows.filter((row) => row.result === 'refused').map((row) => [row.rowNumber, row.field, row.reason])).toEqual([
      [5, 'Email', 'Invalid email'],
      [6, 'Date of Birth', 'Use a date as YYYY-MM-DD'],
      [7, 'Email', 'This email belongs to a staff account'],
    ]);
    expect(await countOf(users)).toBe(usersBefore);

    const first = await runImport(file);
    expect(first).toMatchObject({ status: 'Completed', totalRows: 6, processedRows: 6, created: 3, refused: 3 });
    expect(await countOf(users)).toBe(usersBefore + 2);
    const [ann] = await t.database.db.select().from(users).where(eq(users.email, `ann.${stamp}@example.test`));
    expect(ann).toMatchObject({ firstName: 'Ann', userType: 'applicant', activatedOn: null });
    const [annApplicant] = await t.database.db.select().from(applicants).where(eq(applicants.userId, ann!.id));
    expect(annApplicant!.homeAddress?.state).toBe('NSW');
    const [annApplication] = await t.database.db.select().from(applications).where(eq(applications.applicantId, annApplicant!.id));
    expect(annApplication).toMatchObject({ programId, status: 'Application Submitted', programType: 2 });
    expect(annApplication!.applicationNumber).toMatch(/^C-\d{4}-\d{5}$/);
    const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, annApplication!.id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'Application Submitted', note: 'Imported from applicants.csv' }]);
    const [invitation] = await t.database.db.select().from(mails).where(eq(mails.toEmail, ann!.email));
    expect(invitation!.subject).toBe('Your account is ready: choose your password');
    expect(invitation!.text).toMatch(/http:\/\/localhost:3000\/reset-password\/\S+/);
    expect(await t.database.db.select().from(userTokens).where(eq(userTokens.userId, ann!.id))).toMatchObject([{ purpose: 'reset' }]);
    // A known applicant gets the application but no invitation.
    expect(await t.database.db.select().from(mails).where(eq(mails.toEmail, known.email))).toEqual([]);

    const results = await get(`/api/bulkimportprocess/${first.id}/results`, 'manager');
    expect(results.body.replace(/^\uFEFF/, '').split(/\r?\n/).slice(0, 2)).toEqual(['Row,Email,Result,Field,Reason', `2,ann.${stamp}@example.test,created,,`]);
    expect(results.body).toContain(`5,not-an-email-${stamp},refused,Email,Invalid email`);

    const fixed = csvOf([...good, line(`cat.${stamp}@example.test`, 'Cat'), line(`dan.${stamp}@example.test`, 'Dan', { dateOfBirth: '1990-02-28', phone: '0411 111 111' })]);
    const second = await runImport(fixed);
    expect(second).toMatchObject({ status: 'Completed', created: 2, updated: 0, unchanged: 3, refused: 0 });
    expect(await countOf(users)).toBe(usersBefore + 4);
    const kims = await t.database.db.select().from(applications).where(eq(applications.applicantId, known.applicantId!));
    expect(kims).toHaveLength(1);

    const changed = await runImport(csvOf([line(`dan.${stamp}@example.test`, 'Daniel', { dateOfBirth: '1990-02-28' })]));
    expect(changed).toMatchObject({ updated: 1, created: 0 });
  });

  it('imports 1,000 rows in under a minute, and the same file again creates nothing twice', async () => {
    const stamp = Date.now();
    const file = csvOf(Array.from({ length: 1000 }, (_, i) => line(`bulk${i}.${stamp}@example.test`, `Bulk${i}`)));
    const usersBefore = await countOf(users);
    const applicationsBefore = await countOf(applications);
    const started = Date.now();
    const first = await runImport(file, 'superUser');
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(first).toMatchObject({ status: 'Completed', processedRows: 1000, created: 1000 });
    const again = Date.now();
    const second = await runImport(file, 'superUser');
    expect(Date.now() - again).toBeLessThan(60_000);
    expect(second).toMatchObject({ status: 'Completed', processedRows: 1000, created: 0, unchanged: 1000 });
    expect(await countOf(users)).toBe(usersBefore + 1000);
    expect(await countOf(applications)).toBe(applicationsBefore + 1000);
    const numbers = await t.database.db.select({ n: sql<number>`count(distinct ${applications.applicationNumber})::int` }).from(applications).where(inArray(applications.programId, [programId]));
    expect(numbers[0]!.n).toBe((await t.database.db.select({ n: count() }).from(applications).where(eq(applications.programId, programId)))[0]!.n);
  }, 180_000);
});

describe('another account (issue 40)', () => {
  it("imports into its own programs only, and neither lists nor opens the first account's imports; nothing is written for it", async () => {
    const db = t.database.db;
    const mine = await runImport(csvOf([line(`first.${Date.now()}@example.test`, 'Fay')]), 'superUser');
    const nz = await createAccount(db, { name: 'Kiwi Import Body' });
    const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'], accountId: nz.id });
    jwt.nzAdmin = (await signIn(t.app, nzAdmin)).jwt;
    const applicationsBefore = await countOf(applications);
    const body = { programId, fileName: 'a.csv', csvContent: csvOf([line(`kiwi.${Date.now()}@example.test`, 'Kiri')]) };
    expect((await post('/api/bulkimportprocess/preview', body, 'nzAdmin')).statusCode).toBe(404);
    expect((await post('/api/bulkimportprocess/add', body, 'nzAdmin')).statusCode).toBe(404);
    expect(await countOf(applications)).toBe(applicationsBefore);
    expect((await get(`/api/bulkimportprocess/${mine.id}`, 'nzAdmin')).statusCode).toBe(404);
    expect((await get(`/api/bulkimportprocess/${mine.id}/results`, 'nzAdmin')).statusCode).toBe(404);
    expect((await get(`/api/bulkimportprocess/lists?programId=${programId}`, 'nzAdmin')).statusCode).toBe(403);
    expect((await get('/api/bulkimportprocess/lists?pageSize=250', 'nzAdmin')).json<BulkImportPage>()).toMatchObject({ rows: [], totalRows: 0 });

    const nzProgram = await createProgram(db, { programManagerId: nzAdmin.id, status: 2, programType: 1, accountId: nz.id });
    const theirs = await runImport(csvOf([line(`kiwi.${Date.now()}@example.test`, 'Kiri')]), 'nzAdmin', nzProgram.id);
    expect(theirs).toMatchObject({ status: 'Completed', created: 1 });
    expect((await get('/api/bulkimportprocess/lists?pageSize=250', 'nzAdmin')).json<BulkImportPage>().rows.map((row) => row.id)).toEqual([theirs.id]);
    expect((await get('/api/bulkimportprocess/lists?pageSize=250', 'superUser')).json<BulkImportPage>().rows.map((row) => row.id)).not.toContain(theirs.id);
  });
});
