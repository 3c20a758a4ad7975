import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfessionalDevelopment } from '@certs/shared/applicant/applicant.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { addDays } from '@certs/shared/exam-schedule/exam-schedule-time';
import { dayInTimeZone } from '@certs/shared/common/dates';
import { CPD_FILE, CPD_MESSAGES } from '@certs/shared/migration/kinds/cpd';
import { RESULTS_FILE, RESULTS_MESSAGES } from '@certs/shared/migration/kinds/results';
import { AWARD_MIGRATION_COLUMNS, MIGRATION_MESSAGES, type MigrationImport } from '@certs/shared/migration/migration.contract';
import { RESIT_MESSAGES, type ResitApplicationView } from '@certs/shared/resit/resit.contract';
import { REVIEW_MESSAGES, type ReviewState } from '@certs/shared/review/review.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicantProfessionalDevelopment } from '../../db/schema/applicant-profile';
import { applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { awards } from '../../db/schema/award';
import { migrationImports } from '../../db/schema/migration';
import { programModules, programs } from '../../db/schema/program';
import { resitModules } from '../../db/schema/resit';
import { MigrationRepository } from './migration.repository';
import { MigrationService } from './migration.service';

let t: TestApp;
/** A service of its own with two rows a chunk, so a few rows span several chunks (and transactions). */
let service: MigrationService;
const jwt: Record<string, string> = {};
/** One run's marker: emails and program codes stay unique on a shared test database. */
const run = randomBytes(3).toString('hex').toUpperCase();
let qualProgram: { id: string; programCode: string };
let certProgram: { id: string; programCode: string };
let otherProgram: { id: string; programCode: string };
/** Another body's applicant: applied only to the other account's program. */
let foreign: CreatedUser;
/** The account's day (Sydney, the first account's zone). */
const today = dayInTimeZone(new Date(), 'Australia/Sydney');

const post = (url: string, payload: object, who: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(jwt[who]!) });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt[who]!) });
const email = (name: string) => `${name}.${run.toLowerCase()}@example.test`;
const undo = (id: string, who = 'admin') => post(`/api/migration/${id}/undo`, {}, who);

type CpdCells = Partial<Record<(typeof CPD_FILE.columns)[number], string>>;
const cpdLine = (cells: CpdCells) => {
  const values: CpdCells = { provider: 'Weld Australia', developmentType: 'Course', startDate: '2023-08-14', hours: '7.5', ...cells };
  return CPD_FILE.columns.map((column) => values[column] ?? '').join(',');
};
type ResultCells = Partial<Record<(typeof RESULTS_FILE.columns)[number], string>>;
const resultLine = (cells: ResultCells) => {
  const values: ResultCells = { programCode: qualProgram.programCode, moduleCode: 'M1', result: 'Fail', ...cells };
  return RESULTS_FILE.columns.map((column) => values[column] ?? '').join(',');
};
const csvOf = (columns: readonly string[], lines: string[]) => [columns.join(','), ...lines].join('\n');

/** Starts an import as `who` and runs the job's pass, as the app's job would. */
async function importFile(kind: 'cpd' | 'results' | 'awards', csvContent: string, options: { dryRun?: boolean; who?: string } = {}): Promise<MigrationImport> {
  const who = options.who ?? 'admin';
  const started = await post(`/api/migration/${kind}`, { fileName: `${kind}.csv`, csvContent, dryRun: options.dryRun ?? false }, who);
  expect(started.statusCode, started.body).toBe(202);
  const { id } = started.json<{ id: string }>();
  await service.runPending();
  return (await get(`/api/migration/${id}`, who)).json<MigrationImport>();
}

/** A person already on the platform, signed in as `name`. */
async function holder(name: string): Promise<CreatedUser> {
  const user = await createUser(t.database.db, { role: ROLES.Applicant, email: email(name), firstName: name, lastName: `Holder${run}` });
  jwt[name] = (await signIn(t.app, user)).jwt;
  return user;
}

async function cpdOf(applicantId: string) {
  return t.database.db.select().from(applicantProfessionalDevelopment).where(eq(applicantProfessionalDevelopment.applicantId, applicantId));
}

