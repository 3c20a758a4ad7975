import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearch, SearchResultPage } from '@certs/shared/advanced-search/advanced-search.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { dayInTimeZone } from '@certs/shared/common/dates';
import type { SaveCsvResponse } from '@certs/shared/export/export.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { createInvoicedApplication } from '../../../test/factories/invoice.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { awards } from '../../db/schema/award';
import { payments } from '../../db/schema/payment';
import { applicants } from '../../db/schema/user';

let t: TestApp;
const jwt: Record<string, string> = {};
let programA: string;
let programB: string;
let ann: CreatedUser;

const post = (url: string, payload: object, who: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(jwt[who]!) });
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt[who]!) });
const search = (filters: object, who: string, paging: object = {}) => post('/api/advancesearch', { filters, ...paging }, who);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Reports', 'Programs'] });
  const outsider = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Reports', 'Programs'] });
  const noReports = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] });
  programA = (await createProgram(db, { programManagerId: manager.id, status: 2, programCode: `SRCH-A-${Date.now()}` })).id;
  programB = (await createProgram(db, { programManagerId: outsider.id, status: 2 })).id;
  ann = await createUser(db, { role: ROLES.Applicant, firstName: 'Annabel', lastName: 'Arc' });
  const ben = await createUser(db, { role: ROLES.Applicant, firstName: 'Benedict', lastName: 'Bead' });
  const cat = await createUser(db, { role: ROLES.Applicant, firstName: 'Catriona', lastName: 'Cap' });
  await db.update(applicants).set({ membershipType: 'individual', memberNumber: 'M-77' }).where(eq(applicants.id, ann.applicantId!));
  const annApp = await createApplicationWithModules(db, { applicantId: ann.applicantId!, programId: programA, programModuleIds: [], status: 'Application Submitted', workflowStage: null });
  await createApplicationWithModules(db, { applicantId: ben.applicantId!, programId: programA, programModuleIds: [], status: 'Being Assessed', workflowStage: null });
  await createApplicationWithModules(db, { applicantId: cat.applicantId!, programId: programB, programModuleIds: [] });
  await db.insert(awards).values({ applicationId: annApp.id, applicantId: ann.applicantId!, programId: programA, programType: 1, awardType: 'Awarded', certificateNumber: `S-${Date.now()}`, awardedOn: '2026-03-04' });
  const invoiced = await createInvoicedApplication(db, { applicant: ann, manager, programId: programA });
  await db.insert(payments).values({ invoiceId: invoiced.invoiceId, applicationId: invoiced.applicationId, gateway: 'offline', amountCents: 35000, status: 'Success', transactionStatus: true, expiresOn: new Date(Date.now() + 86_400_000), paidOn: new Date() });
  for (const [name, user] of Object.entries({ superUser, manager, outsider, noReports, ann })) jwt[name] = (await signIn(t.app, user)).jwt;
});
afterAll(async () => {
  await t.close();
});

