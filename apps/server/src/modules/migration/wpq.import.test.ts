import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { expiryToday, subtractMonths } from '@certs/shared/award/award-expiry';
import { MIGRATION_MESSAGES, type MigrationImport } from '@certs/shared/migration/migration.contract';
import { WPQ_FILE, WPQ_FILE_MESSAGES } from '@certs/shared/migration/kinds/wpq';
import type { WpqValidity } from '@certs/shared/wpq/wpq-validity.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applications } from '../../db/schema/application';
import { awards, certificateNumberCounters } from '../../db/schema/award';
import { mails } from '../../db/schema/mail';
import { migrationImports } from '../../db/schema/migration';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { wpqRecords } from '../../db/schema/wpq';
import { wpqConfirmations, wpqValidityEnds, wpqValidityReminders } from '../../db/schema/wpq-validity';
import { insertAward } from '../credential/credential-test-awards';
import { textOfPdf } from '../pre-exam/pdf-text';
import { MigrationRepository } from './migration.repository';
import { MigrationService } from './migration.service';

let t: TestApp;
/** Two rows a chunk, so a few rows span several chunks (as a large file does). */
let service: MigrationService;
const jwt: Record<string, string> = {};
const run = randomBytes(3).toString('hex').toUpperCase();
let wqProgram: { id: string; programCode: string };
let certProgram: { id: string; programCode: string };
let known: CreatedUser;
let takenNumber: string;

const today = () => expiryToday(new Date());
const daysAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const post = (url: string, payload: object, who: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(jwt[who]!) });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt[who]!) });
const email = (name: string) => `${name}.${run.toLowerCase()}@example.test`;
const number = (n: string) => `WQL${run}-${n}`;

type Cells = Partial<Record<(typeof WPQ_FILE.columns)[number], string>>;
/** A 135 plate butt weld of 10 mm in PF, 9.3 b), for a new holder unless the cells say otherwise. */
const line = (cells: Cells) => {
  const values: Cells = {
    firstName: 'Wade',
    lastName: `Welder${run}`,
    programCode: wqProgram.programCode,
    designation: 'ISO 9606-1 135 P BW FM1 S s10 PF ss nb',
    validityOption: '9.3b',
    weldingProcess: '135',
    transferMode: 'short-circuit',
    productType: 'Plate',
    jointType: 'BW',
    testPieceThickness: '10',
    weldingPosition: 'PF',
    fillerMaterialGroup: 'FM1',
    fillerMaterialType: 'S',
    backingAndConsumableInsert: 'ss nb',
    layerTechnique: 'ml',
    employer: 'Hunter Fabrication',
    examiner: 'Erin Examiner',
    ...cells,
  };
  // Quoted: names and confirmations hold commas.
  return WPQ_FILE.columns.map((column) => `"${values[column] ?? ''}"`).join(',');
};
const csv = (lines: string[]) => [WPQ_FILE.columns.join(','), ...lines].join('\n');

async function importFile(csvContent: string, options: { dryRun?: boolean; who?: string } = {}): Promise<MigrationImport> {
  const who = options.who ?? 'admin';
  const started = await post('/api/migration/wpq', { fileName: 'welders.csv', csvContent, dryRun: options.dryRun ?? false }, who);
  expect(started.statusCode).toBe(202);
  await service.runPending();
  return (await get(`/api/migration/${started.json<{ id: string }>().id}`, who)).json<MigrationImport>();
}

