import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Award } from '@certs/shared/award/award.contract';
import { ROLES } from '@certs/shared/auth/roles';
import type { InboxPage } from '@certs/shared/mail/mail.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { openPostgres, type Database, type DatabaseHandle } from '../../db/client';
import { applicationHistory, applications } from '../../db/schema/application';
import { awards } from '../../db/schema/award';
import { MailRepository } from '../../platform/mail/mail.repository';
import { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { insertExpiringAward, insertRenewalAward } from './award-expiry-test-awards';
import { AwardExpiryRepository } from './award-expiry.repository';
import { AwardExpiryService } from './award-expiry.service';

const PUBLIC_URL = 'http://localhost:3000';
const AWARDS_LINK = `${PUBLIC_URL}/student/applications`;
const PROGRAM_TITLE = 'Certified Welding Supervisor';

let t: TestApp;
let certificationId: string;
let certificationCode: string;
let qualificationId: string;

/**
 * Every test works in its own years (later tests later), since a pass looks at every award in the
 * database: a later test's clock may expire an earlier test's awards, never the other way round.
 */
interface Holder {
  applicantId: string;
  jwt: string;
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  const manager = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const certification = await createProgram(t.database.db, { programManagerId: manager.id, status: 2, programType: 2, programTitle: PROGRAM_TITLE });
  certificationId = certification.id;
  certificationCode = certification.programCode;
  qualificationId = (await createProgram(t.database.db, { programManagerId: manager.id, status: 2, programType: 1 })).id;
});
afterAll(async () => {
  await t?.close();
});

async function newHolder(): Promise<Holder> {
  const user = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Harriet' });
  const { jwt } = await signIn(t.app, user);
  return { applicantId: user.applicantId!, jwt };
}

/** The job as a server instance runs it, on a database connection of its own, with a clock. */
function jobOn(db: Database, clock: { now: Date }): AwardExpiryService {
  return new AwardExpiryService({
    repository: new AwardExpiryRepository(db),
    workflow: new ApplicationWorkflowRepository(db),
    mail: new MailService(new MailRepository(db), { from: 'awards@example.test', log: { info: () => undefined, warn: () => undefined } }),
    publicUrl: PUBLIC_URL,
    now: () => clock.now,
  });
}

/** An instant during a Sydney day: 12:00 or 13:00 there, whatever the season. */
const sydneyMidday = (day: string) => new Date(`${day}T02:00:00Z`);

async function runOn(day: string | Date): Promise<void> {
  await jobOn(t.database.db, { now: typeof day === 'string' ? sydneyMidday(day) : day }).runOnce();
}

async function inbox(holder: Holder): Promise<InboxPage['rows']> {
  const response = await t.app.inject({ method: 'GET', url: '/api/applicantinbox/email/pagination?page=1&pageSize=100', headers: bearer(holder.jwt) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InboxPage>().rows.sort((a, b) => a.createdOn.localeCompare(b.createdOn));
}

async function awardOf(holder: Holder, id: string): Promise<Award> {
  const response = await t.app.inject({ method: 'GET', url: `/api/award/${id}`, headers: bearer(holder.jwt) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Award>();
}

async function applicationOf(id: string) {
  const [row] = await t.database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, id));
  const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, id)).orderBy(asc(applicationHistory.sequence));
  return { status: row?.status, history };
}

const certification = (holder: Holder, expiresOn: string, extra: { applicationStatus?: string; awardStatus?: string } = {}) =>
  insertExpiringAward(t.database.db, { applicantId: holder.applicantId, programId: certificationId, programType: 2, expiresOn, ...extra });

