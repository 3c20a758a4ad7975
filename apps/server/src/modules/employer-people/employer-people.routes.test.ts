import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { expiryToday, subtractMonths } from '@certs/shared/award/award-expiry';
import { formatDay } from '@certs/shared/common/dates';
import { EMPLOYER_PEOPLE_MESSAGES, type EmployerPeople, type EmployerPerson } from '@certs/shared/employer/people.contract';
import { addDays } from '@certs/shared/exam-schedule/exam-schedule-time';
import { parse } from 'csv-parse/sync';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { accounts } from '../../db/schema/account';
import { awards } from '../../db/schema/award';
import { companies } from '../../db/schema/company';
import { applicants } from '../../db/schema/user';
import { insertAward } from '../credential/credential-test-awards';
import { insertKeptQualification } from '../wpq-validity/wpq-validity-test-records';

/**
 * A company's people (issue 42): its approved employees with their awards from every awarding body
 * and their welder qualifications; nobody else's, nothing personal beyond name and email; the due
 * filter and the CSV.
 */

let t: TestApp;
const run = Date.now().toString(36);
const today = () => expiryToday(new Date());
const jwt = {} as Record<'coordinator' | 'viewer' | 'otherCoordinator' | 'applicant' | 'staff', string>;
let firstBody: { name: string; programId: string; wpqProgramId: string };
let secondBody: { name: string; programId: string };
const people = {} as Record<'ann' | 'carl' | 'dana' | 'eve' | 'pat' | 'dec' | 'bob', CreatedUser>;
const held = {} as Record<'annFirst' | 'annSecond' | 'annExpired' | 'annWpq' | 'carlWpq' | 'eveAward' | 'patAward' | 'decAward' | 'bobAward', string>;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const names = (answer: EmployerPeople) => answer.people.map((person) => person.name);
const personOf = (answer: EmployerPeople, name: string): EmployerPerson => answer.people.find((person) => person.name === name)!;

async function employee(firstName: string, lastName: string, companyId: string, status: 'pending' | 'approved' | 'declined'): Promise<CreatedUser> {
  const user = await createUser(t.database.db, { role: ROLES.Applicant, firstName, lastName, email: `${lastName.toLowerCase()}.${run}@people.test` });
  await t.database.db.update(applicants).set({ employerCompanyId: companyId, employerClaimStatus: status }).where(eq(applicants.id, user.applicantId!));
  return user;
}

