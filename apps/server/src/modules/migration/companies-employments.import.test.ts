import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { gs1CheckDigit, isValidAbn } from '@certs/shared/company/business-number';
import { COMPANY_MESSAGES } from '@certs/shared/company/company.contract';
import { APPLICANT_MIGRATION_COLUMNS, MIGRATION_MESSAGES, type MigrationImport, type MigrationPage } from '@certs/shared/migration/migration.contract';
import { COMPANIES_FILE, COMPANY_IMPORT_MESSAGES } from '@certs/shared/migration/kinds/companies';
import { EMPLOYMENTS_FILE, EMPLOYMENT_IMPORT_MESSAGES } from '@certs/shared/migration/kinds/employments';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicantExperience } from '../../db/schema/applicant-profile';
import { companies } from '../../db/schema/company';
import { accountMemberships } from '../../db/schema/membership';
import { applicants, users } from '../../db/schema/user';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { MigrationRepository } from './migration.repository';
import { MigrationService } from './migration.service';

let t: TestApp;
/** A service of its own with two rows a chunk, so a few rows span several chunks (and several transactions). */
let service: MigrationService;
const jwt: Record<string, string> = {};
/** One run's marker: names and emails stay unique on a shared test database. */
const run = randomBytes(3).toString('hex').toUpperCase();
let staff: CreatedUser;
let welder: CreatedUser;
let otherAccountId: string;

const post = (url: string, payload: object, who: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(jwt[who]!) });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt[who]!) });
const email = (name: string) => `${name}.${run.toLowerCase()}@example.test`;
const companyName = (name: string) => `${name} ${run} Pty Ltd`;

/** A fresh ABN with valid check digits: the first two digits are chosen to make the ATO sum divisible by 89. */
function newAbn(): string {
  const rest = Array.from({ length: 9 }, () => randomInt(10)).join('');
  for (let first = 10; first <= 99; first++) if (isValidAbn(`${first}${rest}`)) return `${first}${rest}`;
  throw new Error('no ABN');
}
function newNzbn(): string {
  const body = `94${Array.from({ length: 10 }, () => randomInt(10)).join('')}`;
  return `${body}${gs1CheckDigit(body)}`;
}
/** The same ABN with its last digit moved: the check digits no longer hold. */
const spoilt = (abn: string) => `${abn.slice(0, 10)}${(Number(abn[10]) + 1) % 10}`;

type CompanyCells = Partial<Record<(typeof COMPANIES_FILE.columns)[number], string>>;
const companyLine = (cells: CompanyCells) => {
  const values: CompanyCells = { city: 'Newcastle', state: 'NSW', postalCode: '2300', contactEmail: 'welding@example.test', ...cells };
  return COMPANIES_FILE.columns.map((column) => values[column] ?? '').join(',');
};
const companiesCsv = (lines: string[]) => [COMPANIES_FILE.columns.join(','), ...lines].join('\n');
type EmploymentCells = Partial<Record<(typeof EMPLOYMENTS_FILE.columns)[number], string>>;
const employmentLine = (cells: EmploymentCells) => EMPLOYMENTS_FILE.columns.map((column) => cells[column] ?? '').join(',');
const employmentsCsv = (lines: string[]) => [EMPLOYMENTS_FILE.columns.join(','), ...lines].join('\n');

/** Starts an import as `who` and runs the job's pass, as the app's job would. */
async function importFile(kind: 'companies' | 'employments' | 'applicants', csvContent: string, options: { dryRun?: boolean; who?: string } = {}): Promise<MigrationImport> {
  const who = options.who ?? 'admin';
  const started = await post(`/api/migration/${kind}`, { fileName: `${kind}.csv`, csvContent, dryRun: options.dryRun ?? false }, who);
  expect(started.statusCode).toBe(202);
  const { id } = started.json<{ id: string }>();
  await service.runPending();
  return (await get(`/api/migration/${id}`, who)).json<MigrationImport>();
}

const undo = (id: string, who = 'admin') => post(`/api/migration/${id}/undo`, {}, who);

