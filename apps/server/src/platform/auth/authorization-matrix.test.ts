import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';
import { ROLES, type Role } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { requireAccessDeclarations, requireAdmin, type RouteAccessEntry } from './authenticate';

/**
 * The authorization matrix (issue 15; OWASP API1/API5, ASVS 5.0 section 8), generated from the
 * route table: every api/ route declares its access beside itself (its onRequest hook), and each
 * is called here without a token and as every kind of caller its declaration shuts out. The body
 * is one the route's schema refuses (an unknown field with a NUL byte): the answer must still be
 * 401 or 403, never 400, which proves the check runs before validation. Record-level rules (an
 * applicant's own records, a staff member's programs) are probed across the whole table by
 * record-isolation.test.ts, and in detail beside each domain's routes.
 */

let t: TestApp;
let routes: RouteAccessEntry[];
const jwts: Record<'applicant' | 'superUser' | 'noMenuStaff' | 'allMenusUser' | 'companyCoordinator' | 'companyViewer', string> = {
  applicant: '',
  superUser: '',
  noMenuStaff: '',
  allMenusUser: '',
  companyCoordinator: '',
  companyViewer: '',
};
const roleOfCaller: Record<keyof typeof jwts, Role> = {
  applicant: ROLES.Applicant,
  superUser: ROLES.SuperUser,
  noMenuStaff: ROLES.AccountContributor,
  allMenusUser: ROLES.User,
  companyCoordinator: ROLES.CompanyCoordinator,
  companyViewer: ROLES.CompanyViewer,
};
const isCompanyUser = (caller: keyof typeof jwts) => caller === 'companyCoordinator' || caller === 'companyViewer';

beforeAll(async () => {
  t = await buildTestApp();
  routes = t.app.routeAccess;
  const db = t.database.db;
  jwts.applicant = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
  jwts.superUser = (await signIn(t.app, await createUser(db, { role: ROLES.SuperUser }))).jwt;
  jwts.noMenuStaff = (await signIn(t.app, await createUser(db, { role: ROLES.AccountContributor, menuItems: [] }))).jwt;
  jwts.allMenusUser = (await signIn(t.app, await createUser(db, { role: ROLES.User, menuItems: [...ADMIN_MENU_ITEMS] }))).jwt;
  const coordinator = await createUser(db, { role: ROLES.CompanyCoordinator });
  jwts.companyCoordinator = (await signIn(t.app, coordinator)).jwt;
  jwts.companyViewer = (await signIn(t.app, await createUser(db, { role: ROLES.CompanyViewer, companyId: coordinator.companyId! }))).jwt;
});
afterAll(async () => {
  await t.close();
});

/** A concrete URL for a route pattern: any id will do, since authorization comes before the record is read. */
function urlOf(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'attachments/x.pdf');
}

const REFUSED_BODY = { notAField: 'x\u0000y' };

async function call(route: RouteAccessEntry, jwt?: string) {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route.url),
    headers: jwt ? bearer(jwt) : {},
    ...(hasBody ? { payload: REFUSED_BODY } : {}),
  });
}

/** Who a declaration shuts out, among the callers above. */
function isShutOut(route: RouteAccessEntry, caller: keyof typeof jwts): boolean {
  const { access } = route;
  if (access.audience === 'any-user') return false;
  // A company user is neither an applicant nor staff (issue 42): every route of theirs says so.
  if (access.audience === 'signed-in') return isCompanyUser(caller);
  if (access.audience === 'applicant') return caller !== 'applicant';
  if (access.audience === 'employer') return !isCompanyUser(caller) || (access.coordinator === true && caller !== 'companyCoordinator');
  if (caller === 'applicant' || isCompanyUser(caller)) return true;
  if (access.roles && !access.roles.includes(roleOfCaller[caller])) return true;
  if (access.menu && caller === 'noMenuStaff') return true;
  return false;
}