async function award(user: CreatedUser, programId: string, expiresOn: string | null, status = 'current'): Promise<string> {
  const row = await insertAward(t.database.db, { applicantId: user.applicantId!, programId, programType: 2, awardedOn: subtractMonths(today(), 12), expiresOn, certificateNumber: `PPL-${run}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase() });
  if (status !== 'current') await t.database.db.update(awards).set({ status }).where(eq(awards.id, row.id));
  return row.certificateNumber;
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const manager = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Users'] });
  const account = await createAccount(db, { name: `Second Body ${run}` });
  const [firstAccount] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, FIRST_ACCOUNT_ID));
  firstBody = {
    name: firstAccount!.name,
    programId: (await createProgram(db, { programType: 2, programManagerId: manager.id, status: 2, programTitle: 'Welding Inspector Certification' })).id,
    wpqProgramId: (await createProgram(db, { programType: 3, programManagerId: manager.id, status: 2, programTitle: 'Welder Qualification to ISO 9606-1' })).id,
  };
  secondBody = { name: account.name, programId: (await createProgram(db, { programType: 2, programManagerId: manager.id, status: 2, programTitle: 'Welding Supervisor', accountId: account.id })).id };

  const [companyA] = await db.insert(companies).values({ name: `Illawarra Steel ${run}`, contactEmail: `a.${run}@people.test` }).returning({ id: companies.id });
  const [companyB] = await db.insert(companies).values({ name: `Hunter Fab ${run}`, contactEmail: `b.${run}@people.test` }).returning({ id: companies.id });
  const [coordinator, viewer, otherCoordinator, applicant] = await Promise.all([
    createUser(db, { role: ROLES.CompanyCoordinator, companyId: companyA!.id }),
    createUser(db, { role: ROLES.CompanyViewer, companyId: companyA!.id }),
    createUser(db, { role: ROLES.CompanyCoordinator, companyId: companyB!.id }),
    createUser(db, { role: ROLES.Applicant }),
  ]);
  for (const [name, user] of Object.entries({ coordinator, viewer, otherCoordinator, applicant, staff: manager })) jwt[name as keyof typeof jwt] = (await signIn(t.app, user!)).jwt;

  people.ann = await employee('Ann', 'Archer', companyA!.id, 'approved');
  people.carl = await employee('Carl', 'Cutter', companyA!.id, 'approved');
  // A name that a spreadsheet would run as a formula.
  people.dana = await employee('=SUM(1+1)', 'Dunn', companyA!.id, 'approved');
  people.eve = await employee('Eve', 'Evans', companyA!.id, 'approved');
  people.pat = await employee('Pat', 'Pending', companyA!.id, 'pending');
  people.dec = await employee('Dec', 'Declined', companyA!.id, 'declined');
  people.bob = await employee('Bob', 'Brown', companyB!.id, 'approved');

  // Ann: an award of each body (the first's expiring in 45 days), an expired one, and a welder qualification tested 2 months ago.
  held.annFirst = await award(people.ann, firstBody.programId, addDays(today(), 45));
  held.annSecond = await award(people.ann, secondBody.programId, addDays(today(), 800));
  held.annExpired = await award(people.ann, firstBody.programId, addDays(today(), -10), 'expired');
  held.annWpq = (await insertKeptQualification(db, { applicantId: people.ann.applicantId!, programId: firstBody.wpqProgramId, testDate: subtractMonths(today(), 2), option: '9.3b' })).certificateNumber;
  // Carl: a welder qualification whose first six-monthly confirmation falls due in about 20 days.
  held.carlWpq = (await insertKeptQualification(db, { applicantId: people.carl.applicantId!, programId: firstBody.wpqProgramId, testDate: addDays(subtractMonths(today(), 6), 20), option: '9.3a' })).certificateNumber;
  // Eve: an award expiring in 75 days. Dana holds nothing.
  held.eveAward = await award(people.eve, secondBody.programId, addDays(today(), 75));
  held.patAward = await award(people.pat, firstBody.programId, addDays(today(), 10));
  held.decAward = await award(people.dec, firstBody.programId, addDays(today(), 10));
  held.bobAward = await award(people.bob, firstBody.programId, addDays(today(), 10));
});
afterAll(async () => {
  await t.close();
});

describe("a company's people (GET api/employer/people)", () => {
  it('lists the approved employees with their awards from every body and their welder qualifications, and nobody else', async () => {
    const answer = await get('/api/employer/people', jwt.coordinator);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<EmployerPeople>();
    expect(body.dueWithinDays).toBeNull();
    expect(names(body)).toEqual(['Ann Archer', 'Carl Cutter', '=SUM(1+1) Dunn', 'Eve Evans']);

    const ann = personOf(body, 'Ann Archer');
    expect(ann.email).toBe(people.ann.email);
    expect(ann.awards.map((a) => [a.certificateNumber, a.awardingBodyName, a.status]).sort()).toEqual(
      [
        [held.annFirst, firstBody.name, 'current'],
        [held.annSecond, secondBody.name, 'current'],
      ].sort(),
    );
    const first = ann.awards.find((a) => a.certificateNumber === held.annFirst)!;
    expect(first).toMatchObject({ programTitle: 'Welding Inspector Certification', expiresOn: addDays(today(), 45), due: { kind: 'expiry', dueOn: addDays(today(), 45) } });
    // The expired award is not one she holds; the welder qualification's award is listed with the qualification, not as an award.
    expect(ann.awards.map((a) => a.certificateNumber)).not.toContain(held.annExpired);
    expect(ann.awards.map((a) => a.certificateNumber)).not.toContain(held.annWpq);

    const testDate = subtractMonths(today(), 2);
    expect(ann.welderQualifications).toHaveLength(1);
    expect(ann.welderQualifications[0]).toMatchObject({
      certificateNumber: held.annWpq,
      programTitle: 'Welder Qualification to ISO 9606-1',
      standard: 'ISO 9606-1:2017',
      status: 'valid',
      option: '9.3b',
      testDate,
      nextConfirmationDue: subtractMonths(testDate, -6),
      validUntil: subtractMonths(testDate, -24),
      revalidationWindow: { from: subtractMonths(testDate, -18), to: subtractMonths(testDate, -24) },
    });
    expect(ann.welderQualifications[0]!.designation).toMatch(/^ISO 9606-1 135 P BW/);
    expect(ann.nextDue).toEqual({ kind: 'expiry', dueOn: addDays(today(), 45) });

    // Nothing personal beyond name and email: the record's date and place of birth and identification stay out.
    expect(answer.body).not.toContain('1990-04-02');
    expect(answer.body).not.toContain('Newcastle');
    expect(answer.body).not.toContain('DL 12345678');

    const dana = personOf(body, '=SUM(1+1) Dunn');
    expect(dana).toMatchObject({ awards: [], welderQualifications: [], nextDue: null });
  });

  it("the company's viewer reads the same; another company's coordinator sees only their own people", async () => {
    const viewer = await get('/api/employer/people', jwt.viewer);
    expect(viewer.statusCode).toBe(200);
    expect(names(viewer.json<EmployerPeople>())).toEqual(['Ann Archer', 'Carl Cutter', '=SUM(1+1) Dunn', 'Eve Evans']);

    const other = await get('/api/employer/people', jwt.otherCoordinator);
    expect(other.statusCode).toBe(200);
    expect(names(other.json<EmployerPeople>())).toEqual(['Bob Brown']);
    for (const hidden of [held.annFirst, held.annWpq, held.carlWpq, held.patAward, held.decAward]) expect(other.body).not.toContain(hidden);
    const otherCsv = await get('/api/employer/people.csv', jwt.otherCoordinator);
    expect(otherCsv.body).toContain(held.bobAward);
    expect(otherCsv.body).not.toContain(held.annFirst);
  });

  it('refuses applicants and staff (403), and anyone not signed in (401)', async () => {
    for (const url of ['/api/employer/people', '/api/employer/people.csv']) {
      expect((await get(url, jwt.applicant)).statusCode).toBe(403);
      expect((await get(url, jwt.staff)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('keeps those with something due within 30, 60 or 90 days, and refuses any other number', async () => {
    const within = async (days: number) => {
      const answer = await get(`/api/employer/people?dueWithinDays=${days}`, jwt.viewer);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<EmployerPeople>();
    };
    const thirty = await within(30);
    expect(thirty.dueWithinDays).toBe(30);
    // Carl's confirmation falls due in about 20 days.
    expect(names(thirty)).toEqual(['Carl Cutter']);
    const carl = personOf(thirty, 'Carl Cutter');
    expect(carl.welderQualifications[0]!.due[0]).toEqual({ kind: 'confirmation', dueOn: subtractMonths(addDays(subtractMonths(today(), 6), 20), -6) });
    expect(carl.welderQualifications[0]!.revalidationWindow).toBeNull();
    expect(carl.nextDue).toEqual(carl.welderQualifications[0]!.due[0]);
    // Ann's award expires in 45 days; Eve's in 75.
    expect(names(await within(60))).toEqual(['Ann Archer', 'Carl Cutter']);
    expect(names(await within(90))).toEqual(['Ann Archer', 'Carl Cutter', 'Eve Evans']);

    for (const bad of ['45', 'abc', '']) {
      const refused = await get(`/api/employer/people?dueWithinDays=${bad}`, jwt.viewer);
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(EMPLOYER_PEOPLE_MESSAGES.dueWithinDays);
    }
  });
});

describe("a company's people as CSV (GET api/employer/people.csv)", () => {
  it('has a header row and a row per award or qualification, formulas neutralised, under the same filter', async () => {
    const answer = await get('/api/employer/people.csv', jwt.viewer);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="people-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(answer.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'Name',
      'Email',
      'Kind',
      'Awarding Body',
      'Program Code',
      'Program Title',
      'Qualification',
      'Certificate Number',
      'Status',
      'Awarded On',
      'Expires On / Valid Until',
      'Next Confirmation Due',
      'Revalidation Window From',
      'Revalidation Window To',
      'Due',
      'Due On',
    ]);
    const body = rows.slice(1);
    // Ann's two awards and her qualification, Carl's qualification, Dana alone, Eve's award.
    expect(body.map((row) => [row[0], row[7]])).toEqual([
      ['Ann Archer', expect.any(String)],
      ['Ann Archer', expect.any(String)],
      ['Ann Archer', held.annWpq],
      ['Carl Cutter', held.carlWpq],
      ["'=SUM(1+1) Dunn", ''],
      ['Eve Evans', held.eveAward],
    ]);
    const annFirst = body.find((row) => row[7] === held.annFirst)!;
    expect(annFirst).toEqual([
      'Ann Archer',
      people.ann.email,
      'Award',
      firstBody.name,
      expect.any(String),
      'Welding Inspector Certification',
      '',
      held.annFirst,
      'Current',
      // Days as people read dates (issue 45 item 9).
      formatDay(subtractMonths(today(), 12)),
      formatDay(addDays(today(), 45)),
      '',
      '',
      '',
      'Award expiry',
      formatDay(addDays(today(), 45)),
    ]);
    const annWpq = body.find((row) => row[7] === held.annWpq)!;
    expect(annWpq.slice(2, 4)).toEqual(['Welder qualification', firstBody.name]);
    expect(annWpq[8]).toBe('Valid');
    expect(annWpq[11]).toBe(formatDay(subtractMonths(subtractMonths(today(), 2), -6)));
    expect(annWpq[12]).toBe(formatDay(subtractMonths(subtractMonths(today(), 2), -18)));

    const due = await get('/api/employer/people.csv?dueWithinDays=30', jwt.coordinator);
    expect(due.headers['content-disposition']).toMatch(/filename="people-due-within-30-days-/);
    const dueRows = parse(due.body, { bom: true }) as string[][];
    expect(dueRows.slice(1).map((row) => [row[0], row[7], row[14]])).toEqual([['Carl Cutter', held.carlWpq, 'Confirmation']]);
    expect((await get('/api/employer/people.csv?dueWithinDays=7', jwt.coordinator)).statusCode).toBe(400);
  });
});