async function companiesNamed(...names: string[]) {
  return t.database.db.select().from(companies).where(inArray(companies.name, names));
}
async function membershipOf(companyId: string, accountId = FIRST_ACCOUNT_ID) {
  const [row] = await t.database.db
    .select()
    .from(accountMemberships)
    .where(and(eq(accountMemberships.companyId, companyId), eq(accountMemberships.accountId, accountId)));
  return row;
}
async function insertCompany(values: Partial<typeof companies.$inferInsert> & { name: string }) {
  const [row] = await t.database.db
    .insert(companies)
    .values({ contactEmail: 'office@example.test', ...values })
    .returning();
  return row!;
}
async function applicantOf(userId: string) {
  const [row] = await t.database.db.select().from(applicants).where(eq(applicants.userId, userId));
  return row!;
}
async function jobsOf(applicantId: string) {
  return t.database.db.select().from(applicantExperience).where(eq(applicantExperience.applicantId, applicantId)).orderBy(applicantExperience.startDate);
}
/** What staff or the person do after the import: a change stamped later than it. */
const later = sql`now() + interval '1 second'`;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  service = new MigrationService(new MigrationRepository(db), {}, { defaultPattern: 'WCB-{YYYY}-{N}', log: { warn: () => undefined }, chunkRows: 2 });
  const admin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Users'] });
  const applicant = await createUser(db, { role: ROLES.Applicant });
  staff = await createUser(db, { role: ROLES.User, email: email('staff') });
  welder = await createUser(db, { role: ROLES.Applicant, email: email('welder'), firstName: 'Wes', lastName: `Welder${run}` });
  const other = await createAccount(db, { name: `Other body ${run}` });
  otherAccountId = other.id;
  const otherAdmin = await createUser(db, { role: ROLES.AccountAdministrator, accountId: other.id });
  for (const [name, user] of Object.entries({ admin, applicant, otherAdmin })) jwt[name] = (await signIn(t.app, user)).jwt;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('templates', () => {
  it('give the companies and employments files their fixed headers and an example row', async () => {
    for (const [kind, file, first] of [
      ['companies', COMPANIES_FILE, 'Hunter Fabrication Pty Ltd'],
      ['employments', EMPLOYMENTS_FILE, 'jane.welder@example.com'],
    ] as const) {
      const response = await get(`/api/migration/templates/${kind}`, 'admin');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const [header, example] = response.body.replace(/^\uFEFF/, '').trim().split('\n');
      expect(header).toBe(file.columns.join(','));
      expect(example?.split(',')[0]).toBe(first);
    }
    // The template's example row is itself a good row.
    const template = (await get('/api/migration/templates/companies', 'admin')).body;
    const checked = await importFile('companies', template.replace(/^\uFEFF/, ''), { dryRun: true });
    expect(checked.refusedRows).toEqual([]);
  });
});

describe('who may import companies and employments', () => {
  it('refuses an applicant (403); another account\'s administrator does not see the import (404) nor list it', async () => {
    const csvContent = companiesCsv([companyLine({ name: companyName('Private') })]);
    expect((await post('/api/migration/companies', { fileName: 'c.csv', csvContent, dryRun: true }, 'applicant')).statusCode).toBe(403);
    expect((await get('/api/migration/templates/employments', 'applicant')).statusCode).toBe(403);
    const mine = await importFile('companies', csvContent, { dryRun: true });
    expect(mine.status).toBe('Finished');
    expect((await get(`/api/migration/${mine.id}`, 'applicant')).statusCode).toBe(403);
    expect((await get(`/api/migration/${mine.id}`, 'otherAdmin')).statusCode).toBe(404);
    expect((await undo(mine.id, 'otherAdmin')).statusCode).toBe(404);
    const theirs = (await get('/api/migration?pageSize=250', 'otherAdmin')).json<MigrationPage>();
    expect(theirs.rows.map((row) => row.id)).not.toContain(mine.id);
  });
});

