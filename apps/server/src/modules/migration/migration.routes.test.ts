import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import {
  APPLICANT_MIGRATION_COLUMNS,
  AWARD_MIGRATION_COLUMNS,
  MIGRATION_MESSAGES,
  type MigrationImport,
  type MigrationPage,
} from '@certs/shared/migration/migration.contract';
import type { PublicCertificate, PublicRegisterPage } from '@certs/shared/public-register/public-register.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applications } from '../../db/schema/application';
import { awards, certificateNumberCounters } from '../../db/schema/award';
import { mails } from '../../db/schema/mail';
import { migrationImports } from '../../db/schema/migration';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { accountMemberships } from '../../db/schema/membership';
import { APPLICANT_IMPORT_MESSAGES } from '@certs/shared/migration/kinds/applicants';
import { dayInTimeZone } from '@certs/shared/common/dates';
import { awardReminders } from '../../db/schema/award-reminder';
import { createAwardModule } from '../award/award.module';
import { insertTestAward } from '../public-register/test-awards';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { bindRequestToAccount, runRequestUnbound } from '../../db/account-boundary';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { createMigrationModule } from './migration.module';
import { MigrationRepository } from './migration.repository';
import { MigrationService } from './migration.service';

let t: TestApp;
/** A service of its own with two rows a chunk, so an import of a few rows spans several chunks. */
let service: MigrationService;
const jwt: Record<string, string> = {};
/** One run's marker: emails, program codes and certificate numbers stay unique on a shared test database. */
const run = randomBytes(3).toString('hex').toUpperCase();
let certProgram: { id: string; programCode: string };
let wqProgram: { id: string; programCode: string };
let otherAccountProgram: { id: string; programCode: string };
let otherAccountId: string;
let staff: CreatedUser;
let known: CreatedUser;
let addressCounter = 0;
let adminId: string;

const post = (url: string, payload: object, who: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(jwt[who]!) });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt[who]!) });
const email = (name: string) => `${name}.${run.toLowerCase()}@example.test`;
const number = (n: string) => `L${run}-${n}`;

type Cells = Partial<Record<(typeof AWARD_MIGRATION_COLUMNS)[number], string>>;
const awardLine = (cells: Cells) => {
  const values: Cells = { firstName: 'Robin', lastName: `Holder${run}`, programCode: certProgram.programCode, awardedOn: '2019-03-07', expiresOn: '2099-03-07', status: 'Current', ...cells };
  return AWARD_MIGRATION_COLUMNS.map((column) => values[column] ?? '').join(',');
};
const awardsCsv = (lines: string[]) => [AWARD_MIGRATION_COLUMNS.join(','), ...lines].join('\n');
const applicantsCsv = (lines: string[]) => [APPLICANT_MIGRATION_COLUMNS.join(','), ...lines].join('\n');

/** Starts an import as `who` and runs the job's pass, as the app's job would. */
async function importFile(kind: 'awards' | 'applicants', csvContent: string, options: { dryRun?: boolean; who?: string } = {}): Promise<MigrationImport> {
  const who = options.who ?? 'admin';
  const started = await post(`/api/migration/${kind}`, { fileName: `${kind}.csv`, csvContent, dryRun: options.dryRun ?? false }, who);
  expect(started.statusCode).toBe(202);
  const { id } = started.json<{ id: string }>();
  expect((await get(`/api/migration/${id}`, who)).json<MigrationImport>().status).toBe('Queued');
  await service.runPending();
  return (await get(`/api/migration/${id}`, who)).json<MigrationImport>();
}

async function awardsWithNumbers(numbers: string[]) {
  return t.database.db.select().from(awards).where(inArray(awards.certificateNumber, numbers));
}

async function usersWithEmails(emails: string[]) {
  return t.database.db.select().from(users).where(inArray(users.email, emails));
}

