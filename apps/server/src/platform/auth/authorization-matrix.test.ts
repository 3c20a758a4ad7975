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