describe('companies', () => {
  it('dry run: refuses each bad row with its column and the company form\'s message, and changes nothing', async () => {
    const abn = newAbn();
    const csv = companiesCsv([
      companyLine({ name: companyName('Dry Good'), businessNumber: abn, corporateMemberNumber: 'CM-1' }),
      companyLine({ name: companyName('Dry Bad ABN'), businessNumber: spoilt(newAbn()) }),
      companyLine({ name: companyName('Dry Bad NZBN'), businessNumber: '9429041234567' }),
      companyLine({ name: companyName('Dry Bad Email'), contactEmail: 'not-an-email' }),
      companyLine({ name: companyName('Dry Dates'), membershipStartsOn: '2024-01-01' }),
      companyLine({ name: companyName('Dry Order'), corporateMemberNumber: 'CM-2', membershipStartsOn: '2024-01-01', membershipEndsOn: '31-Dec-2023' }),
      companyLine({ name: companyName('Dry Again'), businessNumber: abn.replace(/^(\d\d)(\d{3})/, '$1 $2 ') }),
      companyLine({ name: companyName('Dry Active'), active: 'Perhaps' }),
      companyLine({ name: companyName('Dry No Email'), contactEmail: '' }),
    ]);
    const result = await importFile('companies', csv, { dryRun: true });
    expect(result).toMatchObject({ status: 'Finished', dryRun: true, totalRows: 9, created: 1, updated: 0, unchanged: 0, refused: 8 });
    expect(result.refusedRows).toEqual([
      { rowNumber: 3, column: 'businessNumber', message: COMPANY_MESSAGES.abnInvalid },
      { rowNumber: 4, column: 'businessNumber', message: COMPANY_MESSAGES.nzbnInvalid },
      { rowNumber: 5, column: 'contactEmail', message: COMPANY_MESSAGES.invalidEmail },
      { rowNumber: 6, column: 'corporateMemberNumber', message: COMPANY_IMPORT_MESSAGES.datesNeedNumber },
      { rowNumber: 7, column: 'membershipEndsOn', message: COMPANY_IMPORT_MESSAGES.endBeforeStart },
      { rowNumber: 8, column: 'businessNumber', message: MIGRATION_MESSAGES.duplicateInFile('businessNumber', 2) },
      { rowNumber: 9, column: 'active', message: MIGRATION_MESSAGES.invalidYesNo('active') },
      { rowNumber: 10, column: 'contactEmail', message: MIGRATION_MESSAGES.required('contactEmail') },
    ]);
    expect(await companiesNamed(companyName('Dry Good'))).toEqual([]);
    expect((await undo(result.id)).json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.dryRunNoUndo);
  });

  it('applies: creates companies with this account\'s corporate membership, gives a known company of the name its ABN; the same file again is all unchanged', async () => {
    const [abn, nzbn, knownAbn] = [newAbn(), newNzbn(), newAbn()];
    // Staff kept this one without a number; another has it as an ABN already, under its old name.
    const unnumbered = await insertCompany({ name: companyName('Known Unnumbered'), city: 'Maitland' });
    const numbered = await insertCompany({ name: companyName('Old Name'), businessNumber: knownAbn, businessNumberKind: 'ABN' });
    const csv = companiesCsv([
      companyLine({ name: companyName('Hunter Fab'), businessNumber: `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`, corporateMemberNumber: 'CM-7', membershipStartsOn: '01-Jul-2024', membershipEndsOn: '2099-06-30' }),
      companyLine({ name: companyName('Kiwi Welds'), businessNumber: nzbn, country: 'New Zealand', city: 'Auckland', state: '', postalCode: '1010', active: 'No' }),
      companyLine({ name: companyName('Name Only') }),
      companyLine({ name: unnumbered.name, businessNumber: newAbn() }),
      companyLine({ name: companyName('New Name'), businessNumber: knownAbn, corporateMemberNumber: 'CM-8' }),
    ]);
    const first = await importFile('companies', csv);
    expect(first).toMatchObject({ status: 'Finished', created: 3, updated: 2, unchanged: 0, refused: 0, refusedRows: [] });

    const [hunter] = await companiesNamed(companyName('Hunter Fab'));
    expect(hunter).toMatchObject({ businessNumber: abn, businessNumberKind: 'ABN', city: 'Newcastle', country: 'Australia', active: true, requestedByApplicantId: null });
    expect(await membershipOf(hunter!.id)).toMatchObject({ membershipType: 'corporate', memberNumber: 'CM-7', startsOn: '2024-07-01', endsOn: '2099-06-30' });
    // The membership is the importing body's: another body's staff see no membership of it.
    expect(await membershipOf(hunter!.id, otherAccountId)).toBeUndefined();
    const [kiwi] = await companiesNamed(companyName('Kiwi Welds'));
    expect(kiwi).toMatchObject({ businessNumber: nzbn, businessNumberKind: 'NZBN', country: 'New Zealand', active: false });
    expect(await membershipOf(kiwi!.id)).toBeUndefined();
    const [known] = await companiesNamed(unnumbered.name);
    expect(known).toMatchObject({ id: unnumbered.id, businessNumberKind: 'ABN', city: 'Newcastle' });
    const [renamed] = await t.database.db.select().from(companies).where(eq(companies.id, numbered.id));
    expect(renamed).toMatchObject({ name: companyName('New Name'), businessNumber: knownAbn });
    expect(await membershipOf(numbered.id)).toMatchObject({ memberNumber: 'CM-8', startsOn: null, endsOn: null });

    // Staff see them on the company list, with their body's membership.
    const listed = await get(`/api/company/pagination?searchBy=name&searchTerm=${encodeURIComponent(companyName('Hunter Fab'))}`, 'admin');
    expect(listed.json<{ rows: { corporateMemberNumber: string; isCurrentCorporateMember: boolean }[] }>().rows).toMatchObject([{ corporateMemberNumber: 'CM-7', isCurrentCorporateMember: true }]);

    const second = await importFile('companies', csv);
    expect(second).toMatchObject({ status: 'Finished', created: 0, updated: 0, unchanged: 5, refused: 0 });
    expect(await companiesNamed(companyName('Hunter Fab'), companyName('Name Only'))).toHaveLength(2);
  });

  it('refuses a name two companies share when the row gives no number to tell them apart', async () => {
    const name = companyName('Twin');
    await insertCompany({ name });
    await insertCompany({ name: name.toUpperCase() });
    const result = await importFile('companies', companiesCsv([companyLine({ name })]), { dryRun: true });
    expect(result.refusedRows).toEqual([{ rowNumber: 2, column: 'name', message: COMPANY_IMPORT_MESSAGES.sameNameTwice(name, 2) }]);
  });

  it('undo removes the companies it created and puts back what it updated; once staff changed one, undo is refused and changes nothing', async () => {
    const db = t.database.db;
    const abn = newAbn();
    const existing = await insertCompany({ name: companyName('Undo Existing'), businessNumber: abn, businessNumberKind: 'ABN', city: 'Maitland' });
    const result = await importFile(
      'companies',
      companiesCsv([companyLine({ name: companyName('Undo Created'), corporateMemberNumber: 'CM-U1' }), companyLine({ name: companyName('Undo Existing'), businessNumber: abn, corporateMemberNumber: 'CM-U2' })]),
    );
    expect(result).toMatchObject({ created: 1, updated: 1 });
    const [created] = await companiesNamed(companyName('Undo Created'));
    const undone = await undo(result.id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json<MigrationImport>().status).toBe('Undone');
    expect(await companiesNamed(companyName('Undo Created'))).toEqual([]);
    expect(await membershipOf(created!.id)).toBeUndefined();
    const [restored] = await db.select().from(companies).where(eq(companies.id, existing.id));
    expect(restored).toMatchObject({ city: 'Maitland', modifiedOn: existing.modifiedOn });
    expect(await membershipOf(existing.id)).toBeUndefined();

    // Staff edit the company after the import: undo is refused (409, naming the row) and keeps it.
    const kept = await importFile('companies', companiesCsv([companyLine({ name: companyName('Kept'), corporateMemberNumber: 'CM-K' })]));
    const [keptCompany] = await companiesNamed(companyName('Kept'));
    await db.update(companies).set({ contactName: 'Casey', modifiedOn: later }).where(eq(companies.id, keptCompany!.id));
    const refused = await undo(kept.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.touched(2, 'company'));
    expect(await companiesNamed(companyName('Kept'))).toHaveLength(1);
    expect(await membershipOf(keptCompany!.id)).toMatchObject({ memberNumber: 'CM-K' });
    expect((await get(`/api/migration/${kept.id}`, 'admin')).json<MigrationImport>().status).toBe('Finished');

    // Staff change only the membership the import set: refused too.
    const member = await importFile('companies', companiesCsv([companyLine({ name: companyName('Member'), corporateMemberNumber: 'CM-M' })]));
    const [memberCompany] = await companiesNamed(companyName('Member'));
    await db.update(accountMemberships).set({ memberNumber: 'CM-M2' }).where(eq(accountMemberships.companyId, memberCompany!.id));
    expect((await undo(member.id)).statusCode).toBe(409);
  });
});