describe('advanced search', () => {
  it('refuses applicants and staff without the Reports menu, and a program outside the caller’s', async () => {
    expect((await search({}, 'ann')).statusCode).toBe(403);
    expect((await search({}, 'noReports')).statusCode).toBe(403);
    expect((await search({ programId: programA }, 'outsider')).statusCode).toBe(403);
    expect((await get('/api/advancesearch/saved', 'ann')).statusCode).toBe(403);
  });

  it('combines filters across each entity, within the caller’s programs only', async () => {
    const applications = (await search({ entity: 'applications', status: 'Being Assessed' }, 'manager')).json<SearchResultPage>();
    expect(applications.rows.map((row) => row.name)).toEqual(['Benedict Bead']);
    expect(applications.rows[0]!.link).toMatch(new RegExp(`^/admin/programs/${programA}/applications/qualificationapplication/`));
    const members = (await search({ entity: 'applicants', membership: 'individual' }, 'manager')).json<SearchResultPage>();
    expect(members.rows.map((row) => [row.name, row.reference])).toEqual([['Annabel Arc', 'M-77']]);
    // The outsider reaches only the applicants of their program.
    expect((await search({ entity: 'applicants' }, 'outsider')).json<SearchResultPage>().rows.map((row) => row.name)).toEqual(['Catriona Cap']);
    const everyone = (await search({ entity: 'applicants', searchTerm: 'a' }, 'superUser')).json<SearchResultPage>();
    expect(everyone.totalRows).toBeGreaterThanOrEqual(3);
    const awarded = (await search({ entity: 'awards', from: '2026-03-01', to: '2026-03-31' }, 'manager')).json<SearchResultPage>();
    expect(awarded.rows.map((row) => [row.name, row.status, row.date])).toEqual([['Annabel Arc', 'Current', '2026-03-04']]);
    expect((await search({ entity: 'awards' }, 'outsider')).json<SearchResultPage>().rows).toEqual([]);
    const paid = (await search({ entity: 'payments', status: 'Success', searchTerm: 'annabel' }, 'manager')).json<SearchResultPage>();
    expect(paid.rows).toHaveLength(1);
    expect(paid.rows[0]!.reference).toMatch(/^INV-\d{6,} \(Q-2026-T/);
    expect((await search({ entity: 'payments' }, 'outsider')).json<SearchResultPage>().totalRows).toBe(0);
  });

  it('pages with the total of the whole filter', async () => {
    const first = (await search({ entity: 'applications', programId: programA }, 'manager', { page: 1, pageSize: 10 })).json<SearchResultPage>();
    expect(first.totalRows).toBe(3);
    expect(first.rows).toHaveLength(3);
  });

  it('saves searches per user: names unique per user, others’ saved searches out of reach', async () => {
    const saved = await post('/api/advancesearch/saved', { name: 'Assessing', filters: { entity: 'applications', status: 'Being Assessed' } }, 'manager');
    expect(saved.statusCode).toBe(201);
    const again = await post('/api/advancesearch/saved', { name: 'assessing', filters: {} }, 'manager');
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors.name).toBe('You already have a saved search with this name');
    expect((await post('/api/advancesearch/saved', { name: 'Assessing', filters: {} }, 'outsider')).statusCode).toBe(201);
    expect((await get('/api/advancesearch/saved', 'manager')).json<SavedSearch[]>().map((s) => s.name)).toEqual(['Assessing']);
    const id = saved.json<SavedSearch>().id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/advancesearch/saved/${id}`, headers: bearer(jwt.outsider!) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/advancesearch/saved/${id}`, headers: bearer(jwt.manager!) })).statusCode).toBe(204);
    expect((await get('/api/advancesearch/saved', 'manager')).json<SavedSearch[]>()).toEqual([]);
  });
});