describe('award expiry', () => {
  it("expires a current award once Sydney's day after its expiry day begins, once however often the job runs: award, application, histories and one mail", async () => {
    const holder = await newHolder();
    const award = await certification(holder, '2030-03-31');

    // 23:59:59 in Sydney (AEDT) on the expiry day: still valid.
    await runOn(new Date('2030-03-31T12:59:59Z'));
    expect((await awardOf(holder, award.id)).status).toBe('current');

    // A minute past midnight in Sydney, and again an hour later.
    await runOn(new Date('2030-03-31T13:01:00Z'));
    await runOn(new Date('2030-03-31T14:01:00Z'));

    const expired = await awardOf(holder, award.id);
    expect(expired.status).toBe('expired');
    expect(expired.history.map((h) => [h.action, h.fromStatus, h.toStatus, h.createdByName])).toEqual([['expire', 'current', 'expired', null]]);
    const application = await applicationOf(award.applicationId);
    expect(application.status).toBe('Award Withdrawn');
    expect(application.history.map((h) => [h.fromStatus, h.toStatus, h.note, h.createdBy])).toEqual([['Awarded', 'Award Withdrawn', 'The award expired on 31-Mar-2030', null]]);

    const mails = await inbox(holder);
    // The on-the-day reminder of the first run, then the expiry.
    expect(mails.map((m) => m.subject)).toEqual([`Your certificate ${award.certificateNumber} expires today`, `Your certificate ${award.certificateNumber} has expired`]);
    const mail = mails[1]!;
    expect(mail.text).toContain(`Your award of ${PROGRAM_TITLE} (${certificationCode}), certificate ${award.certificateNumber}, expired on 31-Mar-2030.`);
    expect(mail.links).toEqual([{ label: 'Your awards', url: AWARDS_LINK }]);
  });

  it('expires each award and sends each reminder once when two instances run the job at the same moment', async () => {
    const holder = await newHolder();
    // Several of each, so that the two passes meet on the same rows.
    const expiring = await Promise.all(['2031-05-10', '2031-05-11', '2031-05-12', '2031-05-13', '2031-05-14'].map((day) => certification(holder, day)));
    const remindedDays = ['2031-06-26', '2031-06-27', '2031-06-28', '2031-06-29', '2031-06-30'];
    const reminded = await Promise.all(remindedDays.map((day) => certification(holder, day)));
    const clock = { now: sydneyMidday('2031-05-31') };

    // On a server each instance has its own connection; the embedded database has one.
    const second: DatabaseHandle | undefined = t.database.connectionString ? await openPostgres(t.database.connectionString, { poolSize: 2 }) : undefined;
    try {
      const passes = await Promise.all([jobOn(t.database.db, clock).runOnce(), jobOn(second?.db ?? t.database.db, clock).runOnce()]);
      expect(passes.map((p) => p.today)).toEqual(['2031-05-31', '2031-05-31']);
      // Nothing else in the database is due on this day: between them the two passes did each thing once.
      expect(passes[0]!.expired + passes[1]!.expired).toBe(5);
      expect(passes[0]!.reminders + passes[1]!.reminders).toBe(5);
      const again = await Promise.all([jobOn(t.database.db, clock).runOnce(), jobOn(second?.db ?? t.database.db, clock).runOnce()]);
      expect(again.map((p) => [p.expired, p.reminders])).toEqual([
        [0, 0],
        [0, 0],
      ]);
    } finally {
      await second?.close();
    }

    for (const award of expiring) {
      expect((await awardOf(holder, award.id)).history.filter((h) => h.action === 'expire')).toHaveLength(1);
      expect((await applicationOf(award.applicationId)).history).toHaveLength(1);
    }
    const repository = new AwardExpiryRepository(t.database.db);
    for (const [i, award] of reminded.entries()) {
      expect((await awardOf(holder, award.id)).status).toBe('current');
      expect(await repository.findReminders(award.id)).toEqual([{ expiresOn: remindedDays[i], kind: '1-month', sentOn: '2031-05-31' }]);
    }
    const subjects = (await inbox(holder)).map((m) => m.subject).sort();
    const expected = [...expiring.map((a) => `Your certificate ${a.certificateNumber} has expired`), ...reminded.map((a, i) => `Your certificate ${a.certificateNumber} expires on ${26 + i}-Jun-2031`)].sort();
    expect(subjects).toEqual(expected);
  });
});