async function applicationsOf(applicantId: string) {
  return t.database.db.select().from(applications).where(eq(applications.applicantId, applicantId));
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  service = new MigrationService(new MigrationRepository(db), {}, { defaultPattern: 'WCB-{YYYY}-{N}', log: { warn: () => undefined }, chunkRows: 2 });
  const admin = await createUser(db, { role: ROLES.AccountAdministrator });
  const applicant = await createUser(db, { role: ROLES.Applicant });
  await createUser(db, { role: ROLES.User, email: email('staff') });
  const other = await createAccount(db, { name: `Other body ${run}` });
  const otherAdmin = await createUser(db, { role: ROLES.AccountAdministrator, accountId: other.id });
  qualProgram = await createProgram(db, { programManagerId: admin.id, status: 2, programType: 1, programCode: `LRQ-${run}`, programTitle: 'Welding Inspector' });
  await db.update(programs).set({ maxResitsPerModule: 2, reviewWindowDays: 30 }).where(eq(programs.id, qualProgram.id));
  await db.insert(programModules).values([
    {
      programId: qualProgram.id,
      moduleCode: 'M1',
      moduleTitle: 'Welding theory',
      examinationType: 'Online',
      memberFeeCents: 10000,
      nonMemberFeeCents: 12000,
      passPercentage: 50,
      sortOrder: 1,
      reSitAllowed: true,
      reviewAllowed: true,
      reSitMemberFeeCents: 9000,
      reSitNonMemberFeeCents: 11000,
    },
    { programId: qualProgram.id, moduleCode: 'M2', moduleTitle: 'Practical inspection', examinationType: 'Practical', memberFeeCents: 10000, nonMemberFeeCents: 12000, passPercentage: 70, sortOrder: 2 },
  ]);
  certProgram = await createProgram(db, { programManagerId: admin.id, status: 2, programType: 2, programCode: `LRC-${run}` });
  otherProgram = await createProgram(db, { programManagerId: otherAdmin.id, status: 2, programType: 1, programCode: `LRO-${run}`, accountId: other.id });
  foreign = await createUser(db, { role: ROLES.Applicant, email: email('foreign') });
  await createApplicationWithModules(db, { applicantId: foreign.applicantId!, programId: otherProgram.id, programModuleIds: [] });
  for (const [name, user] of Object.entries({ admin, applicant, otherAdmin })) jwt[name] = (await signIn(t.app, user)).jwt;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('templates', () => {
  it('gives cpd and results their fixed header and an example row, to administrators only', async () => {
    for (const [kind, columns] of [
      ['cpd', CPD_FILE.columns],
      ['results', RESULTS_FILE.columns],
    ] as const) {
      const response = await get(`/api/migration/templates/${kind}`, 'admin');
      expect(response.statusCode).toBe(200);
      const [header, example] = response.body.replace(/^\uFEFF/, '').trim().split('\n');
      expect(header).toBe(columns.join(','));
      expect(example?.split(',')[0]).toBe('jane.welder@example.com');
      expect((await get(`/api/migration/templates/${kind}`, 'applicant')).statusCode).toBe(403);
    }
  });
});

describe('cpd', () => {
  it('refuses each bad row with its row and column, and a dry run changes nothing', async () => {
    const casey = await holder('casey');
    const csv = csvOf(CPD_FILE.columns, [
      cpdLine({ email: email('casey') }),
      cpdLine({ email: email('nobody') }),
      cpdLine({ email: email('casey'), provider: 'TAFE', hours: '0.25' }),
      cpdLine({ email: email('casey'), provider: 'TAFE', hours: 'ten' }),
      cpdLine({ email: email('casey'), provider: 'TAFE', hours: '7.55' }),
      cpdLine({ email: email('casey'), provider: 'TAFE', developmentType: 'Holiday' }),
      cpdLine({ email: email('casey'), provider: 'TAFE', startDate: '31/12/2022' }),
      cpdLine({ email: email('casey'), provider: 'TAFE', startDate: addDays(today, 2) }),
      cpdLine({ email: email('staff') }),
      cpdLine({ email: email('foreign') }),
      cpdLine({ email: email('casey') }),
    ]);
    const dry = await importFile('cpd', csv, { dryRun: true });
    expect(dry.status).toBe('Finished');
    expect(dry.refusedRows).toEqual([
      { rowNumber: 3, column: 'email', message: CPD_MESSAGES.unknownPerson },
      { rowNumber: 4, column: 'hours', message: CPD_MESSAGES.invalidHours },
      { rowNumber: 5, column: 'hours', message: CPD_MESSAGES.invalidHours },
      { rowNumber: 6, column: 'hours', message: CPD_MESSAGES.invalidHours },
      { rowNumber: 7, column: 'developmentType', message: CPD_MESSAGES.invalidType },
      { rowNumber: 8, column: 'startDate', message: MIGRATION_MESSAGES.invalidDate('startDate') },
      { rowNumber: 9, column: 'startDate', message: CPD_MESSAGES.startInFuture },
      { rowNumber: 10, column: 'email', message: MIGRATION_MESSAGES.staffEmail },
      { rowNumber: 11, column: 'email', message: CPD_MESSAGES.notOfAccount },
      { rowNumber: 12, column: 'provider', message: MIGRATION_MESSAGES.duplicateInFile('entry', 2) },
    ]);
    expect(CPD_MESSAGES.unknownPerson).toContain('import them in the applicants file first');
    expect({ created: dry.created, refused: dry.refused }).toEqual({ created: 1, refused: 10 });
    expect(await cpdOf(casey.applicantId!)).toEqual([]);
    expect((await undo(dry.id)).statusCode).toBe(409);
  });

  it('lists imported entries where the holder and staff see CPD; the same file again is unchanged; undo removes them', async () => {
    const dana = await holder('dana');
    const csv = csvOf(CPD_FILE.columns, [
      cpdLine({ email: email('dana'), provider: 'Weld Australia', developmentType: 'course', startDate: '14-AUG-2023', hours: '7.5' }),
      cpdLine({ email: email('DANA'), provider: 'Welding Conference', developmentType: 'Conference', startDate: '2024-05-02', hours: '16.00' }),
      cpdLine({ email: email('dana'), provider: 'Self', developmentType: 'Self-study', startDate: '2024-06-01', hours: '2000' }),
    ]);
    const applied = await importFile('cpd', csv);
    expect({ status: applied.status, created: applied.created, refused: applied.refused }).toEqual({ status: 'Finished', created: 3, refused: 0 });
    const expected = [
      { provider: 'Self', PersonalDevelopmentType: 'Self-study', startDate: '2024-06-01', numOfHours: 2000 },
      { provider: 'Weld Australia', PersonalDevelopmentType: 'Course', startDate: '2023-08-14', numOfHours: 7.5 },
      { provider: 'Welding Conference', PersonalDevelopmentType: 'Conference', startDate: '2024-05-02', numOfHours: 16 },
    ];
    const shown = (list: ProfessionalDevelopment[]) =>
      list.map(({ provider, PersonalDevelopmentType, startDate, numOfHours }) => ({ provider, PersonalDevelopmentType, startDate, numOfHours })).sort((a, b) => a.provider.localeCompare(b.provider));
    const url = `/api/applicantprofessionaldevelopment/byapplicant/${dana.applicantId}`;
    const own = await get(url, 'dana');
    expect(own.statusCode).toBe(200);
    expect(shown(own.json<ProfessionalDevelopment[]>())).toEqual(expected);
    const staffView = await get(url, 'admin');
    expect(staffView.statusCode).toBe(200);
    expect(shown(staffView.json<ProfessionalDevelopment[]>())).toEqual(expected);

    const again = await importFile('cpd', csv);
    expect({ created: again.created, unchanged: again.unchanged, refused: again.refused }).toEqual({ created: 0, unchanged: 3, refused: 0 });
    expect(await cpdOf(dana.applicantId!)).toHaveLength(3);
    // An entry the holder typed in themselves is the same entry: unchanged, and undo leaves it.
    const typed = await post('/api/applicantprofessionaldevelopment', { provider: 'TAFE NSW', numOfHours: 4, PersonalDevelopmentType: 'Workshop', startDate: '2024-02-02' }, 'dana');
    expect(typed.statusCode).toBe(201);
    const withTyped = await importFile('cpd', csvOf(CPD_FILE.columns, [cpdLine({ email: email('dana'), provider: 'tafe nsw', developmentType: 'Workshop', startDate: '2024-02-02', hours: '4.0' })]));
    expect(withTyped.unchanged).toBe(1);
    expect((await undo(withTyped.id)).statusCode).toBe(200);
    expect((await undo(again.id)).statusCode).toBe(200);
    expect(await cpdOf(dana.applicantId!)).toHaveLength(4);

    const undone = await undo(applied.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<MigrationImport>().status).toBe('Undone');
    expect((await cpdOf(dana.applicantId!)).map((entry) => entry.provider)).toEqual(['TAFE NSW']);
  });

  it('refuses to undo once the holder has edited an imported entry (409), and changes nothing', async () => {
    const eli = await holder('eli');
    const applied = await importFile('cpd', csvOf(CPD_FILE.columns, [cpdLine({ email: email('eli'), provider: 'A' }), cpdLine({ email: email('eli'), provider: 'B' })]));
    expect(applied.created).toBe(2);
    const [first] = (await cpdOf(eli.applicantId!)).filter((entry) => entry.provider === 'A');
    const edited = await post(`/api/applicantprofessionaldevelopment/update/${first!.id}`, { provider: 'A', numOfHours: 8, PersonalDevelopmentType: 'Course', startDate: '2023-08-14' }, 'eli');
    expect(edited.statusCode).toBe(200);
    const refused = await undo(applied.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.touched(2, 'CPD entry'));
    expect(await cpdOf(eli.applicantId!)).toHaveLength(2);
    expect((await get(`/api/migration/${applied.id}`, 'admin')).json<MigrationImport>().status).toBe('Finished');
  });

  it("is another account's import: its administrator gets 404; an applicant may not import (403)", async () => {
    const csv = csvOf(CPD_FILE.columns, [cpdLine({ email: email('nobody') })]);
    const mine = await importFile('cpd', csv, { dryRun: true });
    expect((await get(`/api/migration/${mine.id}`, 'otherAdmin')).statusCode).toBe(404);
    expect((await undo(mine.id, 'otherAdmin')).statusCode).toBe(404);
    expect((await post('/api/migration/cpd', { fileName: 'cpd.csv', csvContent: csv }, 'applicant')).statusCode).toBe(403);
    expect((await post('/api/migration/results', { fileName: 'r.csv', csvContent: csvOf(RESULTS_FILE.columns, [resultLine({ email: email('nobody'), satOn: '2020-01-01' })]) }, 'applicant')).statusCode).toBe(403);
  });
});

describe('results', () => {
  it('refuses each bad row with its row and column, and a dry run changes nothing', async () => {
    const fay = await holder('fay');
    const csv = csvOf(RESULTS_FILE.columns, [
      resultLine({ email: email('fay'), satOn: '2019-03-07', mark: '40' }),
      resultLine({ email: email('nobody'), satOn: '2019-03-07' }),
      resultLine({ email: email('fay'), programCode: otherProgram.programCode, satOn: '2019-03-07' }),
      resultLine({ email: email('fay'), programCode: certProgram.programCode, satOn: '2019-03-07' }),
      resultLine({ email: email('fay'), moduleCode: 'M9', satOn: '2019-03-07' }),
      resultLine({ email: email('fay'), moduleCode: 'M2', satOn: '2019-03-07', result: 'Passed' }),
      resultLine({ email: email('fay'), moduleCode: 'M2', satOn: '2019-03-07', mark: '120' }),
      resultLine({ email: email('fay'), moduleCode: 'M2', satOn: '2019-03-07', result: 'Absent', mark: '10' }),
      resultLine({ email: email('fay'), moduleCode: 'M2', satOn: addDays(today, 3) }),
      resultLine({ email: email('fay'), satOn: '2018-01-01' }),
      resultLine({ email: email('fay'), moduleCode: 'M2', satOn: '2019-05-01', result: 'Pass' }),
      resultLine({ email: email('fay'), moduleCode: 'M2', satOn: '2019-09-01' }),
      resultLine({ email: email('staff'), satOn: '2019-03-07' }),
    ]);
    const dry = await importFile('results', csv, { dryRun: true });
    expect(dry.status).toBe('Finished');
    expect(dry.refusedRows).toEqual([
      { rowNumber: 3, column: 'email', message: RESULTS_MESSAGES.unknownPerson },
      { rowNumber: 4, column: 'programCode', message: MIGRATION_MESSAGES.unknownProgram(otherProgram.programCode) },
      { rowNumber: 5, column: 'programCode', message: RESULTS_MESSAGES.programWithoutModules(certProgram.programCode) },
      { rowNumber: 6, column: 'moduleCode', message: RESULTS_MESSAGES.unknownModule('M9', qualProgram.programCode) },
      { rowNumber: 7, column: 'result', message: RESULTS_MESSAGES.invalidResult },
      { rowNumber: 8, column: 'mark', message: RESULTS_MESSAGES.invalidMark },
      { rowNumber: 9, column: 'mark', message: RESULTS_MESSAGES.absentWithMark },
      { rowNumber: 10, column: 'satOn', message: RESULTS_MESSAGES.satInFuture },
      { rowNumber: 11, column: 'satOn', message: RESULTS_MESSAGES.outOfOrder(2) },
      { rowNumber: 13, column: 'moduleCode', message: RESULTS_MESSAGES.passedInFile(12) },
      { rowNumber: 14, column: 'email', message: MIGRATION_MESSAGES.staffEmail },
    ]);
    expect({ created: dry.created, refused: dry.refused }).toEqual({ created: 2, refused: 11 });
    expect(await applicationsOf(fay.applicantId!)).toEqual([]);
  });

  it('a failed module makes a Failed application: the holder may re-sit it, the cap counts the imported re-sits, the review window counts from the last sitting', async () => {
    const gus = await holder('gus');
    const hana = await holder('hana');
    const recent = addDays(today, -3);
    const csv = csvOf(RESULTS_FILE.columns, [
      resultLine({ email: email('gus'), moduleCode: 'M1', satOn: '2019-03-07', result: 'Fail', mark: '40' }),
      resultLine({ email: email('gus'), moduleCode: 'M2', satOn: '2019-03-08', result: 'Pass', mark: '75.5' }),
      resultLine({ email: email('gus'), moduleCode: 'M1', satOn: '07-Sep-2019', result: 'Absent' }),
      // Hana failed M1 three times: the first sitting and the two re-sits the program allows.
      resultLine({ email: email('hana'), moduleCode: 'M1', satOn: '2024-01-10', result: 'Fail', mark: '30' }),
      resultLine({ email: email('hana'), moduleCode: 'M1', satOn: '2024-06-10', result: 'Fail', mark: '35' }),
      resultLine({ email: email('hana'), moduleCode: 'M1', satOn: recent, result: 'Fail', mark: '45' }),
    ]);
    const applied = await importFile('results', csv);
    expect({ status: applied.status, created: applied.created, refused: applied.refused }, JSON.stringify(applied.refusedRows)).toEqual({ status: 'Finished', created: 6, refused: 0 });

    const [gusApplication] = await applicationsOf(gus.applicantId!);
    expect(gusApplication).toMatchObject({ status: 'Failed', overallResult: 'Failed', programId: qualProgram.id });
    expect(gusApplication!.applicationNumber).toMatch(/^Q-IMP-R-/);
    const gusView = await get(`/api/qualificationapplicationresitmodule/resitModules?applicationId=${gusApplication!.id}`, 'gus');
    expect(gusView.statusCode, gusView.body).toBe(200);
    const gusModules = gusView.json<ResitApplicationView>().modules;
    expect(gusModules.map((m) => ({ code: m.moduleCode, first: m.firstResult, current: m.currentResult, taken: m.resitsTaken, why: m.cannotApplyBecause }))).toEqual([
      { code: 'M1', first: 'Fail', current: 'Absent', taken: 1, why: null },
      { code: 'M2', first: 'Pass', current: 'Pass', taken: 0, why: RESIT_MESSAGES.notAllowed },
    ]);
    // Sat in 2019: the review window (30 days from the last sitting) is long closed.
    const gusReview = (await get(`/api/qualificationapplication/${gusApplication!.id}/review`, 'gus')).json<ReviewState>();
    expect(gusReview.cannotAskBecause).toBe(REVIEW_MESSAGES.windowClosed('07-Oct-2019'));

    const [hanaApplication] = await applicationsOf(hana.applicantId!);
    const hanaView = (await get(`/api/qualificationapplicationresitmodule/resitModules?applicationId=${hanaApplication!.id}`, 'hana')).json<ResitApplicationView>();
    expect(hanaView.modules[0]).toMatchObject({ moduleCode: 'M1', resitsTaken: 2, cannotApplyBecause: RESIT_MESSAGES.capReached(2) });
    // Her last sitting was three days ago: the review window is open.
    const hanaReview = (await get(`/api/qualificationapplication/${hanaApplication!.id}/review`, 'hana')).json<ReviewState>();
    expect(hanaReview.cannotAskBecause).toBeNull();
    // Another applicant does not see it (404), as with any application.
    expect((await get(`/api/qualificationapplicationresitmodule/resitModules?applicationId=${hanaApplication!.id}`, 'gus')).statusCode).toBe(404);

    const again = await importFile('results', csv);
    expect({ created: again.created, unchanged: again.unchanged, refused: again.refused }).toEqual({ created: 0, unchanged: 6, refused: 0 });
    const changed = await importFile('results', csvOf(RESULTS_FILE.columns, [resultLine({ email: email('gus'), moduleCode: 'M1', satOn: '2019-03-07', result: 'Fail', mark: '41' }), resultLine({ email: email('gus'), moduleCode: 'M1', satOn: '2019-05-01' })]));
    expect(changed.refusedRows).toEqual([
      { rowNumber: 2, column: 'result', message: RESULTS_MESSAGES.otherResult('07-Mar-2019', 'Fail 40%') },
      { rowNumber: 3, column: 'satOn', message: RESULTS_MESSAGES.laterSitting('07-Sep-2019') },
    ]);
    expect((await undo(again.id)).statusCode).toBe(200);

    // The holder asks for a review: the application moved on, so the import can no longer be undone.
    const asked = await post(`/api/qualificationapplication/${hanaApplication!.id}/review`, { reason: 'My last paper was marked harshly' }, 'hana');
    expect(asked.statusCode, asked.body).toBe(200);
    const refused = await undo(applied.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.touched(7, 'result'));
    expect(await t.database.db.select().from(resitModules).where(eq(resitModules.applicationId, hanaApplication!.id))).toHaveLength(2);
    expect(await applicationsOf(gus.applicantId!)).toHaveLength(1);
  });

  it("hangs results on the holder's imported award's application without changing it; undo removes what it made", async () => {
    const ivy = await holder('ivy');
    const kit = await holder('kit');
    const number = `LR${run}-0001`;
    const awardLine = AWARD_MIGRATION_COLUMNS.map(
      (column) => ({ email: email('ivy'), firstName: 'ivy', lastName: `Holder${run}`, programCode: qualProgram.programCode, certificateNumber: number, awardedOn: '2021-05-01', status: 'Current' })[column as string] ?? '',
    ).join(',');
    const awardImport = await importFile('awards', csvOf(AWARD_MIGRATION_COLUMNS, [awardLine]));
    expect(awardImport.created).toBe(1);
    const [award] = await t.database.db.select().from(awards).where(eq(awards.certificateNumber, number));

    const applied = await importFile(
      'results',
      csvOf(RESULTS_FILE.columns, [
        resultLine({ email: email('ivy'), moduleCode: 'M1', satOn: '2020-11-01', result: 'Fail', mark: '45' }),
        resultLine({ email: email('ivy'), moduleCode: 'M1', satOn: '2021-02-01', result: 'Pass', mark: '71' }),
        resultLine({ email: email('ivy'), moduleCode: 'M2', satOn: '2021-02-02', result: 'Pass' }),
        resultLine({ email: email('kit'), moduleCode: 'M2', satOn: '2022-02-02', result: 'Pass', mark: '90' }),
      ]),
    );
    expect({ created: applied.created, refused: applied.refused }).toEqual({ created: 4, refused: 0 });
    const ivyApplications = await applicationsOf(ivy.applicantId!);
    expect(ivyApplications).toHaveLength(1);
    expect(ivyApplications[0]).toMatchObject({ id: award!.applicationId, status: 'Awarded', overallResult: 'Awarded' });
    const ivyModules = await t.database.db.select().from(applicationModules).where(eq(applicationModules.applicationId, award!.applicationId));
    expect(ivyModules.map((m) => m.result).sort()).toEqual(['Fail', 'Pass']);
    // Kit passed everything imported and has no award: the application waits at Examinations Stage for staff to record its result.
    const [kitApplication] = await applicationsOf(kit.applicantId!);
    expect(kitApplication).toMatchObject({ status: 'Examinations Stage', workflowStage: 'Exam Modules Evaluation Completed', overallResult: null });

    // The award's application now holds results: the award cannot be undone before them.
    expect((await undo(awardImport.id)).statusCode).toBe(409);
    const undone = await undo(applied.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await t.database.db.select().from(applicationModules).where(inArray(applicationModules.applicationId, [award!.applicationId, kitApplication!.id]))).toEqual([]);
    expect(await t.database.db.select().from(resitModules).where(eq(resitModules.applicationId, award!.applicationId))).toEqual([]);
    expect(await applicationsOf(kit.applicantId!)).toEqual([]);
    expect(await applicationsOf(ivy.applicantId!)).toMatchObject([{ id: award!.applicationId, status: 'Awarded' }]);
    expect((await undo(awardImport.id)).statusCode).toBe(200);
  });

  it('resumes an import whose worker stopped part way, without writing a sitting twice', async () => {
    const db = t.database.db;
    const lou = await holder('lou');
    const csv = csvOf(RESULTS_FILE.columns, [
      resultLine({ email: email('lou'), moduleCode: 'M1', satOn: '2020-01-01', result: 'Fail' }),
      resultLine({ email: email('lou'), moduleCode: 'M2', satOn: '2020-01-02', result: 'Fail' }),
      resultLine({ email: email('lou'), moduleCode: 'M1', satOn: '2020-06-01', result: 'Fail' }),
      resultLine({ email: email('lou'), moduleCode: 'M2', satOn: '2020-06-02', result: 'Pass' }),
      resultLine({ email: email('lou'), moduleCode: 'M1', satOn: '2020-12-01', result: 'Pass' }),
    ]);
    const { id } = (await post('/api/migration/results', { fileName: 'results.csv', csvContent: csv }, 'admin')).json<{ id: string }>();
    // A worker claims it, writes its first chunk (two rows) and dies; once silent past the limit, the next pass resumes it.
    expect((await new MigrationRepository(db).claimNext())?.id).toBe(id);
    await service.runClaimed(id, { stopAfterChunks: 1 });
    expect((await get(`/api/migration/${id}`, 'admin')).json<MigrationImport>()).toMatchObject({ status: 'Running', processedRows: 2, created: 2 });
    await db.update(migrationImports).set({ modifiedOn: sql`now() - interval '10 minutes'` }).where(eq(migrationImports.id, id));
    expect(await service.runPending()).toBe(1);
    expect((await get(`/api/migration/${id}`, 'admin')).json<MigrationImport>()).toMatchObject({ status: 'Finished', processedRows: 5, created: 5, refused: 0 });
    const [application] = await applicationsOf(lou.applicantId!);
    expect(await db.select({ result: applicationModules.result }).from(applicationModules).where(eq(applicationModules.applicationId, application!.id))).toHaveLength(2);
    const resits = await db.select({ attempt: resitModules.attempt, result: resitModules.result }).from(resitModules).where(eq(resitModules.applicationId, application!.id)).orderBy(asc(resitModules.result), asc(resitModules.attempt));
    expect(resits).toEqual([
      { attempt: 1, result: 'Fail' },
      { attempt: 1, result: 'Pass' },
      { attempt: 2, result: 'Pass' },
    ]);
    // Every module's latest sitting passed: no longer Failed, waiting for staff to record the result.
    expect(application).toMatchObject({ status: 'Examinations Stage', overallResult: null, resultRecordedOn: null });
  });
});