const recordOf = async (certificateNumber: string) => {
  const [row] = await t.database.db
    .select({ recordId: wpqRecords.id, awardId: awards.id, status: awards.status, awardType: awards.awardType, applicationId: awards.applicationId })
    .from(awards)
    .leftJoin(wpqRecords, eq(wpqRecords.awardId, awards.id))
    .where(eq(awards.certificateNumber, certificateNumber));
  return row;
};
const validityOf = async (recordId: string, who = 'admin') => (await get(`/api/wpq/${recordId}/validity`, who)).json<WpqValidity>();
const weldersDue = async (withinDays: number) =>
  (await post('/api/applicant/search/wpqrenewal', { withinDays, pageSize: 250 }, 'admin')).json<{ rows: { certificateNumber: string; due: string; dueOn: string; nextConfirmationDue: string | null }[] }>().rows;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  service = new MigrationService(new MigrationRepository(db), {}, { defaultPattern: 'WCB-{YYYY}-{N}', log: { warn: () => undefined }, chunkRows: 2 });
  const admin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Utilities'] });
  const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  await createUser(db, { role: ROLES.User, email: email('staff') });
  known = await createUser(db, { role: ROLES.Applicant, email: email('known'), firstName: 'Kim', lastName: `Known${run}` });
  const other = await createAccount(db, { name: `Other body ${run}` });
  const otherAdmin = await createUser(db, { role: ROLES.AccountAdministrator, accountId: other.id });
  wqProgram = await createProgram(db, { programManagerId: admin.id, status: 2, programType: 3, programCode: `WQI-${run}`, programTitle: 'Welder Qualification ISO 9606-1' });
  await completeProgram(db, wqProgram.id, 3, assessor.id);
  await db.update(programs).set({ numberPatternCheck: true, certificateNumPattern: `WQL${run}-{N}` }).where(eq(programs.id, wqProgram.id));
  certProgram = await createProgram(db, { programManagerId: admin.id, status: 2, programType: 2, programCode: `WQC-${run}` });
  takenNumber = (await insertAward(db, { applicantId: known.applicantId!, programId: certProgram.id, programType: 2, awardedOn: '2020-01-01', expiresOn: null, certificateNumber: number('TAKEN') })).certificateNumber;
  for (const [name, user] of Object.entries({ admin, otherAdmin })) jwt[name] = (await signIn(t.app, user)).jwt;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the wpq template', () => {
  it('has the fixed header and an example row the import takes', async () => {
    const response = await get('/api/migration/templates/wpq', 'admin');
    expect(response.statusCode).toBe(200);
    const [header, example] = response.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(header).toBe(WPQ_FILE.columns.join(','));
    expect(example).toContain('2024-09-02 employer Casey Coordinator, Welding coordinator; 2025-03-10 examiner Erin Examiner');
    const ownExample = `${header}\n${example!.replace('jane.welder@example.com', email('example')).replace('WQ-ISO9606', wqProgram.programCode).replace('WQ-2024-00417', number('EXAMPLE'))}`;
    const checked = await importFile(ownExample, { dryRun: true });
    expect(checked).toMatchObject({ status: 'Finished', created: 1, refused: 0 });
  });
});

describe('refusals', () => {
  it('names the row and column of each fault, and a dry run writes nothing', async () => {
    const file = csv([
      line({ email: email('ok'), certificateNumber: number('OK'), testDate: '2024-01-10' }),
      line({ email: email('baddate'), certificateNumber: number('BADDATE'), testDate: '2024-13-01' }),
      line({ email: email('badconf'), certificateNumber: number('BADCONF'), testDate: '2024-01-10', confirmations: '2024-06-01 boss Jane Smith' }),
      line({ email: email('unknown'), certificateNumber: number('UNKNOWN'), testDate: '2024-01-10', programCode: 'NO-SUCH-PROGRAM' }),
      line({ email: email('notwq'), certificateNumber: number('NOTWQ'), testDate: '2024-01-10', programCode: certProgram.programCode }),
      line({ email: email('taken'), certificateNumber: takenNumber, testDate: '2024-01-10' }),
      line({ email: email('staff'), certificateNumber: number('STAFF'), testDate: '2024-01-10' }),
      line({ email: email('pipe'), certificateNumber: number('PIPE'), testDate: '2024-01-10', productType: 'Pipe' }),
      line({ email: email('twice'), certificateNumber: number('TWICE'), testDate: '2024-01-10', confirmations: '2024-06-01 employer A Smith; 2024-06-20 examiner B Jones' }),
      line({ email: email('reva'), certificateNumber: number('REVA'), testDate: '2024-01-10', validityOption: '9.3a', revalidations: '2025-12-01' }),
    ]);
    const result = await importFile(file, { dryRun: true });
    expect(result).toMatchObject({ status: 'Finished', created: 1, refused: 9 });
    expect(result.refusedRows).toEqual([
      { rowNumber: 3, column: 'testDate', message: MIGRATION_MESSAGES.invalidDate('testDate') },
      { rowNumber: 4, column: 'confirmations', message: WPQ_FILE_MESSAGES.malformedConfirmation('2024-06-01 boss Jane Smith') },
      { rowNumber: 5, column: 'programCode', message: MIGRATION_MESSAGES.unknownProgram('NO-SUCH-PROGRAM') },
      { rowNumber: 6, column: 'programCode', message: WPQ_FILE_MESSAGES.notWelderProgram(certProgram.programCode) },
      { rowNumber: 7, column: 'certificateNumber', message: MIGRATION_MESSAGES.numberTaken(takenNumber) },
      { rowNumber: 8, column: 'email', message: MIGRATION_MESSAGES.staffEmail },
      { rowNumber: 9, column: 'pipeOD', message: expect.any(String) },
      { rowNumber: 10, column: 'confirmations', message: WPQ_FILE_MESSAGES.samePeriod('2024-06-01', '2024-06-20', '2024-07-10') },
      { rowNumber: 11, column: 'revalidations', message: WPQ_FILE_MESSAGES.revalidationNotB },
    ]);
    expect(await t.database.db.select().from(awards).where(eq(awards.certificateNumber, number('OK')))).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email('ok')))).toEqual([]);
  });
});