describe('CSV exports (exportcsvdata/save/csv)', () => {
  it('keeps the rows of the screen’s filter and downloads them to their author only, formulas neutralised', async () => {
    const filtered = (await search({ entity: 'applications', programId: programA, status: 'Application Submitted' }, 'manager')).json<SearchResultPage>();
    const header = ['Reference', 'Name', 'Status'];
    const csvContent = [header, ...filtered.rows.map((row) => [row.reference, row.name, row.status ?? '']), ['X', '=HYPERLINK("x")', 'Y']]
      .map((cells) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(','))
      .join('\n');
    const saved = await post('/api/exportcsvdata/save/csv', { csvContent, fileName: 'applications.csv' }, 'manager');
    expect(saved.statusCode).toBe(200);
    const { fileName, rowCount } = saved.json<SaveCsvResponse>();
    expect(fileName).toMatch(/^applications-[0-9a-f]{12}\.csv$/);
    expect(rowCount).toBe(filtered.rows.length + 1);
    const download = await get(`/api/exportcsvdata/download/${fileName}`, 'manager');
    expect(download.statusCode).toBe(200);
    // It downloads under a name a person reads: what it holds and the day, not the stored name's random part (issue 45 item 10).
    expect(download.headers['content-disposition']).toBe(`attachment; filename="applications-${dayInTimeZone(new Date(), 'Australia/Sydney')}.csv"`);
    const records = parse(download.body, { bom: true }) as string[][];
    expect(records[0]).toEqual(header);
    expect(records.slice(1, -1)).toEqual(filtered.rows.map((row) => [row.reference, row.name, row.status]));
    expect(records.at(-1)).toEqual(['X', '\'=HYPERLINK("x")', 'Y']);
    expect((await get(`/api/exportcsvdata/download/${fileName}`, 'outsider')).statusCode).toBe(404);
    expect((await get(`/api/exportcsvdata/download/${fileName}`, 'ann')).statusCode).toBe(403);
  });

  it('refuses a bad file name or unreadable content with a clear message, and logs a failed export', async () => {
    const badName = await post('/api/exportcsvdata/save/csv', { csvContent: 'a\n1', fileName: '../x.sh' }, 'manager');
    expect(badName.statusCode).toBe(400);
    expect(badName.json().fieldErrors.fileName).toBe('File name must end in .csv and use letters, digits, spaces, dots, dashes or underscores');
    const unreadable = await post('/api/exportcsvdata/save/csv', { csvContent: 'a,b\n"unclosed', fileName: 'x.csv' }, 'manager');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toBe('Export failed');
    expect((await post('/api/exportcsvdata/failure', { table: 'Applications', message: 'network' }, 'manager')).statusCode).toBe(204);
    expect((await post('/api/exportcsvdata/save/csv', { csvContent: 'a\n1', fileName: 'x.csv' }, 'ann')).statusCode).toBe(403);
  });
});

describe('another account (issue 40)', () => {
  it("searches, saves searches and exports within its own account: nothing of the first account's is found, and a super user's searches and exports stay with the account they were made in", async () => {
    const db = t.database.db;
    const nz = await createAccount(db, { name: 'Kiwi Search Body' });
    const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Reports', 'Programs'], accountId: nz.id });
    jwt.nzAdmin = (await signIn(t.app, nzAdmin)).jwt;
    for (const entity of ['applications', 'applicants', 'awards', 'payments']) {
      const found = await search({ entity }, 'nzAdmin', { pageSize: 250 });
      expect(found.json<SearchResultPage>(), entity).toMatchObject({ rows: [], totalRows: 0 });
      expect((await search({ entity, searchTerm: 'Annabel' }, 'nzAdmin')).json<SearchResultPage>().totalRows, entity).toBe(0);
    }
    expect((await search({ programId: programA }, 'nzAdmin')).statusCode).toBe(403);

    // A super user's saved search and export of the first account are not theirs once in another account.
    const wanderer = await createUser(db, { role: ROLES.SuperUser });
    jwt.wanderer = (await signIn(t.app, wanderer)).jwt;
    expect((await post('/api/advancesearch/saved', { name: 'Mine', filters: { entity: 'awards' } }, 'wanderer')).statusCode).toBe(201);
    const { fileName } = (await post('/api/exportcsvdata/save/csv', { csvContent: 'Name\nAnnabel Arc', fileName: 'first.csv' }, 'wanderer')).json<SaveCsvResponse>();
    expect((await post('/api/accounts/current', { accountId: nz.id }, 'wanderer')).statusCode).toBe(200);
    expect((await get('/api/advancesearch/saved', 'wanderer')).json<SavedSearch[]>()).toEqual([]);
    expect((await get(`/api/exportcsvdata/download/${fileName}`, 'wanderer')).statusCode).toBe(404);
    expect((await search({ entity: 'applicants', searchTerm: 'Annabel' }, 'wanderer')).json<SearchResultPage>().totalRows).toBe(0);
  });
});