describe('the route table', () => {
  it('holds every api/ route with its declared access', () => {
    expect(routes.length).toBeGreaterThan(200);
    const undeclared = routes.filter((route) => !route.access);
    expect(undeclared).toEqual([]);
    // Applicant routes and staff routes both exist, so neither half of the matrix is empty.
    expect(routes.some((route) => route.access.audience === 'applicant')).toBe(true);
    expect(routes.some((route) => route.access.audience === 'staff' && route.access.menu)).toBe(true);
    expect(routes.some((route) => route.access.audience === 'employer' && route.access.coordinator)).toBe(true);
  });

  it('holds the complaints routes (issue 43): the applicant, company users, and staff with the Complaints menu', () => {
    const complaints = routes.filter((route) => route.url.startsWith('/api/complaints')).map((route) => `${route.method} ${route.url} ${route.access.audience}${'menu' in route.access && route.access.menu ? ` ${route.access.menu}` : ''}${'coordinator' in route.access && route.access.coordinator ? ' coordinator' : ''}`);
    expect(complaints).toEqual(
      expect.arrayContaining([
        'GET /api/complaints/applicant applicant',
        'POST /api/complaints/applicant applicant',
        'GET /api/complaints/applicant/:id applicant',
        'GET /api/complaints/employer employer',
        'POST /api/complaints/employer employer coordinator',
        'GET /api/complaints/employer/:id employer',
        'GET /api/complaints staff Complaints',
        'GET /api/complaints/:id staff Complaints',
        'POST /api/complaints/:id/handler staff Complaints',
        'POST /api/complaints/:id/decide staff Complaints',
      ]),
    );
    expect(complaints.filter((line) => line.includes(' staff ')).every((line) => line.endsWith(' staff Complaints'))).toBe(true);
  });

  it('holds the cut score routes (issue 43), each for staff with the Examinations menu', () => {
    const cutScores = routes.filter((route) => route.url.startsWith('/api/examquality/cutscores/'));
    expect(cutScores.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'DELETE /api/examquality/cutscores/studies/:id/judges/:judgeId',
      'GET /api/examquality/cutscores/studies/:id',
      'GET /api/examquality/cutscores/tests/:testId',
      'POST /api/examquality/cutscores/studies/:id/adopt',
      'POST /api/examquality/cutscores/studies/:id/judges',
      'POST /api/examquality/cutscores/tests/:testId/studies',
      'PUT /api/examquality/cutscores/studies/:id',
      'PUT /api/examquality/cutscores/studies/:id/judges/:judgeId',
      'PUT /api/examquality/cutscores/studies/:id/ratings',
    ]);
    expect(cutScores.every((route) => route.access.audience === 'staff' && route.access.menu === 'Examinations')).toBe(true);
  });

  it('holds the impartiality and staff record routes (issue 43): own records for any staff, registers with the Impartiality menu, administration for administrators', () => {
    const lines = routes
      .filter((route) => route.url.startsWith('/api/conflicts') || route.url.startsWith('/api/staffrecords'))
      .map((route) => {
        const access = route.access as { audience: string; roles?: readonly number[]; menu?: string };
        return `${route.method} ${route.url} ${access.audience}${access.roles ? ` roles ${access.roles.join(',')}` : ''}${access.menu ? ` ${access.menu}` : ''}`;
      })
      .sort();
    expect(lines).toEqual([
      'DELETE /api/staffrecords/:userId/competences/:id staff roles 1,2 Impartiality',
      'GET /api/conflicts staff Impartiality',
      'GET /api/conflicts/agreements staff roles 1,2 Impartiality',
      'GET /api/conflicts/agreements/:id staff',
      'GET /api/conflicts/agreements/mine staff',
      'GET /api/conflicts/agreements/text staff',
      'GET /api/conflicts/applicants staff',
      'GET /api/conflicts/companies staff',
      'GET /api/conflicts/events staff Impartiality',
      'GET /api/conflicts/mine staff',
      'GET /api/conflicts/scope staff Impartiality',
      'GET /api/staffrecords staff roles 1,2 Impartiality',
      'GET /api/staffrecords/:userId staff Impartiality',
      'GET /api/staffrecords/:userId/competences/:id/file staff',
      'GET /api/staffrecords/mine staff',
      'POST /api/conflicts staff',
      'POST /api/conflicts/:id/end staff',
      'POST /api/conflicts/agreements/sign staff',
      'POST /api/staffrecords/:userId/competences staff roles 1,2 Impartiality',
      'PUT /api/conflicts/agreements/text staff roles 1,2 Impartiality',
      'PUT /api/staffrecords/:userId staff roles 1,2 Impartiality',
      'PUT /api/staffrecords/:userId/authorisations staff Impartiality',
      'PUT /api/staffrecords/:userId/competences/:id staff roles 1,2 Impartiality',
    ]);
  });

  it('holds the appeals routes (issue 43): the person lodges and lists, both read one, staff with the Appeals menu do the rest', () => {
    const lines = routes
      .filter((route) => route.url.startsWith('/api/appeals'))
      .map((route) => `${route.method} ${route.url} ${route.access.audience}${'menu' in route.access && route.access.menu ? ` ${route.access.menu}` : ''}`)
      .sort();
    expect(lines).toEqual([
      'GET /api/appeals staff Appeals',
      'GET /api/appeals/:id signed-in',
      'GET /api/appeals/:id/handlers staff Appeals',
      'GET /api/appeals/mine applicant',
      'GET /api/appeals/options applicant',
      'GET /api/appeals/reference/:reference signed-in',
      'POST /api/appeals applicant',
      'POST /api/appeals/:id/decide staff Appeals',
      'POST /api/appeals/:id/handler staff Appeals',
      'POST /api/appeals/:id/notes staff Appeals',
      'POST /api/appeals/:id/status staff Appeals',
    ]);
  });

  it('holds the management review routes (issue 43), each for staff (the service admits administrators and program managers)', () => {
    const lines = routes
      .filter((route) => route.url.startsWith('/api/managementreview'))
      .map((route) => `${route.method} ${route.url} ${route.access.audience}${'menu' in route.access && route.access.menu ? ` ${route.access.menu}` : ''}`)
      .sort();
    expect(lines).toEqual(['GET /api/managementreview staff', 'GET /api/managementreview/csv staff', 'GET /api/managementreview/pdf staff', 'GET /api/managementreview/programs staff']);
  });

  it('holds the exam quality routes (issue 43): the report behind the Exam Quality menu, one\'s own flags for any staff', () => {
    const quality = routes.filter((route) => /^\/api\/examquality\/(tests|flags)\b/.test(route.url));
    expect(quality.map((route) => [route.method, route.url, route.access.audience, 'menu' in route.access ? route.access.menu : undefined]).sort()).toEqual(
      [
        ['GET', '/api/examquality/flags/mine', 'staff', undefined],
        ['GET', '/api/examquality/tests', 'staff', 'Exam Quality'],
        ['GET', '/api/examquality/tests/:id/report', 'staff', 'Exam Quality'],
        ['GET', '/api/examquality/tests/:id/report.csv', 'staff', 'Exam Quality'],
        ['GET', '/api/examquality/tests/:id/report.pdf', 'staff', 'Exam Quality'],
      ].sort(),
    );
  });

  it('refuses to start with a route that declares no access', async () => {
    const app = Fastify();
    const table: RouteAccessEntry[] = [];
    let refusal: unknown = null;
    await app.register(async (scope) => {
      requireAccessDeclarations(scope, table);
      scope.get('/api/declared', { onRequest: requireAdmin() }, async () => 'ok');
      try {
        scope.get('/api/undeclared', async () => 'no');
      } catch (error) {
        refusal = error;
      }
    });
    await app.ready();
    expect(String(refusal)).toContain('GET /api/undeclared declares no access');
    expect(table.map((route) => route.url)).toEqual(['/api/declared']);
    await app.close();
  });
});

describe('every route refuses whom its declaration shuts out, before validating the body', () => {
  it('answers 401 without a token', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const response = await call(route);
      if (response.statusCode !== 401) wrong.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  for (const caller of Object.keys(jwts) as (keyof typeof jwts)[]) {
    it(`answers 403 to ${caller} on the routes not theirs`, async () => {
      const shutOut = routes.filter((route) => isShutOut(route, caller));
      expect(shutOut.length).toBeGreaterThan(0);
      const wrong: string[] = [];
      for (const route of shutOut) {
        const response = await call(route, jwts[caller]);
        if (response.statusCode !== 403) wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 80)}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('lets a route that admits the caller go on to validation (the matrix is not refusing everyone)', async () => {
    const open = routes.filter((route) => route.method === 'POST' && route.access.audience === 'staff' && !route.access.menu && !route.access.roles);
    expect(open.length).toBeGreaterThan(0);
    const statuses = await Promise.all(open.map(async (route) => (await call(route, jwts.superUser)).statusCode));
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(open.length / 2);
  });
});