describe('importing welder qualification records', () => {
  // Current under 9.3 b): the first period confirmed, the second due in about 4 months.
  const currentTest = subtractMonths(today(), 8);
  // Its first confirmation falls due in 5 days: both of its reminders have passed.
  const dueSoonTest = subtractMonths(daysAfter(today(), 5), 6);
  // 9.3 a) tested two years ago and never confirmed: it ended on its first due day.
  const lapsedTest = subtractMonths(today(), 24);
  const file = () =>
    csv([
      line({
        email: email('new'),
        certificateNumber: number('CURRENT'),
        testDate: currentTest,
        confirmations: `${subtractMonths(today(), 3)} employer Casey Coordinator, Welding coordinator`,
      }),
      line({ email: email('new'), certificateNumber: number('DUESOON'), testDate: dueSoonTest, validityOption: '9.3c', designation: 'ISO 9606-1 135 P BW FM1 S s10 PF ss nb; ISO 9606-1 135 P FW FM1 S t10 PB ml' }),
      line({ email: email('known'), firstName: 'Kim', lastName: `Known${run}`, certificateNumber: number('LAPSED'), testDate: lapsedTest, validityOption: '9.3a' }),
    ]);
  let firstImport: MigrationImport;

  it('creates the records, their holders and history, with the validity the platform computes, on Welders due', async () => {
    firstImport = await importFile(file());
    expect(firstImport.error).toBeNull();
    expect(firstImport).toMatchObject({ status: 'Finished', created: 3, refused: 0 });

    const current = (await recordOf(number('CURRENT')))!;
    expect(current).toMatchObject({ status: 'current', awardType: 'Confirmation' });
    const validity = await validityOf(current.recordId!);
    expect(validity).toMatchObject({ isValid: true, option: '9.3b', testDate: currentTest, nextConfirmationDue: subtractMonths(today(), -4), validUntil: subtractMonths(currentTest, -24) });
    expect(validity.confirmations).toMatchObject([{ sequence: 1, confirmedBy: 'employer', confirmerName: 'Casey Coordinator', confirmerPosition: 'Welding coordinator' }]);
    const [application] = await t.database.db.select().from(applications).where(eq(applications.id, current.applicationId));
    expect(application).toMatchObject({ applicationNumber: `WQ-IMP-${number('CURRENT')}`, status: 'Awarded' });
    const [holder] = await t.database.db.select().from(users).where(eq(users.email, email('new')));
    expect(holder).toMatchObject({ firstName: 'Wade', lastName: `Welder${run}`, activatedOn: null });

    const dueSoon = (await recordOf(number('DUESOON')))!;
    expect(await validityOf(dueSoon.recordId!)).toMatchObject({ isValid: true, nextConfirmationDue: daysAfter(today(), 5) });
    const [stored] = await t.database.db.select().from(wpqRecords).where(eq(wpqRecords.id, dueSoon.recordId!));
    expect((stored!.rangeOfQualification as { designations: string[]; processes: string[] }).designations).toEqual(['ISO 9606-1 135 P BW FM1 S s10 PF ss nb', 'ISO 9606-1 135 P FW FM1 S t10 PB ml']);
    expect((stored!.rangeOfQualification as { processes: string[] }).processes).toContain('135');
    // The reminders whose day has come count as sent: the validity job mails nothing for them.
    const reminders = await t.database.db.select().from(wpqValidityReminders).where(eq(wpqValidityReminders.wpqRecordId, dueSoon.recordId!));
    expect(reminders.map((r) => `${r.recipient} ${r.kind} ${r.sentOn}`).sort()).toEqual([`employer 1-month ${today()}`, `employer 1-week ${today()}`, `welder 1-month ${today()}`, `welder 1-week ${today()}`]);

    const lapsed = (await recordOf(number('LAPSED')))!;
    expect(lapsed.status).toBe('expired');
    expect(await validityOf(lapsed.recordId!)).toMatchObject({ isValid: false, endedOn: subtractMonths(lapsedTest, -6) });
    expect(await t.database.db.select().from(wpqValidityEnds).where(eq(wpqValidityEnds.wpqRecordId, lapsed.recordId!))).toHaveLength(1);

    const due = await weldersDue(150);
    expect(due.filter((row) => row.certificateNumber.startsWith(`WQL${run}`)).map((row) => [row.certificateNumber, row.due, row.dueOn])).toEqual([
      [number('DUESOON'), 'confirmation', daysAfter(today(), 5)],
      [number('CURRENT'), 'confirmation', subtractMonths(today(), -4)],
    ]);
    // No one was mailed.
    expect(await t.database.db.select().from(mails).where(inArray(mails.toEmail, [email('new'), email('known')]))).toEqual([]);
  });

  it('finds every row unchanged the second time, and refuses the same number with other details', async () => {
    const second = await importFile(file());
    expect(second.refusedRows).toEqual([]);
    expect(second).toMatchObject({ status: 'Finished', created: 0, unchanged: 3, refused: 0 });
    const changed = await importFile(csv([line({ email: email('new'), certificateNumber: number('CURRENT'), testDate: currentTest })]));
    expect(changed.refusedRows).toEqual([{ rowNumber: 2, column: 'certificateNumber', message: WPQ_FILE_MESSAGES.otherDetails(number('CURRENT')) }]);
  });

  it("is unknown to another account's administrator", async () => {
    expect((await get(`/api/migration/${firstImport.id}`, 'otherAdmin')).statusCode).toBe(404);
    expect((await post(`/api/migration/${firstImport.id}/undo`, {}, 'otherAdmin')).statusCode).toBe(404);
  });

  it('is refused undo once a record was confirmed here, and undoes an untouched import whole', async () => {
    const touchedFile = csv([
      line({ email: email('touched'), certificateNumber: number('TOUCHED'), testDate: currentTest, examiner: 'Otto Oldsystem', confirmations: `${subtractMonths(today(), 3)} examiner Erin Examiner` }),
    ]);
    const touchedImport = await importFile(touchedFile);
    const touched = (await recordOf(number('TOUCHED')))!;
    // The imported record takes the next confirmation as any record does.
    const confirmed = await post(`/api/wpq/${touched.recordId}/confirmation`, { confirmerName: 'Erin Examiner', confirmerPosition: 'Examiner', confirmedOn: today(), evidenceNote: '', evidenceAttachmentIds: [] }, 'admin');
    expect(confirmed.statusCode).toBe(201);
    // Its ISO 9606-1 certificate draws the designation as issued, the engine's range, the examiner as issued and both confirmations.
    const certificate = await get(`/api/award/${touched.awardId}/certificate`, 'admin');
    expect(certificate.statusCode).toBe(200);
    const text = (await textOfPdf(certificate.rawPayload)).join('\n');
    for (const printed of [number('TOUCHED'), 'ISO 9606-1 135 P BW FM1 S s10 PF ss nb', '135, 138', '3 mm to 20 mm', 'Erin Examiner']) expect(text).toContain(printed);
    expect(text).toMatch(/Examiner's name\s*Otto Oldsystem/);
    const refused = await post(`/api/migration/${touchedImport.id}/undo`, {}, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MIGRATION_MESSAGES.touched(2, 'welder qualification record'));
    expect(await t.database.db.select().from(wpqConfirmations).where(eq(wpqConfirmations.wpqRecordId, touched.recordId!))).toHaveLength(2);

    const undone = await post(`/api/migration/${firstImport.id}/undo`, {}, 'admin');
    expect(undone.statusCode).toBe(200);
    expect(undone.json<MigrationImport>().status).toBe('Undone');
    for (const n of ['CURRENT', 'DUESOON', 'LAPSED']) expect(await recordOf(number(n))).toBeUndefined();
    // The holder the import created is gone; the one it found stays.
    expect(await t.database.db.select().from(users).where(eq(users.email, email('new')))).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email('known')))).toHaveLength(1);
  });
});

