import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { CASE_MESSAGES, CASE_TARGET_DAYS, caseTargets } from '@certs/shared/case/case.contract';
import { dayInTimeZone } from '@certs/shared/common/dates';
import { COMPLAINT_MESSAGES, type ComplaintBody, type ComplaintDetails, type ComplaintPersonView, type ComplaintSummary } from '@certs/shared/complaint/complaint.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { accounts } from '../../db/schema/account';
import { caseEntries, complaints } from '../../db/schema/appeal';
import { awardHistory } from '../../db/schema/award';
import { impartialityEvents, staffConflicts } from '../../db/schema/impartiality';
import { mails } from '../../db/schema/mail';
import { venues } from '../../db/schema/venue';
import { insertAward } from '../credential/credential-test-awards';
import { COMPLAINT_LIMITS } from './complaint.module';

const PUBLIC_URL = 'http://localhost:3000';

let t: TestApp;
let programId: string;
let programCode: string;
let nz: { id: string; name: string; shortName: string };
let bodyShortName: string;
let timeZone: string;
let admin: CreatedUser;
let handler: CreatedUser;
let examiner: CreatedUser;
let ann: CreatedUser;
let colleague: CreatedUser;
let coordinator: CreatedUser;
const jwt: Record<'admin' | 'handler' | 'examiner' | 'colleague' | 'noMenu' | 'nzAdmin' | 'ann' | 'bob' | 'coordinator' | 'viewer' | 'otherCoordinator', string> = {
  admin: '',
  handler: '',
  examiner: '',
  colleague: '',
  noMenu: '',
  nzAdmin: '',
  ann: '',
  bob: '',
  coordinator: '',
  viewer: '',
  otherCoordinator: '',
};