const verify = (certificateNumber: string) => t.app.inject({ method: 'GET', url: `/unauth/verify/${encodeURIComponent(certificateNumber)}`, remoteAddress: `198.51.100.${++addressCounter}` });
const searchRegister = (searchTerm: string) =>
  t.app.inject({ method: 'POST', url: '/unauth/application/companyreports/search', payload: { searchTerm }, remoteAddress: `198.51.100.${++addressCounter}` });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  service = new MigrationService(new MigrationRepository(db), {}, { defaultPattern: 'WCB-{YYYY}-{N}', log: { warn: () => undefined }, chunkRows: 2 });
  const admin = await createUser(db, { role: ROLES.AccountAdministrator });
  adminId = admin.id;
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  const contributor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Utilities'] });
  const applicant = await createUser(db, { role: ROLES.Applicant });
  staff = await createUser(db, { role: ROLES.User, email: email('staff') });
  known = await createUser(db, { role: ROLES.Applicant, email: email('known'), firstName: 'Kim', lastName: `Known${run}` });
  const other = await createAccount(db, { name: `Other body ${run}` });
  otherAccountId = other.id;
  const otherAdmin = await createUser(db, { role: ROLES.AccountAdministrator, accountId: other.id });
  certProgram = await createProgram(db, { programManagerId: admin.id, status: 2, programType: 2, programCode: `LEGC-${run}`, programTitle: 'Welding Supervisor' });
  await db.update(programs).set({ numberPatternCheck: true, certificateNumPattern: `L${run}-{N}`, certificateStartNum: '0001' }).where(eq(programs.id, certProgram.id));
  wqProgram = await createProgram(db, { programManagerId: admin.id, status: 2, programType: 3, programCode: `LEGW-${run}` });
  otherAccountProgram = await createProgram(db, { programManagerId: otherAdmin.id, status: 2, programType: 2, programCode: `LEGO-${run}`, accountId: other.id });
  for (const [name, user] of Object.entries({ admin, superUser, contributor, applicant, otherAdmin, known })) jwt[name] = (await signIn(t.app, user)).jwt;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('templates', () => {
  it('gives each kind its fixed header and an example row', async () => {
    for (const [kind, columns] of [
      ['awards', AWARD_MIGRATION_COLUMNS],
      ['applicants', APPLICANT_MIGRATION_COLUMNS],
    ] as const) {
      const response = await get(`/api/migration/templates/${kind}`, 'admin');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const [header, example] = response.body.replace(/^\uFEFF/, '').trim().split('\n');
      expect(header).toBe(columns.join(','));
      expect(example?.split(',')[0]).toBe('jane.welder@example.com');
    }
    expect((await get('/api/migration/templates/shoes', 'admin')).statusCode).toBe(400);
  });
});

describe('who may import', () => {
  it('refuses applicants and staff below Account Administrator (403); another account\'s import is unknown (404)', async () => {
    const body = { fileName: 'a.csv', csvContent: awardsCsv([awardLine({ email: email('nobody'), certificateNumber: number('9001') })]), dryRun: true };
    for (const who of ['applicant', 'contributor']) {
      expect((await post('/api/migration/awards', body, who)).statusCode).toBe(403);
      expect((await get('/api/migration/templates/awards', who)).statusCode).toBe(403);
      expect((await get('/api/migration', who)).statusCode).toBe(403);
    }
    const mine = await importFile('awards', body.csvContent, { dryRun: true });
    expect((await get(`/api/migration/${mine.id}`, 'applicant')).statusCode).toBe(403);
    expect((await post(`/api/migration/${mine.id}/undo`, {}, 'contributor')).statusCode).toBe(403);
    expect((await get(`/api/migration/${mine.id}`, 'otherAdmin')).statusCode).toBe(404);
    expect((await post(`/api/migration/${mine.id}/undo`, {}, 'otherAdmin')).statusCode).toBe(404);
    const theirs = (await get('/api/migration?pageSize=250', 'otherAdmin')).json<MigrationPage>();
    expect(theirs.rows.map((row) => row.id)).not.toContain(mine.id);
    // The super user, in their current account (the first), sees it.
    expect((await get(`/api/migration/${mine.id}`, 'superUser')).statusCode).toBe(200);
    const listed = (await get('/api/migration?pageSize=250', 'admin')).json<MigrationPage>();
    expect(listed.rows.map((row) => row.id)).toContain(mine.id);
  });

  it('refuses a file without the template\'s columns, or with one more, and keeps nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(migrationImports);
    const missing = await post('/api/migration/awards', { fileName: 'a.csv', csvContent: 'email,firstName\nx@example.test,X', dryRun: false }, 'admin');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.missingColumns(['lastName', 'programCode', 'certificateNumber', 'awardedOn', 'status']));
    const extra = await post('/api/migration/applicants', { fileName: 'a.csv', csvContent: `${APPLICANT_MIGRATION_COLUMNS.join(',')},shoeSize\nx@example.test,X,Y${','.repeat(APPLICANT_MIGRATION_COLUMNS.length - 3)},42`, dryRun: false }, 'admin');
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.unknownColumns(['shoeSize']));
    expect(await t.database.db.select({ n: count() }).from(migrationImports)).toEqual(before);
  });
});