describe('a large import stopped midway', () => {
  it('resumes after the last whole chunk, writes no record twice, creates a holder named on both sides of a chunk once, and moves the counter', async () => {
    const db = t.database.db;
    const testDate = subtractMonths(today(), 2);
    const file = csv([
      line({ email: email('resume'), certificateNumber: number('00040'), testDate }),
      line({ email: email('other'), certificateNumber: number('00041'), testDate }),
      line({ email: email('resume'), certificateNumber: number('00042'), testDate }),
    ]);
    const { id } = (await post('/api/migration/wpq', { fileName: 'welders.csv', csvContent: file }, 'admin')).json<{ id: string }>();
    // A worker claims it, writes its first chunk (two rows) and dies; once silent past the limit, the next pass resumes it.
    expect((await new MigrationRepository(db).claimNext())?.id).toBe(id);
    await service.runClaimed(id, { stopAfterChunks: 1 });
    expect((await get(`/api/migration/${id}`, 'admin')).json<MigrationImport>()).toMatchObject({ status: 'Running', processedRows: 2, created: 2 });
    await db.update(migrationImports).set({ modifiedOn: sql`now() - interval '10 minutes'` }).where(eq(migrationImports.id, id));
    await service.runPending();
    expect((await get(`/api/migration/${id}`, 'admin')).json<MigrationImport>()).toMatchObject({ status: 'Finished', processedRows: 3, created: 3, refused: 0 });
    const holders = await db.select({ applicantId: applicants.id }).from(users).innerJoin(applicants, eq(applicants.userId, users.id)).where(eq(users.email, email('resume')));
    expect(holders).toHaveLength(1);
    expect(await db.select().from(wpqRecords).where(eq(wpqRecords.applicantId, holders[0]!.applicantId))).toHaveLength(2);
    const [counter] = await db.select().from(certificateNumberCounters).where(eq(certificateNumberCounters.series, wqProgram.id));
    expect(counter?.lastNumber).toBe(42);
  });
});