describe('employments', () => {
  let hunter: { id: string; name: string; businessNumber: string };
  let forge: { id: string; name: string };

  beforeAll(async () => {
    const abn = newAbn();
    const row = await insertCompany({ name: companyName('Employer Hunter'), businessNumber: abn, businessNumberKind: 'ABN' });
    hunter = { id: row.id, name: row.name, businessNumber: abn };
    const other = await insertCompany({ name: companyName('Employer Forge') });
    forge = { id: other.id, name: other.name };
  });

  it('dry run: refuses an unknown person (naming the applicants file), staff, an unknown company, a bad ABN, and rows that say nothing', async () => {
    const unknownAbn = newAbn();
    const csv = employmentsCsv([
      employmentLine({ email: welder.email, businessNumber: hunter.businessNumber, position: 'Welder', startedOn: '2019-02-04' }),
      employmentLine({ email: email('nobody'), companyName: hunter.name }),
      employmentLine({ email: staff.email, companyName: hunter.name }),
      employmentLine({ email: welder.email, businessNumber: unknownAbn, position: 'Welder', startedOn: '2015-01-01', endedOn: '2016-01-01' }),
      employmentLine({ email: welder.email, companyName: companyName('Nowhere'), position: 'Welder', startedOn: '2014-01-01', endedOn: '2014-06-01' }),
      employmentLine({ email: welder.email, businessNumber: spoilt(hunter.businessNumber), position: 'Welder', startedOn: '2013-01-01', endedOn: '2013-06-01' }),
      employmentLine({ email: welder.email, companyName: forge.name, position: 'Welder' }),
      employmentLine({ email: welder.email, companyName: forge.name, position: 'Welder', startedOn: '2012-01-01', endedOn: '2012-06-01', current: 'Yes' }),
      employmentLine({ email: welder.email, companyName: forge.name, current: 'Yes' }),
      employmentLine({ email: welder.email, companyName: forge.name, current: 'No' }),
      employmentLine({ email: welder.email }),
    ]);
    const result = await importFile('employments', csv, { dryRun: true });
    expect(result).toMatchObject({ status: 'Finished', totalRows: 11, created: 1, refused: 10 });
    expect(result.refusedRows).toEqual([
      { rowNumber: 3, column: 'email', message: EMPLOYMENT_IMPORT_MESSAGES.unknownPerson },
      { rowNumber: 4, column: 'email', message: MIGRATION_MESSAGES.staffEmail },
      { rowNumber: 5, column: 'businessNumber', message: EMPLOYMENT_IMPORT_MESSAGES.unknownCompanyByNumber(unknownAbn) },
      { rowNumber: 6, column: 'companyName', message: EMPLOYMENT_IMPORT_MESSAGES.unknownCompanyByName(companyName('Nowhere')) },
      { rowNumber: 7, column: 'businessNumber', message: COMPANY_MESSAGES.abnInvalid },
      { rowNumber: 8, column: 'startedOn', message: EMPLOYMENT_IMPORT_MESSAGES.positionWithStart },
      { rowNumber: 9, column: 'endedOn', message: EMPLOYMENT_IMPORT_MESSAGES.currentWithEnd },
      // Row 2 (no end day) is their current employer already.
      { rowNumber: 10, column: 'current', message: EMPLOYMENT_IMPORT_MESSAGES.secondCurrent(2) },
      { rowNumber: 11, column: 'position', message: EMPLOYMENT_IMPORT_MESSAGES.nothingToRecord },
      { rowNumber: 12, column: 'companyName', message: EMPLOYMENT_IMPORT_MESSAGES.companyRequired },
    ]);
    expect(EMPLOYMENT_IMPORT_MESSAGES.unknownPerson).toContain('applicants file');
    expect(await jobsOf(welder.applicantId!)).toEqual([]);
    expect((await applicantOf(welder.id)).employerCompanyId).toBeNull();
  });

  it('applies: adds the jobs to the experience and makes the current company the employer; the same file again is all unchanged; undo puts the person back', async () => {
    const person = await createUser(t.database.db, { role: ROLES.Applicant, email: email('worker') });
    const csv = employmentsCsv([
      employmentLine({ email: person.email, businessNumber: hunter.businessNumber, companyName: 'Hunter (old name)', position: 'Welding Supervisor', duties: 'Pipe shop', startedOn: '04-Feb-2019' }),
      employmentLine({ email: person.email.toUpperCase(), companyName: forge.name.toLowerCase(), position: 'Welder', startedOn: '2012-01-09', endedOn: '2019-01-31' }),
    ]);
    const first = await importFile('employments', csv);
    expect(first).toMatchObject({ status: 'Finished', created: 2, updated: 0, unchanged: 0, refused: 0 });
    const jobs = await jobsOf(person.applicantId!);
    expect(jobs.map(({ employer, position, duties, startDate, endDate }) => ({ employer, position, duties, startDate, endDate }))).toEqual([
      { employer: forge.name, position: 'Welder', duties: '', startDate: '2012-01-09', endDate: '2019-01-31' },
      { employer: hunter.name, position: 'Welding Supervisor', duties: 'Pipe shop', startDate: '2019-02-04', endDate: null },
    ]);
    expect((await applicantOf(person.id)).employerCompanyId).toBe(hunter.id);
    // The person sees their employer as they would have chosen it.
    const { jwt: personJwt } = await signIn(t.app, person);
    const employer = await t.app.inject({ method: 'GET', url: '/api/company/employer', headers: bearer(personJwt) });
    expect(employer.json<{ company: { id: string } | null }>().company?.id).toBe(hunter.id);

    expect(await importFile('employments', csv)).toMatchObject({ created: 0, updated: 0, unchanged: 2, refused: 0 });

    // A corrected file: the job ended and they moved on. The job is updated, the employer changed.
    const corrected = await importFile(
      'employments',
      employmentsCsv([
        employmentLine({ email: person.email, businessNumber: hunter.businessNumber, position: 'Welding Supervisor', startedOn: '2019-02-04', endedOn: '2024-06-30', current: 'No' }),
        employmentLine({ email: person.email, companyName: forge.name, current: 'Yes' }),
      ]),
    );
    expect(corrected).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    expect((await applicantOf(person.id)).employerCompanyId).toBe(forge.id);
    expect((await jobsOf(person.applicantId!))[1]).toMatchObject({ endDate: '2024-06-30', duties: 'Pipe shop' });

    expect((await undo(corrected.id)).statusCode).toBe(200);
    expect((await applicantOf(person.id)).employerCompanyId).toBe(hunter.id);
    expect((await jobsOf(person.applicantId!))[1]).toMatchObject({ endDate: null });
    expect((await undo(first.id)).statusCode).toBe(200);
    expect(await jobsOf(person.applicantId!)).toEqual([]);
    expect((await applicantOf(person.id)).employerCompanyId).toBeNull();
  });

  it('refuses undo (409) once the person changed the job the import added, and removes nothing', async () => {
    const db = t.database.db;
    const person = await createUser(db, { role: ROLES.Applicant, email: email('editor') });
    const result = await importFile('employments', employmentsCsv([employmentLine({ email: person.email, companyName: forge.name, position: 'Welder', startedOn: '2020-03-02' })]));
    expect(result.created).toBe(1);
    const [job] = await jobsOf(person.applicantId!);
    await db.update(applicantExperience).set({ duties: 'Structural steel', modifiedOn: later }).where(eq(applicantExperience.id, job!.id));
    const refused = await undo(result.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(MIGRATION_MESSAGES.touched(2, 'employment'));
    expect(await jobsOf(person.applicantId!)).toHaveLength(1);
    expect((await applicantOf(person.id)).employerCompanyId).toBe(forge.id);

    // The person chose another employer after the import: its undo would take their choice away, so it is refused.
    const mover = await createUser(db, { role: ROLES.Applicant, email: email('mover') });
    const moved = await importFile('employments', employmentsCsv([employmentLine({ email: mover.email, companyName: forge.name, current: 'Yes' })]));
    expect(moved).toMatchObject({ created: 0, updated: 1 });
    await db.update(applicants).set({ employerCompanyId: hunter.id, modifiedOn: later }).where(eq(applicants.id, mover.applicantId!));
    expect((await undo(moved.id)).statusCode).toBe(409);
    expect((await applicantOf(mover.id)).employerCompanyId).toBe(hunter.id);
  });

  it('applicants, companies, then employments: undone newest first, each import undoes, and nothing of them is left', async () => {
    const db = t.database.db;
    const abn = newAbn();
    const people = await importFile('applicants', [APPLICANT_MIGRATION_COLUMNS.join(','), `${email('chain')},Cam,Chain${run},,,,,,,,,`].join('\n'));
    const firms = await importFile('companies', companiesCsv([companyLine({ name: companyName('Chain Firm'), businessNumber: abn, corporateMemberNumber: 'CM-C' })]));
    const jobs = await importFile('employments', employmentsCsv([employmentLine({ email: email('chain'), businessNumber: abn, position: 'Fitter', startedOn: '2021-05-03' })]));
    expect([people.created, firms.created, jobs.created]).toEqual([1, 1, 1]);
    // While the person works there, the company cannot go: undo of the companies import is refused.
    expect((await undo(firms.id)).statusCode).toBe(409);
    for (const id of [jobs.id, firms.id, people.id]) expect((await undo(id)).statusCode).toBe(200);
    expect(await db.select().from(users).where(eq(users.email, email('chain')))).toEqual([]);
    expect(await companiesNamed(companyName('Chain Firm'))).toEqual([]);
  });

  it("approves a person's own pending claim to the same company, and undo puts the claim back to pending", async () => {
    const db = t.database.db;
    const company = await insertCompany({ name: companyName('Claimed Firm') });
    const person = await createUser(db, { role: ROLES.Applicant, email: email('claimant') });
    jwt.claimant = (await signIn(t.app, person)).jwt;
    expect((await post('/api/company/employer', { companyId: company.id }, 'claimant')).statusCode).toBeLessThan(300);
    expect(await applicantOf(person.id)).toMatchObject({ employerCompanyId: company.id, employerClaimStatus: 'pending' });

    const file = employmentsCsv([employmentLine({ email: email('claimant'), companyName: companyName('Claimed Firm'), current: 'Yes' })]);
    const imported = await importFile('employments', file);
    expect(imported).toMatchObject({ updated: 1, refused: 0 });
    expect(await applicantOf(person.id)).toMatchObject({ employerCompanyId: company.id, employerClaimStatus: 'approved' });
    expect(await importFile('employments', file)).toMatchObject({ unchanged: 1 });

    expect((await undo(imported.id)).statusCode).toBe(200);
    expect(await applicantOf(person.id)).toMatchObject({ employerCompanyId: company.id, employerClaimStatus: 'pending' });
  });
});