describe('awards', () => {
  it('dry run: checks every row, reports each refusal with its row, column and message, and changes nothing', async () => {
    const db = t.database.db;
    const taken = await insertTestAward(db, { applicantId: known.applicantId!, programId: certProgram.id, programType: 2, certificateNumber: number('TAKEN') });
    const csv = awardsCsv([
      awardLine({ email: email('dry'), certificateNumber: number('0501') }),
      awardLine({ email: email('dry2'), certificateNumber: number('0502'), awardedOn: '31-Feb-2019' }),
      awardLine({ email: email('dry3'), certificateNumber: number('0503'), programCode: 'NO-SUCH-PROGRAM' }),
      awardLine({ email: email('dry4'), certificateNumber: number('0504'), programCode: wqProgram.programCode }),
      awardLine({ email: email('dry5'), certificateNumber: taken.certificateNumber }),
      awardLine({ email: staff.email, certificateNumber: number('0506') }),
      awardLine({ email: email('dry7'), certificateNumber: number('0501') }),
      awardLine({ email: email('dry8'), certificateNumber: number('0508'), programCode: otherAccountProgram.programCode }),
      awardLine({ email: email('dry9'), certificateNumber: number('0509'), status: 'Cancelled' }),
      awardLine({ email: email('dry10'), certificateNumber: number('0510'), expiresOn: '2018-01-01' }),
    ]);
    const result = await importFile('awards', csv, { dryRun: true });
    expect(result).toMatchObject({ status: 'Finished', dryRun: true, totalRows: 10, processedRows: 10, created: 1, updated: 0, unchanged: 0, refused: 9 });
    expect(result.refusedRows).toEqual([
      { rowNumber: 3, column: 'awardedOn', message: MIGRATION_MESSAGES.invalidDate('awardedOn') },
      { rowNumber: 4, column: 'programCode', message: MIGRATION_MESSAGES.unknownProgram('NO-SUCH-PROGRAM') },
      { rowNumber: 5, column: 'programCode', message: MIGRATION_MESSAGES.programDoesNotAward(wqProgram.programCode) },
      { rowNumber: 6, column: 'certificateNumber', message: MIGRATION_MESSAGES.numberTaken(taken.certificateNumber) },
      { rowNumber: 7, column: 'email', message: MIGRATION_MESSAGES.staffEmail },
      { rowNumber: 8, column: 'certificateNumber', message: MIGRATION_MESSAGES.duplicateInFile('certificateNumber', 2) },
      { rowNumber: 9, column: 'programCode', message: MIGRATION_MESSAGES.unknownProgram(otherAccountProgram.programCode) },
      { rowNumber: 10, column: 'statusReason', message: MIGRATION_MESSAGES.reasonRequired('Cancelled') },
      { rowNumber: 11, column: 'expiresOn', message: MIGRATION_MESSAGES.expiresBeforeAwarded },
    ]);
    expect(await awardsWithNumbers([number('0501')])).toEqual([]);
    expect(await usersWithEmails([email('dry')])).toEqual([]);
    expect((await post(`/api/migration/${result.id}/undo`, {}, 'admin')).json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.dryRunNoUndo);
  });

  it('applies: numbers as issued, on the register and verified with their status, an opted-out holder not listed, nobody mailed; the same file again is all unchanged', async () => {
    const db = t.database.db;
    const csv = awardsCsv([
      awardLine({ email: email('ann'), firstName: 'Ann', certificateNumber: number('0123'), awardedOn: '07-Mar-2019' }),
      awardLine({ email: email('ann'), firstName: 'Ann', certificateNumber: number('0045'), status: 'On hold', statusReason: 'Audit pending' }),
      awardLine({ email: email('quiet'), firstName: 'Quinn', certificateNumber: number('0046'), listedInRegister: 'No' }),
      awardLine({ email: known.email, firstName: 'Kim', lastName: `Known${run}`, certificateNumber: `OLD-${run}-7` }),
    ]);
    const first = await importFile('awards', csv);
    expect(first).toMatchObject({ status: 'Finished', dryRun: false, created: 4, updated: 0, unchanged: 0, refused: 0, refusedRows: [] });

    const imported = await awardsWithNumbers([number('0123'), number('0045'), number('0046'), `OLD-${run}-7`]);
    expect(imported).toHaveLength(4);
    const ann = imported.find((award) => award.certificateNumber === number('0123'))!;
    expect(ann).toMatchObject({ awardedOn: '2019-03-07', expiresOn: '2099-03-07', status: 'current', programId: certProgram.id, awardType: 'Awarded' });
    expect(imported.find((award) => award.certificateNumber === number('0045'))).toMatchObject({ status: 'on hold', statusReason: 'Audit pending' });
    // The award's application is the marked, imported kind.
    const [application] = await db.select().from(applications).where(eq(applications.id, ann.applicationId));
    expect(application).toMatchObject({ applicationNumber: `C-IMP-${number('0123')}`, status: 'Awarded', overallResult: 'Awarded' });
    // One holder per email, however many of their awards the file holds; not activated, not mailed.
    const people = await usersWithEmails([email('ann'), email('quiet')]);
    expect(people).toHaveLength(2);
    expect(people.every((person) => person.activatedOn === null && person.userType === 'applicant')).toBe(true);
    const mailed = await db.select({ n: count() }).from(mails).where(inArray(mails.toEmail, [email('ann'), email('quiet'), known.email]));
    expect(mailed[0]!.n).toBe(0);

    const verified = await verify(number('0123'));
    expect(verified.statusCode).toBe(200);
    expect(verified.json<PublicCertificate>()).toMatchObject({ certificateNumber: number('0123'), status: 'current', name: `Ann Holder${run}` });
    expect((await verify(number('0045'))).json<PublicCertificate>().status).toBe('on hold');
    // The opted-out holder verifies by number but is not listed.
    expect((await verify(number('0046'))).json<PublicCertificate>().status).toBe('current');
    const listed = (await searchRegister(`Holder${run}`)).json<PublicRegisterPage>();
    expect(listed.rows.map((row) => row.certificateNumber).sort()).toEqual([number('0045'), number('0123')].sort());

    const second = await importFile('awards', csv);
    expect(second).toMatchObject({ status: 'Finished', created: 0, updated: 0, unchanged: 4, refused: 0 });
    expect(await awardsWithNumbers([number('0123'), number('0045'), number('0046'), `OLD-${run}-7`])).toHaveLength(4);
  });

  it('mails no one: reminders whose day came before the import count as sent, and a Current award past its last day is stored as expired', async () => {
    const db = t.database.db;
    const sydneyDay = (daysAhead: number) => dayInTimeZone(new Date(Date.now() + daysAhead * 86_400_000), 'Australia/Sydney');
    const soon = sydneyDay(20);
    const result = await importFile(
      'awards',
      awardsCsv([
        awardLine({ email: email('soon'), firstName: 'Sol', lastName: `Soon${run}`, certificateNumber: number('0031'), expiresOn: soon }),
        awardLine({ email: email('lapsed'), firstName: 'Lee', lastName: `Lapsed${run}`, certificateNumber: number('0032'), awardedOn: '2015-01-01', expiresOn: '2018-01-01' }),
      ]),
    );
    expect(result).toMatchObject({ status: 'Finished', created: 2, refused: 0 });
    const [soonAward, lapsedAward] = [await awardsWithNumbers([number('0031')]), await awardsWithNumbers([number('0032')])].map((rows) => rows[0]!);
    expect(lapsedAward).toMatchObject({ status: 'expired' });
    expect((await verify(number('0032'))).json<PublicCertificate>().status).toBe('expired');
    const reminders = await db.select().from(awardReminders).where(eq(awardReminders.awardId, soonAward!.id));
    expect(reminders.map((row) => row.kind).sort()).toEqual(['1-month', '3-months', '6-months']);

    // The expiry job sends a reminder only when its ledger lacks the latest kind due (award-expiry.service sendDueReminders):
    // with these recorded, the holder hears of the expiry day alone, which is still ahead. (The job is not run
    // here: on the shared test server its pass would act on other files' awards.)
    expect(reminders.every((row) => row.expiresOn === soon && row.sentOn === sydneyDay(0))).toBe(true);
    // The same file again: the expired award is as the file says once judged today, so unchanged.
    expect(await importFile('awards', awardsCsv([awardLine({ email: email('lapsed'), firstName: 'Lee', lastName: `Lapsed${run}`, certificateNumber: number('0032'), awardedOn: '2015-01-01', expiresOn: '2018-01-01' })]))).toMatchObject({
      unchanged: 1,
      updated: 0,
    });
  });

  it("moves the program's counter past imported numbers that follow its pattern, so the next award here takes the one after", async () => {
    const db = t.database.db;
    const [counter] = await db.select().from(certificateNumberCounters).where(eq(certificateNumberCounters.series, certProgram.id));
    expect(counter?.lastNumber).toBe(123);
    const holder = await createUser(db, { role: ROLES.Applicant });
    const [application] = await db
      .insert(applications)
      .values({ applicationNumber: `C-T-${run}`, applicantId: holder.applicantId!, programId: certProgram.id, programType: 2, status: 'Awarded' })
      .returning({ id: applications.id });
    // The award module as the result stage calls it; awarding mails and reads nothing else.
    const { awards: records } = createAwardModule(db, { programs: undefined as never, mail: undefined as never, accessLog: undefined as never, publicUrl: 'http://localhost', defaultPattern: 'WCB-{YYYY}-{N}' });
    const award = await db.transaction((tx) => records.createForAwardedApplication(tx, { applicationId: application!.id, actorId: null, awardType: 'Awarded' }));
    expect(award.certificateNumber).toBe(number('0124'));
  });

  it('updates what changed when a corrected file comes again, and undo puts it back', async () => {
    const csv = (status: string, reason = '') => awardsCsv([awardLine({ email: email('upd'), firstName: 'Uma', certificateNumber: number('0601'), status, statusReason: reason })]);
    const created = await importFile('awards', csv('Current'));
    expect(created.created).toBe(1);
    const corrected = await importFile('awards', csv('Cancelled', 'Fraudulent evidence'));
    expect(corrected).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect((await verify(number('0601'))).json<PublicCertificate>().status).toBe('cancelled');
    const undone = await post(`/api/migration/${corrected.id}/undo`, {}, 'admin');
    expect(undone.statusCode).toBe(200);
    expect(undone.json<MigrationImport>()).toMatchObject({ status: 'Undone' });
    expect(undone.json<MigrationImport>().undoneOn).not.toBeNull();
    const [award] = await awardsWithNumbers([number('0601')]);
    expect(award).toMatchObject({ status: 'current', statusReason: null });
    expect((await post(`/api/migration/${corrected.id}/undo`, {}, 'admin')).json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.alreadyUndone);
  });

  it('undo removes the awards and holders it created; once staff have acted on an award, undo is refused and removes nothing', async () => {
    const db = t.database.db;
    const fresh = await importFile(
      'awards',
      awardsCsv([
        awardLine({ email: email('gone'), firstName: 'Gus', certificateNumber: number('0701') }),
        awardLine({ email: email('gone'), firstName: 'Gus', certificateNumber: number('0702') }),
      ]),
    );
    expect(fresh.created).toBe(2);
    const undone = await post(`/api/migration/${fresh.id}/undo`, {}, 'admin');
    expect(undone.statusCode).toBe(200);
    expect(await awardsWithNumbers([number('0701'), number('0702')])).toEqual([]);
    expect(await usersWithEmails([email('gone')])).toEqual([]);
    expect((await verify(number('0701'))).statusCode).toBe(404);

    const kept = await importFile('awards', awardsCsv([awardLine({ email: email('kept'), firstName: 'Kai', certificateNumber: number('0801') })]));
    const [award] = await awardsWithNumbers([number('0801')]);
    // Staff put the award on hold after the import (what the award action writes: the status and a newer modification).
    await db.update(awards).set({ status: 'on hold', statusReason: 'Checked', modifiedOn: sql`now() + interval '1 second'` }).where(eq(awards.id, award!.id));
    const refused = await post(`/api/migration/${kept.id}/undo`, {}, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.touched(2, 'award'));
    expect(await awardsWithNumbers([number('0801')])).toHaveLength(1);
    expect((await get(`/api/migration/${kept.id}`, 'admin')).json<MigrationImport>().status).toBe('Finished');
  });

  it("runs unbound when a staff request wakes the job, so another body's certificate number is refused, not a failed import", async () => {
    const db = t.database.db;
    const theirs = await insertTestAward(db, { applicantId: known.applicantId!, programId: otherAccountProgram.id, programType: 2, certificateNumber: `THEIRS-${run}` });
    const migration = createMigrationModule(db, { defaultPattern: 'WCB-{YYYY}-{N}', log: { warn: () => undefined }, runJobs: true });
    const actor: CurrentUser = { id: adminId, email: 'admin@example.test', role: ROLES.AccountAdministrator, userType: 'admin', menuItems: [], applicantId: null, accountId: FIRST_ACCOUNT_ID, companyId: null };
    try {
      // As in a request of the first account's administrator: bound to their account when the import is queued.
      const { id } = await new Promise<{ id: string }>((resolve, reject) =>
        runRequestUnbound(() => {
          bindRequestToAccount(FIRST_ACCOUNT_ID);
          migration.service.start(actor, 'awards', { fileName: 'theirs.csv', csvContent: awardsCsv([awardLine({ email: email('theirs'), certificateNumber: theirs.certificateNumber })]) }).then(resolve, reject);
        }),
      );
      await migration.job.runOnce();
      const found = (await get(`/api/migration/${id}`, 'admin')).json<MigrationImport>();
      expect(found).toMatchObject({ status: 'Finished', refused: 1 });
      expect(found.refusedRows).toEqual([{ rowNumber: 2, column: 'certificateNumber', message: MIGRATION_MESSAGES.numberTaken(theirs.certificateNumber) }]);
    } finally {
      await migration.job.stop();
    }
  });

  it('resumes an import whose worker stopped part way, without doing a row twice', async () => {
    const db = t.database.db;
    const lines = ['0901', '0902', '0903', '0904', '0905'].map((n, index) => awardLine({ email: email(`resume${index % 2}`), firstName: `R${index % 2}`, certificateNumber: number(n) }));
    const started = await post('/api/migration/awards', { fileName: 'big.csv', csvContent: awardsCsv(lines), dryRun: false }, 'admin');
    const { id } = started.json<{ id: string }>();
    // A worker claims it, writes its first chunk (two rows) and dies.
    const claimed = await new MigrationRepository(db).claimNext();
    expect(claimed?.id).toBe(id);
    await service.runClaimed(id, { stopAfterChunks: 1 });
    const halfway = (await get(`/api/migration/${id}`, 'admin')).json<MigrationImport>();
    expect(halfway).toMatchObject({ status: 'Running', processedRows: 2, created: 2 });
    // While it is fresh, no other worker takes it; once it has been silent past the limit, the next pass resumes it.
    expect(await service.runPending()).toBe(0);
    await db.update(migrationImports).set({ modifiedOn: sql`now() - interval '10 minutes'` }).where(eq(migrationImports.id, id));
    expect(await service.runPending()).toBe(1);
    const finished = (await get(`/api/migration/${id}`, 'admin')).json<MigrationImport>();
    expect(finished).toMatchObject({ status: 'Finished', totalRows: 5, processedRows: 5, created: 5, unchanged: 0, refused: 0 });
    expect(await awardsWithNumbers(['0901', '0902', '0903', '0904', '0905'].map(number))).toHaveLength(5);
    expect(await usersWithEmails([email('resume0'), email('resume1')])).toHaveLength(2);
  });
});