describe('renewal reminders', () => {
  it('go 6, 3 and 1 months before the expiry day and on the day, each once, with the program, certificate number, date and a link to the awards', async () => {
    const holder = await newHolder();
    const award = await certification(holder, '2035-08-31');
    const subjects = async () => (await inbox(holder)).map((m) => m.subject);
    const on = `Your certificate ${award.certificateNumber} expires on 31-Aug-2035`;

    await runOn('2035-02-27');
    expect(await subjects()).toEqual([]);
    // Six months before 31 August is 28 February (no 31st, no 29th in 2035).
    await runOn('2035-02-28');
    await runOn('2035-02-28');
    await runOn('2035-05-30');
    expect(await subjects()).toEqual([on]);
    await runOn('2035-05-31');
    await runOn('2035-07-30');
    expect(await subjects()).toEqual([on, on]);
    await runOn('2035-07-31');
    await runOn('2035-08-31');
    await runOn('2035-08-31');
    expect(await subjects()).toEqual([on, on, on, `Your certificate ${award.certificateNumber} expires today`]);
    expect(await new AwardExpiryRepository(t.database.db).findReminders(award.id)).toEqual([
      { expiresOn: '2035-08-31', kind: '6-months', sentOn: '2035-02-28' },
      { expiresOn: '2035-08-31', kind: '3-months', sentOn: '2035-05-31' },
      { expiresOn: '2035-08-31', kind: '1-month', sentOn: '2035-07-31' },
      { expiresOn: '2035-08-31', kind: 'day', sentOn: '2035-08-31' },
    ]);

    const [first, , , last] = await inbox(holder);
    expect(first!.text).toContain(`This is a reminder that your award of ${PROGRAM_TITLE} (${certificationCode}), certificate ${award.certificateNumber} expires on 31-Aug-2035.`);
    expect(first!.links).toEqual([{ label: 'Your awards', url: AWARDS_LINK }]);
    expect(last!.text).toContain('expires today, 31-Aug-2035: it is valid until the end of the day.');
  });

  it('after runs were missed, send only the latest reminder due', async () => {
    const holder = await newHolder();
    const award = await certification(holder, '2040-08-31');
    // Nothing ran from February to mid-August: the 6- and 3-month reminders are not sent late.
    await runOn('2040-08-15');
    await runOn('2040-08-30');
    expect(await new AwardExpiryRepository(t.database.db).findReminders(award.id)).toEqual([{ expiresOn: '2040-08-31', kind: '1-month', sentOn: '2040-08-15' }]);
    expect((await inbox(holder)).map((m) => m.subject)).toEqual([`Your certificate ${award.certificateNumber} expires on 31-Aug-2040`]);
  });
  it("start again for the new expiry day when a renewal moves the award's expiry on", async () => {
    const holder = await newHolder();
    const award = await certification(holder, '2042-08-31');
    await runOn('2042-08-15');
    // Renewed (decision 023: the same award, its expiry moved on three years).
    await t.database.db.update(awards).set({ expiresOn: '2045-08-31' }).where(eq(awards.id, award.id));
    await runOn('2045-07-31');
    expect(await new AwardExpiryRepository(t.database.db).findReminders(award.id)).toEqual([
      { expiresOn: '2042-08-31', kind: '1-month', sentOn: '2042-08-15' },
      { expiresOn: '2045-08-31', kind: '1-month', sentOn: '2045-07-31' },
    ]);
    expect((await inbox(holder)).map((m) => m.subject)).toEqual([`Your certificate ${award.certificateNumber} expires on 31-Aug-2042`, `Your certificate ${award.certificateNumber} expires on 31-Aug-2045`]);
  });
});

describe('awards the job leaves alone', () => {
  it('keeps an award current, without reminders, while its renewal applied for before expiry is undecided', async () => {
    const holder = await newHolder();
    const award = await certification(holder, '2045-06-30', { applicationStatus: 'Applied for Renewal' });
    await runOn('2045-06-15');
    await runOn('2045-07-02');
    expect((await awardOf(holder, award.id)).status).toBe('current');
    expect((await applicationOf(award.applicationId)).status).toBe('Applied for Renewal');
    expect(await inbox(holder)).toEqual([]);
  });

  it('ends a renewed award superseded by a newer one without moving the application or mailing, and reminds of the newer one only', async () => {
    const holder = await newHolder();
    const older = await certification(holder, '2050-03-31');
    const renewal = await insertRenewalAward(t.database.db, older, '2053-03-31');
    await runOn('2050-04-02');
    expect((await awardOf(holder, older.id)).status).toBe('expired');
    expect((await awardOf(holder, renewal.id)).status).toBe('current');
    expect((await applicationOf(older.applicationId)).status).toBe('Awarded');
    expect(await inbox(holder)).toEqual([]);
  });

  it('never expires a Qualification award (no expiry) nor an award on hold', async () => {
    const holder = await newHolder();
    const qualification = await insertExpiringAward(t.database.db, { applicantId: holder.applicantId, programId: qualificationId, programType: 1, expiresOn: null });
    const held = await certification(holder, '2055-01-31', { applicationStatus: 'Awarded OnHold', awardStatus: 'on hold' });
    await runOn('2099-12-31');
    expect((await awardOf(holder, qualification.id)).status).toBe('current');
    expect((await awardOf(holder, held.id)).status).toBe('on hold');
    expect((await applicationOf(qualification.applicationId)).status).toBe('Awarded');
    expect(await inbox(holder)).toEqual([]);
  });
});