describe('revalidations (9.3 b)', () => {
  it('keeps each revalidation made in the last 6 months of validity, extending it 2 years, and refuses one outside them', async () => {
    const testDate = subtractMonths(today(), 26);
    const month = (n: number) => subtractMonths(testDate, -n);
    const confirmations = [5, 11, 17, 23].map((n) => `${month(n)} employer Casey Coordinator, Welding coordinator`).join('; ');
    const result = await importFile(
      csv([
        line({ email: email('reva'), certificateNumber: number('REVALIDATED'), testDate, confirmations, revalidations: month(22) }),
        line({ email: email('reva'), certificateNumber: number('TOOEARLY'), testDate, confirmations, revalidations: month(10) }),
      ]),
    );
    expect(result.refusedRows).toEqual([{ rowNumber: 3, column: 'revalidations', message: WPQ_FILE_MESSAGES.revalidationOutsideWindow(month(10), month(18), month(24)) }]);
    const record = (await recordOf(number('REVALIDATED')))!;
    expect(record.awardType).toBe('Confirmation');
    const validity = await validityOf(record.recordId!);
    expect(validity).toMatchObject({ isValid: true, validUntil: month(48), nextConfirmationDue: month(30) });
    expect(validity.revalidations).toMatchObject([{ status: 'approved', revalidatedOn: month(22), validUntilBefore: month(24), validUntilAfter: month(48) }]);
    expect(validity.confirmations.map((c) => c.sequence)).toEqual([1, 2, 3, 4]);
  });
});