describe('applicants', () => {
  it('creates people (not mailed), finds them unchanged the second time, updates what a corrected file changes, and undo restores and removes', async () => {
    const db = t.database.db;
    const row = (name: string, extra: { phone?: string; listed?: string; dob?: string } = {}) =>
      [email(name), 'Pat', `Person${run}`, extra.dob ?? '17-May-1990', extra.phone ?? '0400 000 000', '12', 'Arc Street', 'Newcastle', 'NSW', '2300', 'Australia', extra.listed ?? ''].join(',');
    const csv = applicantsCsv([row('pat'), row('pia', { listed: 'No' }), `${staff.email},Sam,Staff,,,,,,,,,`, `${email('bad')},Bo,Bad,1990-13-01,,,,,,,,`]);
    const first = await importFile('applicants', csv);
    expect(first).toMatchObject({ status: 'Finished', created: 2, updated: 0, unchanged: 0, refused: 2 });
    expect(first.refusedRows).toEqual([
      { rowNumber: 4, column: 'email', message: MIGRATION_MESSAGES.staffEmail },
      { rowNumber: 5, column: 'dateOfBirth', message: MIGRATION_MESSAGES.invalidDate('dateOfBirth') },
    ]);
    const [pia] = await usersWithEmails([email('pia')]);
    const [piaApplicant] = await db.select().from(applicants).where(eq(applicants.userId, pia!.id));
    expect(piaApplicant).toMatchObject({ listedInRegister: false, dateOfBirth: '1990-05-17', phone: '0400 000 000' });
    expect(piaApplicant!.homeAddress).toMatchObject({ city: 'Newcastle', postalCode: '2300' });
    expect((await db.select({ n: count() }).from(mails).where(inArray(mails.toEmail, [email('pat'), email('pia')])))[0]!.n).toBe(0);

    expect(await importFile('applicants', csv)).toMatchObject({ created: 0, updated: 0, unchanged: 2, refused: 2 });

    const corrected = await importFile('applicants', applicantsCsv([row('pat', { phone: '0411 111 111' })]));
    expect(corrected).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect((await post(`/api/migration/${corrected.id}/undo`, {}, 'admin')).statusCode).toBe(200);
    const [pat] = await usersWithEmails([email('pat')]);
    expect((await db.select().from(applicants).where(eq(applicants.userId, pat!.id)))[0]!.phone).toBe('0400 000 000');

    expect((await post(`/api/migration/${first.id}/undo`, {}, 'admin')).statusCode).toBe(409);
    // The undo of the correction changed Pat after the first import: its undo is refused, and nothing of it is removed.
    expect(await usersWithEmails([email('pat'), email('pia')])).toHaveLength(2);
    const [remaining] = await db.select({ n: count() }).from(users).where(and(inArray(users.email, [email('pat'), email('pia')]), eq(users.userType, 'applicant')));
    expect(remaining!.n).toBe(2);
  });

  it("keeps the importing body's membership of each person: created with them, changed by a corrected file, put back or removed by undo; another body's untouched", async () => {
    const db = t.database.db;
    const line = (name: string, membership: string[]) => [email(name), 'Mo', `Member${run}`, '', '', '', '', '', '', '', '', '', ...membership].join(',');
    const memberOf = async (name: string) => {
      const [user] = await usersWithEmails([email(name)]);
      const [applicant] = await db.select().from(applicants).where(eq(applicants.userId, user!.id));
      return db.select().from(accountMemberships).where(eq(accountMemberships.applicantId, applicant!.id));
    };
    const checked = await importFile(
      'applicants',
      applicantsCsv([line('mia', ['Gold', 'M-1', '']), line('mik', ['Individual', '', '']), line('mip', ['', 'M-3', '']), line('miq', ['Individual', 'M-4', '31-Feb-2027'])]),
      { dryRun: true },
    );
    expect(checked.refusedRows).toEqual([
      { rowNumber: 2, column: 'membershipType', message: APPLICANT_IMPORT_MESSAGES.invalidMembershipType },
      { rowNumber: 3, column: 'memberNumber', message: APPLICANT_IMPORT_MESSAGES.memberNumberRequired },
      { rowNumber: 4, column: 'membershipType', message: APPLICANT_IMPORT_MESSAGES.membershipTypeRequired },
      { rowNumber: 5, column: 'membershipEndsOn', message: MIGRATION_MESSAGES.invalidDate('membershipEndsOn') },
    ]);

    const first = await importFile('applicants', applicantsCsv([line('mel', ['Individual', 'M-100', '2027-06-30']), line('mo', [])]));
    expect(first).toMatchObject({ created: 2, refused: 0 });
    expect(await memberOf('mel')).toMatchObject([{ accountId: FIRST_ACCOUNT_ID, membershipType: 'individual', memberNumber: 'M-100', endsOn: '2027-06-30' }]);
    expect(await memberOf('mo')).toEqual([]);
    expect(await importFile('applicants', applicantsCsv([line('mel', ['individual', 'M-100', '30-Jun-2027'])]))).toMatchObject({ unchanged: 1 });

    // Another body's confirmation of Mel is theirs: an import here neither changes nor removes it.
    const [mel] = await usersWithEmails([email('mel')]);
    const [melApplicant] = await db.select().from(applicants).where(eq(applicants.userId, mel!.id));
    await db.insert(accountMemberships).values({ accountId: otherAccountId, applicantId: melApplicant!.id, membershipType: 'individual', memberNumber: 'NZ-9' });
    const renewed = await importFile('applicants', applicantsCsv([line('mel', ['Individual', 'M-100', '2028-06-30'])]));
    expect(renewed).toMatchObject({ updated: 1 });
    expect((await memberOf('mel')).map((m) => [m.memberNumber, m.endsOn]).sort()).toEqual([
      ['M-100', '2028-06-30'],
      ['NZ-9', null],
    ]);
    const renewalUndone = await post(`/api/migration/${renewed.id}/undo`, {}, 'admin');
    expect(renewalUndone.statusCode, renewalUndone.body).toBe(200);
    expect((await memberOf('mel')).find((m) => m.accountId === FIRST_ACCOUNT_ID)).toMatchObject({ memberNumber: 'M-100', endsOn: '2027-06-30' });
    await db.delete(accountMemberships).where(and(eq(accountMemberships.applicantId, melApplicant!.id), eq(accountMemberships.accountId, otherAccountId)));

    // The whole first import undone: its people go, and their memberships with them.
    const undone = await post(`/api/migration/${first.id}/undo`, {}, 'admin');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await usersWithEmails([email('mel'), email('mo')])).toEqual([]);
    expect((await db.select({ n: count() }).from(accountMemberships).where(eq(accountMemberships.applicantId, melApplicant!.id)))[0]!.n).toBe(0);
  });
});
