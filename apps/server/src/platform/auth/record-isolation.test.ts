import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { createInvoicedApplication } from '../../../test/factories/invoice.factory';
import { addProgramUser, completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { applications } from '../../db/schema/application';
import { attachments } from '../../db/schema/attachment';
import { awards } from '../../db/schema/award';
import { invoices } from '../../db/schema/payment';
import { applicants, users } from '../../db/schema/user';
import type { RouteAccessEntry } from './authenticate';

/**
 * The record-level half of the authorization matrix (issue 15; OWASP API1 "broken object level
 * authorization"), generated from the route table like its other half: one applicant, Alex, has
 * records of every kind in program P1 (applications, an invoice, an award, a saved file). Every
 * route with a path parameter is then called with each of Alex's ids in its parameters, as
 * another applicant and as staff who serve only on another program (its manager and an assessor,
 * with the Programs and Examinations menus). None of the answers may carry anything of Alex's,
 * none may be a 5xx, and none of the writes may change Alex's rows. A new route is covered the
 * moment it is registered. (Staff menus that are account-wide by design, such as Users, are
 * left out: their rules are tested beside their routes.)
 */

let t: TestApp;
let routes: RouteAccessEntry[];
let alex: CreatedUser;
let ids: string[] = [];
let fileKey = '';
let markers: string[] = [];
type Caller = { name: string; jwt: string; audience: 'applicant' | 'staff' };
const callers: Caller[] = [];
/** Alex and program P1's manager: the probe must find Alex's records through them (it is not looking in the wrong place). */
const owners: Caller[] = [];

async function snapshotOfAlex() {
  const db = t.database.db;
  const applicationRows = await db.select().from(applications).where(eq(applications.applicantId, alex.applicantId!));
  const applicationIds = applicationRows.map((row) => row.id);
  return {
    user: await db.select().from(users).where(eq(users.id, alex.id)),
    applicant: await db.select().from(applicants).where(eq(applicants.id, alex.applicantId!)),
    applications: applicationRows,
    invoices: await db.select().from(invoices).where(inArray(invoices.applicationId, applicationIds)),
    awards: await db.select().from(awards).where(eq(awards.applicantId, alex.applicantId!)),
    files: await db.select().from(attachments).where(eq(attachments.ownerUserId, alex.id)),
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  routes = t.app.routeAccess;
  const db = t.database.db;

  // Program P1 and Alex's records in it.
  const manager1 = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  const program1 = await createProgram(db, { programManagerId: manager1.id, programType: 1, status: 2, programTitle: 'Isolated program' });
  await completeProgram(db, program1.id, 1, manager1.id);
  alex = await createUser(db, { role: ROLES.Applicant, firstName: 'Alex', lastName: 'Quorvantide', email: 'alex.quorvantide@example.test' });
  const invoiced = await createInvoicedApplication(db, { applicant: alex, manager: manager1, programId: program1.id, programCode: program1.programCode });
  const draft = await createApplicationWithModules(db, { applicantId: alex.applicantId!, programId: program1.id, programType: 1, status: 'Application Started', workflowStage: null, programModuleIds: [] });
  const awarded = await createApplicationWithModules(db, { applicantId: alex.applicantId!, programId: program1.id, programType: 1, status: 'Awarded', workflowStage: null, programModuleIds: [] });
  const [award] = await db
    .insert(awards)
    .values({ applicationId: awarded.id, applicantId: alex.applicantId!, programId: program1.id, programType: 1, awardType: 'Awarded', certificateNumber: 'ISO-QRV-0001', awardedOn: '2026-11-01' })
    .returning({ id: awards.id, certificateNumber: awards.certificateNumber });
  const alexJwt = (await signIn(t.app, alex)).jwt;
  owners.push({ name: 'Alex', jwt: alexJwt, audience: 'applicant' }, { name: "P1's manager", jwt: (await signIn(t.app, manager1)).jwt, audience: 'staff' });
  const upload = await uploadFile(t.app, alexJwt, { name: 'quorvantide-evidence.pdf', contentType: 'application/pdf', body: PDF_BYTES });
  if (upload.saved?.statusCode !== 200 || !upload.resourceKey) throw new Error('the upload failed');
  fileKey = upload.resourceKey;
  const [file] = await db.select({ id: attachments.id }).from(attachments).where(eq(attachments.ownerUserId, alex.id));

  ids = [alex.id, alex.applicantId!, program1.id, invoiced.applicationId, invoiced.invoiceId, draft.id, award!.id, awarded.id, file!.id];
  markers = ['Quorvantide', alex.email, invoiced.applicationNumber, draft.applicationNumber, award!.certificateNumber, 'quorvantide-evidence'];

  // Another applicant, and staff who serve on program P2 only.
  const other = await createUser(db, { role: ROLES.Applicant, firstName: 'Blair', lastName: 'Other' });
  const manager2 = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  const assessor2 = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  const program2 = await createProgram(db, { programManagerId: manager2.id, programType: 1, status: 2, programTitle: 'Neighbouring program' });
  await addProgramUser(db, program2.id, assessor2.id, 'assessor');
  callers.push(
    { name: 'another applicant', jwt: (await signIn(t.app, other)).jwt, audience: 'applicant' },
    { name: 'the manager of another program', jwt: (await signIn(t.app, manager2)).jwt, audience: 'staff' },
    { name: 'an assessor of another program', jwt: (await signIn(t.app, assessor2)).jwt, audience: 'staff' },
  );
}, 120_000);

afterAll(async () => {
  await t.close();
});

function admits(route: RouteAccessEntry, audience: 'applicant' | 'staff'): boolean {
  return route.access.audience === 'signed-in' || route.access.audience === audience;
}

/** Each concrete URL of a route: every parameter filled with one of Alex's ids (a wildcard with Alex's file key). */
function urlsOf(pattern: string): string[] {
  if (pattern.endsWith('*')) return [pattern.replace(/:[A-Za-z]+/g, ids[0]!).replace(/\*$/, fileKey)];
  return ids.map((id) => pattern.replace(/:[A-Za-z]+/g, id));
}

/** Calls every route with a path parameter as the caller, reads only or writes too; what shows Alex's markers, and what failed. */
async function probe(caller: Caller, methods: readonly string[]) {
  const withParams = routes.filter((route) => /[:*]/.test(route.url) && methods.includes(route.method) && admits(route, caller.audience));
  const seenIn: string[] = [];
  const failures: string[] = [];
  let requests = 0;
  for (const route of withParams) {
    for (const url of urlsOf(route.url)) {
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const response = await t.app.inject({ method: route.method as 'GET', url, headers: bearer(caller.jwt), ...(hasBody ? { payload: {} } : {}) });
      requests += 1;
      if (response.statusCode >= 500) failures.push(`${caller.name}: ${route.method} ${url}: ${response.statusCode}`);
      const seen = markers.filter((marker) => response.body.includes(marker));
      if (seen.length > 0) seenIn.push(`${caller.name}: ${route.method} ${route.url} (${response.statusCode}) shows ${seen.join(', ')}`);
    }
  }
  return { seenIn, failures, requests };
}

describe("another applicant's and another program's callers get nothing of Alex's", () => {
  it('the probe finds Alex\'s records where they are open: to Alex and to the manager of their program', async () => {
    for (const owner of owners) {
      const { seenIn } = await probe(owner, ['GET']);
      expect(new Set(seenIn).size, `${owner.name} reads Alex's records through several routes`).toBeGreaterThan(4);
    }
  }, 600_000);

  it('from any route with a path parameter, reads and writes alike, and change none of Alex\'s records', async () => {
    expect(routes.filter((route) => /[:*]/.test(route.url)).length).toBeGreaterThan(100);
    const before = await snapshotOfAlex();
    let requests = 0;
    for (const caller of callers) {
      const result = await probe(caller, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
      requests += result.requests;
      expect(result.seenIn).toEqual([]);
      expect(result.failures).toEqual([]);
    }
    expect(requests).toBeGreaterThan(500);
    expect(await snapshotOfAlex()).toEqual(before);
  }, 600_000);
});