let addressCounter = 0;
/** Each public request from an address of its own, unless a test means to use one up. */
const nextAddress = () => `10.43.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token?: string, remoteAddress = nextAddress()) => t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {}, remoteAddress });
const unique = () => randomBytes(3).toString('hex');

async function mailsTo(email: string) {
  return t.database.db.select().from(mails).where(eq(mails.toEmail, email)).orderBy(asc(mails.createdOn));
}

async function complaintOf(reference: string) {
  const [row] = await t.database.db.select().from(complaints).where(eq(complaints.reference, reference));
  return row!;
}

/** A public complaint to the first account; answers the lodged reference, the row and the email it was lodged with. */
async function lodgePublic(overrides: Record<string, unknown> = {}) {
  const email = `pat-${unique()}@example.test`;
  const response = await post('/unauth/complaints', { name: 'Pat Public', email, account: bodyShortName, about: 'body', details: 'The phone line never answers.', ...overrides });
  expect(response.statusCode).toBe(201);
  const reference = response.json<{ reference: string }>().reference;
  return { reference, email: (overrides.email as string | undefined) ?? email, row: await complaintOf(reference) };
}

const details = async (id: string, token = jwt.admin) => {
  const response = await get(`/api/complaints/${id}`, token);
  expect(response.statusCode).toBe(200);
  return response.json<ComplaintDetails>();
};

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  const db = t.database.db;
  const [first] = await db.select({ shortName: accounts.shortName, timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, FIRST_ACCOUNT_ID));
  bodyShortName = first!.shortName;
  timeZone = first!.timeZone;
  nz = await createAccount(db, { name: `Welding Certification NZ ${unique()}` });
  admin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Complaints'], firstName: 'Ada', lastName: 'Admin' });
  handler = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Complaints'], firstName: 'Hal', lastName: 'Handler' });
  examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Complaints'], firstName: 'Eve', lastName: 'Examiner' });
  colleague = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Complaints'], firstName: 'Col', lastName: 'League' });
  const noMenu = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Complaints'], accountId: nz.id });
  ann = await createUser(db, { role: ROLES.Applicant, firstName: 'Ann', lastName: 'Applicant', email: `ann-${unique()}@example.test` });
  const bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Bystander' });
  coordinator = await createUser(db, { role: ROLES.CompanyCoordinator, firstName: 'Cora', lastName: 'Coordinator', email: `cora-${unique()}@example.test` });
  const viewer = await createUser(db, { role: ROLES.CompanyViewer, companyId: coordinator.companyId! });
  const otherCoordinator = await createUser(db, { role: ROLES.CompanyCoordinator });
  const program = await createProgram(db, { programManagerId: admin.id, status: 2, programType: 2, programTitle: 'Welding Supervisor' });
  programId = program.id;
  programCode = program.programCode;
  const users = { admin, handler, examiner, colleague, noMenu, nzAdmin, ann, bob, coordinator, viewer, otherCoordinator };
  for (const [key, user] of Object.entries(users)) jwt[key as keyof typeof jwt] = (await signIn(t.app, user)).jwt;
});
afterAll(async () => {
  await t.close();
});

describe('the public form', () => {
  it('offers every body with its published programs', async () => {
    const response = await get('/unauth/complaints/bodies');
    expect(response.statusCode).toBe(200);
    const bodies = response.json<ComplaintBody[]>();
    const first = bodies.find((body) => body.shortName === bodyShortName)!;
    expect(first.programs).toContainEqual({ id: programId, programCode, programTitle: 'Welding Supervisor' });
    expect(bodies.some((body) => body.shortName === nz.shortName)).toBe(true);
  });

  it('takes a complaint with a name and an email, gives a reference and target dates, and mails the acknowledgement', async () => {
    const email = `Pat.${unique()}@Example.test`;
    const response = await post('/unauth/complaints', { name: 'Pat Public', email, account: bodyShortName, about: 'holder', aboutText: 'J. Smith, certificate WI-0042', details: 'He is signing off welds he never saw.' });
    expect(response.statusCode).toBe(201);
    const lodged = response.json<{ reference: string; message: string; decideBy: string }>();
    expect(lodged.reference).toMatch(/^CMP-\d{4}-\d{5}$/);
    expect(lodged.message).toBe(COMPLAINT_MESSAGES.received);
    const row = await complaintOf(lodged.reference);
    const receivedDay = dayInTimeZone(row.receivedOn, timeZone);
    expect(lodged.reference.slice(4, 8)).toBe(receivedDay.slice(0, 4));
    expect(row).toMatchObject({
      accountId: FIRST_ACCOUNT_ID,
      complainantKind: 'public',
      complainantUserId: null,
      complainantName: 'Pat Public',
      about: 'holder',
      aboutText: 'J. Smith, certificate WI-0042',
      status: 'received',
      ...caseTargets(receivedDay, CASE_TARGET_DAYS.complaintDecision),
    });
    expect(row.acknowledgedOn).not.toBeNull();
    expect(lodged.decideBy).toBe(row.decideBy);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(`Complaint received: ${lodged.reference}`);
    expect(mail!.text).toContain(`Its reference is ${lodged.reference}`);
    expect(mail!.links).toEqual([{ label: 'Follow your complaint', url: `${PUBLIC_URL}/complaints/lookup?reference=${lodged.reference}` }]);
  });

  it('goes to the body of the program chosen', async () => {
    const { row } = await lodgePublic({ account: undefined, programId, about: 'examiner', aboutText: 'The practical examiner' });
    expect(row).toMatchObject({ accountId: FIRST_ACCOUNT_ID, programId });
    const nzByProgram = await post('/unauth/complaints', { name: 'Pat', email: 'pat@example.test', account: nz.shortName, programId, about: 'body', details: 'x' });
    expect(nzByProgram.statusCode).toBe(400);
    expect(nzByProgram.json()).toMatchObject({ message: COMPLAINT_MESSAGES.unknownProgram, fieldErrors: { programId: COMPLAINT_MESSAGES.unknownProgram } });
  });

  it('refuses bad input with the field’s message and keeps nothing', async () => {
    const email = `nobody-${unique()}@example.test`;
    const cases: [object, string, string][] = [
      [{ name: 'Pat', email, account: bodyShortName, about: 'body', details: '   ' }, 'details', COMPLAINT_MESSAGES.detailsRequired],
      [{ name: 'Pat', email: 'not-an-email', account: bodyShortName, about: 'body', details: 'x' }, 'email', COMPLAINT_MESSAGES.invalidEmail],
      [{ name: 'Pat', email, about: 'body', details: 'x' }, 'account', COMPLAINT_MESSAGES.bodyRequired],
      [{ name: 'Pat', email, account: bodyShortName, about: 'weather', details: 'x' }, 'about', COMPLAINT_MESSAGES.aboutRequired],
      [{ name: 'Pat', email, account: 'no-such-body', about: 'body', details: 'x' }, 'account', COMPLAINT_MESSAGES.unknownBody],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post('/unauth/complaints', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
    }
    expect(await t.database.db.select().from(complaints).where(eq(complaints.complainantEmail, email))).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('answers a bot that fills the hidden field as if received, and keeps and mails nothing', async () => {
    const email = `bot-${unique()}@example.test`;
    const response = await post('/unauth/complaints', { name: 'Bot', email, account: bodyShortName, about: 'body', details: 'Buy now', website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(COMPLAINT_MESSAGES.received);
    expect(await t.database.db.select().from(complaints).where(eq(complaints.complainantEmail, email))).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('takes a few complaints an hour from one network, then answers 429', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < COMPLAINT_LIMITS.lodge.max; i++) {
      const response = await post('/unauth/complaints', { name: 'Pat', email: `burst-${i}-${unique()}@example.test`, account: bodyShortName, about: 'body', details: `Complaint ${i}` }, undefined, address);
      expect(response.statusCode).toBe(201);
    }
    const email = `burst-over-${unique()}@example.test`;
    const over = await post('/unauth/complaints', { name: 'Pat', email, account: bodyShortName, about: 'body', details: 'One too many' }, undefined, address);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(COMPLAINT_MESSAGES.tooManyComplaints);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('shows the complaint to whoever has its reference and email, and 404 to a wrong email or reference', async () => {
    const { reference, email } = await lodgePublic();
    const found = await post('/unauth/complaints/lookup', { reference: reference.toLowerCase(), email: email.toUpperCase() });
    expect(found.statusCode).toBe(200);
    expect(found.headers['cache-control']).toBe('no-store');
    expect(found.json<ComplaintPersonView>()).toMatchObject({ reference, status: 'received', details: 'The phone line never answers.', outcome: null, entries: [] });

    const wrongEmail = await post('/unauth/complaints/lookup', { reference, email: 'someone.else@example.test' });
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongEmail.json().message).toBe(COMPLAINT_MESSAGES.lookupNotFound);
    const wrongReference = await post('/unauth/complaints/lookup', { reference: 'CMP-2020-99999', email });
    expect(wrongReference.statusCode).toBe(404);
    expect(wrongReference.json().message).toBe(COMPLAINT_MESSAGES.lookupNotFound);
    const malformed = await post('/unauth/complaints/lookup', { reference: 'APL-1', email });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors.reference).toBe(COMPLAINT_MESSAGES.referenceInvalid);
  });
});

describe('signed-in complainants', () => {
  it('an applicant lodges one and sees only their own', async () => {
    const response = await post('/api/complaints/applicant', { programId, about: 'venue', aboutText: 'Unit 4, Acacia Ridge', details: 'No ventilation in the booth.' }, jwt.ann);
    expect(response.statusCode).toBe(201);
    const { reference } = response.json<{ reference: string }>();
    const row = await complaintOf(reference);
    expect(row).toMatchObject({ complainantKind: 'applicant', complainantUserId: ann.id, complainantName: 'Ann Applicant', complainantEmail: ann.email, programId });
    const [mail] = await mailsTo(ann.email);
    expect(mail).toMatchObject({ subject: `Complaint received: ${reference}`, toUserId: ann.id });

    const mine = (await get('/api/complaints/applicant', jwt.ann)).json<ComplaintSummary[]>();
    expect(mine.map((item) => item.reference)).toContain(reference);
    const one = await get(`/api/complaints/applicant/${row.id}`, jwt.ann);
    expect(one.statusCode).toBe(200);
    expect(one.json<ComplaintPersonView>()).toMatchObject({ reference, program: { programCode, programTitle: 'Welding Supervisor' }, aboutText: 'Unit 4, Acacia Ridge' });

    expect((await get('/api/complaints/applicant', jwt.bob)).json()).toEqual([]);
    expect((await get(`/api/complaints/applicant/${row.id}`, jwt.bob)).statusCode).toBe(404);
    // A public complaint is nobody's in the applicant area, even with the applicant's address.
    const { row: publicRow } = await lodgePublic({ email: ann.email });
    expect((await get(`/api/complaints/applicant/${publicRow.id}`, jwt.ann)).statusCode).toBe(404);
    expect((await get('/api/complaints/applicant', jwt.admin)).statusCode).toBe(403);
  });

  it("a company's coordinator lodges one as employer; the company's users see it, another company does not", async () => {
    const response = await post('/api/complaints/employer', { account: bodyShortName, about: 'examiner', aboutText: 'The examiner at our site test', details: 'Arrived three hours late.' }, jwt.coordinator);
    expect(response.statusCode).toBe(201);
    const row = await complaintOf(response.json<{ reference: string }>().reference);
    expect(row).toMatchObject({ complainantKind: 'employer', complainantUserId: coordinator.id, complainantName: 'Cora Coordinator', complainantEmail: coordinator.email });
    expect((await mailsTo(coordinator.email)).at(-1)!.subject).toBe(`Complaint received: ${row.reference}`);

    expect((await get('/api/complaints/employer', jwt.viewer)).json<ComplaintSummary[]>().map((item) => item.id)).toEqual([row.id]);
    expect((await get(`/api/complaints/employer/${row.id}`, jwt.viewer)).statusCode).toBe(200);
    expect((await post('/api/complaints/employer', { account: bodyShortName, about: 'body', details: 'x' }, jwt.viewer)).statusCode).toBe(403);
    expect((await get('/api/complaints/employer', jwt.otherCoordinator)).json()).toEqual([]);
    expect((await get(`/api/complaints/employer/${row.id}`, jwt.otherCoordinator)).statusCode).toBe(404);
    expect((await post('/api/complaints/applicant', { account: bodyShortName, about: 'body', details: 'x' }, jwt.coordinator)).statusCode).toBe(403);

    const staffView = await details(row.id);
    expect(staffView.complainantCompany).toMatch(/^Company of /);
  });
});

describe('the staff register', () => {
  it('lists the account’s complaints with filters, ages and overdue ones', async () => {
    const { row: late } = await lodgePublic({ about: 'venue', details: `Late ${unique()}` });
    const { row: fresh } = await lodgePublic({ about: 'other', programId, details: `Fresh ${unique()}` });
    // Received 50 days ago: past the 45-day target.
    const receivedOn = new Date(Date.now() - 50 * 86_400_000);
    const receivedDay = dayInTimeZone(receivedOn, timeZone);
    await t.database.db.update(complaints).set({ receivedOn, ...caseTargets(receivedDay, CASE_TARGET_DAYS.complaintDecision) }).where(eq(complaints.id, late.id));

    const page = await get('/api/complaints?pageSize=250', jwt.admin);
    expect(page.statusCode).toBe(200);
    const rows = page.json<{ rows: { id: string; overdue: boolean; ageDays: number; status: string; handlerName: string | null }[] }>().rows;
    expect(rows.find((row) => row.id === late.id)).toMatchObject({ overdue: true, ageDays: 50, status: 'received', handlerName: null });
    expect(rows.find((row) => row.id === fresh.id)).toMatchObject({ overdue: false, ageDays: 0 });

    const ids = async (query: string) => (await get(`/api/complaints?pageSize=250&${query}`, jwt.admin)).json<{ rows: { id: string }[] }>().rows.map((row) => row.id);
    expect(await ids('overdue=true')).toContain(late.id);
    expect(await ids('overdue=true')).not.toContain(fresh.id);
    expect(await ids('overdue=false')).toContain(fresh.id);
    expect(await ids('about=venue')).toContain(late.id);
    expect(await ids('about=venue')).not.toContain(fresh.id);
    expect(await ids(`programId=${programId}`)).toContain(fresh.id);
    expect(await ids(`programId=${programId}`)).not.toContain(late.id);
    expect(await ids('handlerId=none')).toEqual(expect.arrayContaining([late.id, fresh.id]));
    expect(await ids('status=decided')).not.toContain(late.id);
    expect(await ids(`search=${late.reference}`)).toEqual([late.id]);
    expect((await get('/api/complaints?status=lost', jwt.admin)).statusCode).toBe(400);

    const filters = (await get('/api/complaints/filters', jwt.admin)).json<{ programs: { id: string }[]; staff: { name: string }[] }>();
    expect(filters.programs.map((program) => program.id)).toContain(programId);
    expect(filters.staff.map((member) => member.name)).toEqual(expect.arrayContaining(['Hal Handler', 'Eve Examiner']));
  });

  it('refuses staff without the Complaints menu, applicants and company users', async () => {
    for (const token of [jwt.noMenu, jwt.ann, jwt.coordinator]) expect((await get('/api/complaints', token)).statusCode).toBe(403);
    const { row } = await lodgePublic();
    expect((await get(`/api/complaints/${row.id}`, jwt.noMenu)).statusCode).toBe(403);
    expect((await post(`/api/complaints/${row.id}/handler`, { handlerId: handler.id }, jwt.noMenu)).statusCode).toBe(403);
  });

  it("another account's staff see nothing of it and change nothing", async () => {
    const { row } = await lodgePublic({ details: `Only ours ${unique()}` });
    const nzRows = (await get('/api/complaints?pageSize=250', jwt.nzAdmin)).json<{ rows: { id: string }[] }>().rows;
    expect(nzRows.map((item) => item.id)).not.toContain(row.id);
    expect((await get(`/api/complaints/${row.id}`, jwt.nzAdmin)).statusCode).toBe(404);
    for (const [path, payload] of [
      ['handler', { handlerId: handler.id }],
      ['status', { status: 'withdrawn' }],
      ['entries', { text: 'Looking in', sharedWithPerson: true }],
      ['decide', { outcome: 'dismissed', reasons: 'No' }],
      ['changes', { description: 'Nothing' }],
      ['subject', { about: 'body' }],
    ] as const) {
      expect((await post(`/api/complaints/${row.id}/${path}`, payload, jwt.nzAdmin)).statusCode, path).toBe(404);
    }
    const after = await complaintOf(row.reference);
    expect(after).toMatchObject({ status: 'received', handlerId: null, outcome: null });
    expect(await t.database.db.select().from(caseEntries).where(and(eq(caseEntries.complaintId, row.id), eq(caseEntries.kind, 'note')))).toEqual([]);
    // Their own filters name their own staff only.
    const nzFilters = (await get('/api/complaints/filters', jwt.nzAdmin)).json<{ staff: { id: string }[]; programs: { id: string }[] }>();
    expect(nzFilters.staff.map((member) => member.id)).not.toContain(handler.id);
    expect(nzFilters.programs.map((program) => program.id)).not.toContain(programId);
  });
});

describe('handling a complaint', () => {
  it('never makes the person the complaint is about its handler', async () => {
    const { row } = await lodgePublic({ about: 'examiner', aboutText: 'The examiner on 3 May', programId });
    const linked = await post(`/api/complaints/${row.id}/subject`, { about: 'examiner', aboutUserId: examiner.id, programId }, jwt.admin);
    expect(linked.statusCode).toBe(200);
    expect(linked.json<ComplaintDetails>().subject).toMatchObject({ userId: examiner.id, userName: 'Eve Examiner' });
    expect(linked.json<ComplaintDetails>().handlerOptions.find((option) => option.id === examiner.id)!.refusal).toBe(CASE_MESSAGES.handlerIsSubject);
    expect(linked.json<ComplaintDetails>().handlerOptions.find((option) => option.id === handler.id)!.refusal).toBeNull();

    const refused = await post(`/api/complaints/${row.id}/handler`, { handlerId: examiner.id }, jwt.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CASE_MESSAGES.handlerIsSubject);
    expect((await complaintOf(row.reference)).handlerId).toBeNull();

    const notStaff = await post(`/api/complaints/${row.id}/handler`, { handlerId: ann.id }, jwt.admin);
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().message).toBe(CASE_MESSAGES.handlerNotStaff);

    const assigned = await post(`/api/complaints/${row.id}/handler`, { handlerId: handler.id }, jwt.admin);
    expect(assigned.statusCode).toBe(200);
    const state = assigned.json<ComplaintDetails>();
    expect(state).toMatchObject({ status: 'investigating', handler: { id: handler.id, name: 'Hal Handler' } });
    expect(state.entries.map((entry) => [entry.kind, entry.text])).toEqual(expect.arrayContaining([['handler', 'Handler: Hal Handler'], ['status', 'Under investigation']]));
    const handlerMail = (await mailsTo(handler.email)).at(-1)!;
    expect(handlerMail.subject).toBe(`Complaint to handle: ${row.reference}`);

    // Nor may the handler become the complaint's subject afterwards.
    const handlerAsSubject = await post(`/api/complaints/${row.id}/subject`, { about: 'examiner', aboutUserId: handler.id }, jwt.admin);
    expect(handlerAsSubject.statusCode).toBe(409);
    expect(handlerAsSubject.json().message).toBe(CASE_MESSAGES.handlerIsSubject);
    expect((await complaintOf(row.reference)).aboutUserId).toBe(examiner.id);
  });

  it('never makes a staff member with a declared conflict against the complainant its handler (the refusal on the impartiality record)', async () => {
    await t.database.db.insert(staffConflicts).values({ accountId: FIRST_ACCOUNT_ID, staffUserId: colleague.id, applicantUserId: ann.id, kind: 'relative', details: 'Cousin' });
    const lodged = await post('/api/complaints/applicant', { programId, about: 'body', details: 'My results took four months.' }, jwt.ann);
    expect(lodged.statusCode).toBe(201);
    const row = await complaintOf(lodged.json<{ reference: string }>().reference);
    const options = (await details(row.id)).handlerOptions;
    expect(options.find((option) => option.id === colleague.id)!.refusal).toContain('declared a conflict of interest with this applicant (a relative)');
    expect(options.find((option) => option.id === handler.id)!.refusal).toBeNull();

    const refused = await post(`/api/complaints/${row.id}/handler`, { handlerId: colleague.id }, jwt.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Col League cannot be assigned as complaint handler: declared a conflict of interest with this applicant (a relative)');
    expect((await complaintOf(row.reference)).handlerId).toBeNull();
    const events = await t.database.db.select().from(impartialityEvents).where(and(eq(impartialityEvents.staffUserId, colleague.id), eq(impartialityEvents.role, 'complaint_handler')));
    expect(events).toMatchObject([{ outcome: 'refused', programId, actorId: admin.id }]);
    expect((await post(`/api/complaints/${row.id}/handler`, { handlerId: handler.id }, jwt.admin)).statusCode).toBe(200);
  });

  it("never makes a staff member with a declared conflict against a complaining employer's company its handler", async () => {
    const [conflict] = await t.database.db.insert(staffConflicts).values({ accountId: FIRST_ACCOUNT_ID, staffUserId: colleague.id, companyId: coordinator.companyId!, kind: 'employer_in_common' }).returning();
    try {
      const lodged = await post('/api/complaints/employer', { programId, about: 'body', details: 'Our welders waited six weeks for their certificates.' }, jwt.coordinator);
      expect(lodged.statusCode, lodged.body).toBe(201);
      const row = await complaintOf(lodged.json<{ reference: string }>().reference);
      expect((await details(row.id)).handlerOptions.find((option) => option.id === colleague.id)!.refusal).toContain('declared a conflict of interest with');
      const refused = await post(`/api/complaints/${row.id}/handler`, { handlerId: colleague.id }, jwt.admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('Col League cannot be assigned as complaint handler');
      expect((await complaintOf(row.reference)).handlerId).toBeNull();
    } finally {
      await t.database.db.delete(staffConflicts).where(eq(staffConflicts.id, conflict!.id));
    }
  });

  it('shares the entries staff choose with the complainant (mailed), keeps the rest to staff', async () => {
    const { row, reference, email } = await lodgePublic();
    const internal = await post(`/api/complaints/${row.id}/entries`, { text: 'Called the venue manager: denies it.' }, jwt.admin);
    expect(internal.statusCode).toBe(200);
    const shared = await post(`/api/complaints/${row.id}/entries`, { text: 'We have asked the venue for its records.', sharedWithPerson: true }, jwt.admin);
    expect(shared.statusCode).toBe(200);
    expect(shared.json<ComplaintDetails>().entries.filter((entry) => entry.kind === 'note').map((entry) => [entry.text, entry.sharedWithPerson, entry.actorName])).toEqual([
      ['Called the venue manager: denies it.', false, 'Ada Admin'],
      ['We have asked the venue for its records.', true, 'Ada Admin'],
    ]);
    const seen = (await post('/unauth/complaints/lookup', { reference, email })).json<ComplaintPersonView>();
    expect(seen.entries.map((entry) => [entry.text, entry.actorName])).toEqual([['We have asked the venue for its records.', null]]);
    const update = (await mailsTo(email)).at(-1)!;
    expect(update.subject).toBe(`Update on your complaint: ${reference}`);
    expect(update.text).toContain('We have asked the venue for its records.');
    expect(update.text).not.toContain('denies it');

    const empty = await post(`/api/complaints/${row.id}/entries`, { text: '  ' }, jwt.admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.text).toBe(CASE_MESSAGES.textRequired);
  });

  it('is decided by its handler or an administrator, with reasons mailed to the complainant', async () => {
    const { row, reference, email } = await lodgePublic({ about: 'venue' });
    const withoutHandler = await post(`/api/complaints/${row.id}/decide`, { outcome: 'upheld', reasons: 'Too early' }, jwt.admin);
    expect(withoutHandler.statusCode).toBe(409);
    expect(withoutHandler.json().message).toBe(CASE_MESSAGES.noHandler);
    expect((await post(`/api/complaints/${row.id}/handler`, { handlerId: handler.id }, jwt.admin)).statusCode).toBe(200);

    const byColleague = await post(`/api/complaints/${row.id}/decide`, { outcome: 'upheld', reasons: 'Not mine to say' }, jwt.colleague);
    expect(byColleague.statusCode).toBe(403);
    expect(byColleague.json().message).toBe(COMPLAINT_MESSAGES.deciderNotAllowed);
    expect((await details(row.id, jwt.colleague)).cannotDecideBecause).toBe(COMPLAINT_MESSAGES.deciderNotAllowed);
    const noReasons = await post(`/api/complaints/${row.id}/decide`, { outcome: 'upheld', reasons: ' ' }, jwt.handler);
    expect(noReasons.statusCode).toBe(400);
    expect(noReasons.json().fieldErrors.reasons).toBe(CASE_MESSAGES.reasonsRequired);

    const decided = await post(`/api/complaints/${row.id}/decide`, { outcome: 'partly_upheld', reasons: 'The booth lacked extraction on the day; the venue has fitted it since.' }, jwt.handler);
    expect(decided.statusCode).toBe(200);
    expect(decided.json<ComplaintDetails>()).toMatchObject({ status: 'decided', outcome: 'partly_upheld', decidedBy: 'Hal Handler', cannotDecideBecause: CASE_MESSAGES.alreadyDecided, overdue: false });
    const mail = (await mailsTo(email)).at(-1)!;
    expect(mail.subject).toBe(`Complaint decided: ${reference}`);
    expect(mail.text).toContain('Outcome: Partly upheld.');
    expect(mail.text).toContain('Our reasons: The booth lacked extraction on the day; the venue has fitted it since.');
    const seen = (await post('/unauth/complaints/lookup', { reference, email })).json<ComplaintPersonView>();
    expect(seen).toMatchObject({ status: 'decided', outcome: 'partly_upheld', outcomeReasons: 'The booth lacked extraction on the day; the venue has fitted it since.' });

    const again = await post(`/api/complaints/${row.id}/decide`, { outcome: 'dismissed', reasons: 'Second thoughts' }, jwt.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CASE_MESSAGES.alreadyDecided);
    expect((await complaintOf(reference)).outcome).toBe('partly_upheld');
    const assignLate = await post(`/api/complaints/${row.id}/handler`, { handlerId: admin.id }, jwt.admin);
    expect(assignLate.statusCode).toBe(409);
  });

  it('an administrator may decide, but never a complaint about themselves', async () => {
    const { row } = await lodgePublic({ about: 'examiner' });
    expect((await post(`/api/complaints/${row.id}/subject`, { about: 'examiner', aboutUserId: admin.id }, jwt.handler)).statusCode).toBe(200);
    expect((await post(`/api/complaints/${row.id}/handler`, { handlerId: handler.id }, jwt.handler)).statusCode).toBe(200);
    const bySubject = await post(`/api/complaints/${row.id}/decide`, { outcome: 'dismissed', reasons: 'I did nothing wrong' }, jwt.admin);
    expect(bySubject.statusCode).toBe(403);
    expect(bySubject.json().message).toBe(COMPLAINT_MESSAGES.deciderIsSubject);
    const { row: other } = await lodgePublic();
    expect((await post(`/api/complaints/${other.id}/handler`, { handlerId: handler.id }, jwt.admin)).statusCode).toBe(200);
    expect((await post(`/api/complaints/${other.id}/decide`, { outcome: 'dismissed', reasons: 'Not supported by the records.' }, jwt.admin)).statusCode).toBe(200);
  });

  it('moves an open complaint to withdrawn (mailed) and no further', async () => {
    const { row, email, reference } = await lodgePublic();
    const withdrawn = await post(`/api/complaints/${row.id}/status`, { status: 'withdrawn', note: 'The complainant wrote to withdraw it.' }, jwt.admin);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<ComplaintDetails>().status).toBe('withdrawn');
    expect((await mailsTo(email)).at(-1)!.subject).toBe(`Complaint withdrawn: ${reference}`);
    const reopened = await post(`/api/complaints/${row.id}/status`, { status: 'investigating' }, jwt.admin);
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().message).toBe(COMPLAINT_MESSAGES.notOpen);
    const decided = await post(`/api/complaints/${row.id}/decide`, { outcome: 'dismissed', reasons: 'x' }, jwt.admin);
    expect(decided.statusCode).toBe(409);
    expect(decided.json().message).toBe(COMPLAINT_MESSAGES.withdrawn);
  });
});

describe('a complaint about a certificate holder', () => {
  it("links the certificate and its action for staff, and the complainant sees only their own words", async () => {
    const holder = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Harriet', lastName: 'Holdfast' });
    const award = await insertAward(t.database.db, { applicantId: holder.applicantId!, programId, programType: 2, awardedOn: '2025-01-10', expiresOn: '2028-01-09' });
    const [hold] = await t.database.db
      .insert(awardHistory)
      .values({ awardId: award.id, action: 'Hold', fromStatus: 'current', toStatus: 'on_hold', reason: 'Complaint under investigation' })
      .returning({ id: awardHistory.id });
    const { row, reference, email } = await lodgePublic({ about: 'holder', aboutText: `Certificate ${award.certificateNumber}`, programId, details: 'Certificate used for work outside its scope.' });

    const unknown = await post(`/api/complaints/${row.id}/subject`, { about: 'holder', certificateNumber: 'NO-SUCH-1' }, jwt.admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.certificateNumber).toBe(COMPLAINT_MESSAGES.certificateNotFound);
    const linked = await post(`/api/complaints/${row.id}/subject`, { about: 'holder', certificateNumber: award.certificateNumber.toLowerCase(), programId }, jwt.admin);
    expect(linked.statusCode).toBe(200);
    expect(linked.json<ComplaintDetails>().subject).toMatchObject({ userId: holder.id, userName: 'Harriet Holdfast', certificateNumber: award.certificateNumber });
    // The NZ body knows no such certificate.
    expect((await get(`/api/complaints/award-actions?certificateNumber=${award.certificateNumber}`, jwt.nzAdmin)).statusCode).toBe(404);
    const actions = await get(`/api/complaints/award-actions?certificateNumber=${award.certificateNumber}`, jwt.admin);
    expect(actions.json()).toMatchObject([{ historyId: String(hold!.id), action: 'Hold', toStatus: 'on_hold' }]);

    const wrongAction = await post(`/api/complaints/${row.id}/changes`, { description: 'Held', certificateNumber: award.certificateNumber, historyId: '999999999' }, jwt.admin);
    expect(wrongAction.statusCode).toBe(400);
    const change = await post(`/api/complaints/${row.id}/changes`, { description: 'Certificate held while the scope is checked', certificateNumber: award.certificateNumber, historyId: String(hold!.id) }, jwt.admin);
    expect(change.statusCode).toBe(200);
    const other = await post(`/api/complaints/${row.id}/changes`, { description: 'Reminded all holders of the scope rules in the newsletter' }, jwt.admin);
    expect(other.json<ComplaintDetails>().changes).toEqual([
      { description: 'Certificate held while the scope is checked', certificateNumber: award.certificateNumber, awardId: award.id, historyId: String(hold!.id), historyAction: 'Hold', historyOn: expect.any(String) },
      { description: 'Reminded all holders of the scope rules in the newsletter', certificateNumber: null, awardId: null, historyId: null, historyAction: null, historyOn: null },
    ]);
    expect((await complaintOf(reference)).changes).toEqual([
      { kind: 'other', description: 'Certificate held while the scope is checked', awardId: award.id, historyId: String(hold!.id) },
      { kind: 'other', description: 'Reminded all holders of the scope rules in the newsletter' },
    ]);

    const seen = await post('/unauth/complaints/lookup', { reference, email });
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('Harriet');
    expect(seen.body).not.toContain('Holdfast');
    expect(seen.body).not.toContain(holder.id);
    expect(seen.json<ComplaintPersonView>().aboutText).toBe(`Certificate ${award.certificateNumber}`);
  });

  it('links a venue of the body only', async () => {
    const [venue] = await t.database.db.insert(venues).values({ accountId: FIRST_ACCOUNT_ID, title: `Acacia Ridge ${unique()}` }).returning();
    const [nzVenue] = await t.database.db.insert(venues).values({ accountId: nz.id, title: `Penrose ${unique()}` }).returning();
    const { row } = await lodgePublic({ about: 'venue' });
    const foreign = await post(`/api/complaints/${row.id}/subject`, { about: 'venue', aboutVenueId: nzVenue!.id }, jwt.admin);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.aboutVenueId).toBe(COMPLAINT_MESSAGES.venueNotFound);
    const linked = await post(`/api/complaints/${row.id}/subject`, { about: 'venue', aboutVenueId: venue!.id }, jwt.admin);
    expect(linked.json<ComplaintDetails>().subject).toMatchObject({ venueId: venue!.id, venueTitle: venue!.title });
    expect(linked.json<ComplaintDetails>().venueOptions.map((option) => option.id)).not.toContain(nzVenue!.id);
  });
});
