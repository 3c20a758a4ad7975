import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_USER_MESSAGES } from '@certs/shared/account-user/account-user.contract';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';
import { PASSWORD_MESSAGES } from '@certs/shared/auth/password-rule';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';

let t: TestApp;
let superJwt: string;
let accountAdminJwt: string;
let superUser: CreatedUser;
let contributor: CreatedUser;

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Morgan',
  lastName: 'Examiner',
  email: `morgan.${Math.random().toString(36).slice(2, 8)}@example.test`,
  role: ROLES.AccountContributor,
  active: true,
  menuItems: ['Dashboard', 'Programs'],
  password: 'Strong-pass-2026',
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  superUser = await createUser(t.database.db, { role: ROLES.SuperUser, firstName: 'Sue', lastName: 'Perr' });
  const accountAdmin = await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Dashboard', 'Users'] });
  contributor = await createUser(t.database.db, { role: ROLES.AccountContributor, firstName: 'Con', lastName: 'Tributor', menuItems: ['Dashboard', 'Programs', 'Examinations'] });
  superJwt = (await signIn(t.app, superUser)).jwt;
  accountAdminJwt = (await signIn(t.app, accountAdmin)).jwt;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, jwt: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), payload });

describe('admin user list', () => {
  it('pages admin users and never lists applicants', async () => {
    await createUser(t.database.db, { role: ROLES.Applicant, lastName: 'Applicantson' });
    for (let i = 0; i < 12; i++) await createUser(t.database.db, { role: ROLES.User, lastName: `Paged${String(i).padStart(2, '0')}` });
    const first = await get('/api/accountuser/pagination/all', superJwt);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(10);
    expect(body.rows).toHaveLength(10);
    expect(body.totalRows).toBeGreaterThanOrEqual(15);
    expect(body.rows.every((row: { role: number }) => row.role !== ROLES.Applicant)).toBe(true);
    expect(JSON.stringify(body)).not.toContain('password');
    const second = await get('/api/accountuser/pagination/all?page=2&pageSize=10', superJwt);
    const firstIds = new Set(body.rows.map((r: { id: string }) => r.id));
    expect(second.json().rows.some((r: { id: string }) => firstIds.has(r.id))).toBe(false);
  });

  it('searches by name or email, ignoring a blank term', async () => {
    const found = await get('/api/accountuser/pagination/all?search=paged0', superJwt);
    expect(found.json().rows.map((r: { lastName: string }) => r.lastName).sort()).toEqual(
      ['Paged00', 'Paged01', 'Paged02', 'Paged03', 'Paged04', 'Paged05', 'Paged06', 'Paged07', 'Paged08', 'Paged09'],
    );
    expect((await get('/api/accountuser/pagination/all?search=Con%20Trib', superJwt)).json().rows[0].id).toBe(contributor.id);
    expect((await get('/api/accountuser/pagination/all?search=%25', superJwt)).json().totalRows).toBe(0);
    const blank = await get('/api/accountuser/pagination/all?search=%20%20', superJwt);
    expect(blank.json().totalRows).toBe((await get('/api/accountuser/pagination/all', superJwt)).json().totalRows);
  });

  it('refuses page sizes other than the offered ones and unknown query fields', async () => {
    const bad = await get('/api/accountuser/pagination/all?pageSize=7', superJwt);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Page size must be one of 10, 50, 100, 150, 250');
    expect((await get('/api/accountuser/pagination/all?pageSize=250', superJwt)).statusCode).toBe(200);
    expect((await get('/api/accountuser/pagination/all?sort=password', superJwt)).statusCode).toBe(400);
  });
});

describe('creating and editing admin users', () => {
  it('creates a user who can then sign in, and reads it back', async () => {
    const input = newUser();
    const created = await post('/api/accountuser', superJwt, input);
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({ firstName: 'Morgan', email: input.email, role: ROLES.AccountContributor, active: true, menuItems: ['Dashboard', 'Programs'] });
    expect((await get(`/api/accountuser/${user.id}`, superJwt)).json().email).toBe(input.email);
    const signedIn = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { identifier: input.email, password: input.password } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.menuItems).toEqual(['Dashboard', 'Programs']);
  });

  it('gives each invalid field its message and creates nothing', async () => {
    const before = (await get('/api/accountuser/pagination/all', superJwt)).json().totalRows;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '  ' }, 'firstName', ACCOUNT_USER_MESSAGES.firstNameRequired],
      [{ lastName: '' }, 'lastName', ACCOUNT_USER_MESSAGES.lastNameRequired],
      [{ email: '' }, 'email', ACCOUNT_USER_MESSAGES.emailRequired],
      [{ email: 'not-an-email' }, 'email', ACCOUNT_USER_MESSAGES.invalidEmail],
      [{ role: 5 }, 'role', ACCOUNT_USER_MESSAGES.roleRequired],
      // The one password rule, as for applicants (registration.routes.test.ts).
      [{ password: 'short1' }, 'password', PASSWORD_MESSAGES.rule],
      [{ password: 'onlyletterslong' }, 'password', PASSWORD_MESSAGES.rule],
      [{ password: '2026-1234-5678' }, 'password', PASSWORD_MESSAGES.rule],
      [{ email: 'morgan.rule2026@example.test', password: 'morgan.rule2026@example.test' }, 'password', PASSWORD_MESSAGES.rule],
      [{ email: 'morgan.rule2026@example.test', password: 'Morgan.Rule2026' }, 'password', PASSWORD_MESSAGES.rule],
      [{ menuItems: ['Everything'] }, 'menuItems.0', `Invalid option: expected one of ${ADMIN_MENU_ITEMS.map((item) => `"${item}"`).join('|')}`],
    ];
    for (const [override, field, message] of cases) {
      const response = await post('/api/accountuser', superJwt, newUser(override));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fieldErrors[field], field).toBe(message);
    }
    expect((await get('/api/accountuser/pagination/all', superJwt)).json().totalRows).toBe(before);
  });

  it('refuses an email already in use, whatever its case', async () => {
    const response = await post('/api/accountuser', superJwt, newUser({ email: contributor.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: ACCOUNT_USER_MESSAGES.emailTaken, fieldErrors: { email: ACCOUNT_USER_MESSAGES.emailTaken } });
  });

  it('creates one user when the same email is saved several times at once, answering 409 to the others', async () => {
    const input = newUser();
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/accountuser', superJwt, input)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(ACCOUNT_USER_MESSAGES.emailTaken);
  });

  it('updates a user, keeping the password when none is given', async () => {
    const input = newUser();
    const { id } = (await post('/api/accountuser', superJwt, input)).json();
    const { password: _unused, ...withoutPassword } = input;
    const updated = await post(`/api/accountuser/update/${id}`, superJwt, { ...withoutPassword, lastName: 'Assessor', menuItems: [...ADMIN_MENU_ITEMS] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ lastName: 'Assessor', menuItems: [...ADMIN_MENU_ITEMS] });
    const signedIn = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { identifier: input.email, password: input.password } });
    expect(signedIn.statusCode).toBe(200);
  });

  it('answers 404 for a user that does not exist or is an applicant', async () => {
    const applicant = await createUser(t.database.db, { role: ROLES.Applicant });
    expect((await get('/api/accountuser/00000000-0000-4000-8000-000000000000', superJwt)).statusCode).toBe(404);
    expect((await get(`/api/accountuser/${applicant.id}`, superJwt)).statusCode).toBe(404);
    const { password: _unused, ...body } = newUser();
    expect((await post(`/api/accountuser/update/${applicant.id}`, superJwt, body)).statusCode).toBe(404);
  });

  it('does not let a user deactivate themself', async () => {
    const response = await post(`/api/accountuser/update/${superUser.id}`, superJwt, {
      firstName: 'Sue', lastName: 'Perr', email: superUser.email, role: ROLES.SuperUser, active: false, menuItems: [],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ACCOUNT_USER_MESSAGES.cannotDeactivateSelf);
  });
});

describe('who may manage users', () => {
  it('lets an account administrator with the Users menu manage users but not super users', async () => {
    expect((await get('/api/accountuser/pagination/all', accountAdminJwt)).statusCode).toBe(200);
    expect((await post('/api/accountuser', accountAdminJwt, newUser())).statusCode).toBe(201);
    const makeSuper = await post('/api/accountuser', accountAdminJwt, newUser({ role: ROLES.SuperUser }));
    expect(makeSuper.statusCode).toBe(403);
    expect(makeSuper.json().message).toBe(ACCOUNT_USER_MESSAGES.cannotManageSuperUser);
    const { password: _unused, ...body } = newUser({ email: superUser.email, role: ROLES.SuperUser });
    expect((await post(`/api/accountuser/update/${superUser.id}`, accountAdminJwt, body)).statusCode).toBe(403);
  });

  it('refuses contributors, users, admins without the Users menu and applicants, changing nothing', async () => {
    const before = (await get('/api/accountuser/pagination/all', superJwt)).json().totalRows;
    const refused = [
      await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: [...ADMIN_MENU_ITEMS] }),
      await createUser(t.database.db, { role: ROLES.User, menuItems: [...ADMIN_MENU_ITEMS] }),
      await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Dashboard'] }),
      await createUser(t.database.db, { role: ROLES.Applicant }),
    ];
    const after = (await get('/api/accountuser/pagination/all', superJwt)).json().totalRows;
    for (const person of refused) {
      const { jwt } = await signIn(t.app, person);
      expect((await get('/api/accountuser/pagination/all', jwt)).statusCode).toBe(403);
      expect((await get(`/api/accountuser/${contributor.id}`, jwt)).statusCode).toBe(403);
      expect((await post('/api/accountuser', jwt, newUser())).statusCode).toBe(403);
      const { password: _unused, ...body } = newUser({ email: contributor.email });
      expect((await post(`/api/accountuser/update/${contributor.id}`, jwt, body)).statusCode).toBe(403);
    }
    expect((await get('/api/accountuser/pagination/all', superJwt)).json().totalRows).toBe(after);
    expect(after).toBe(before + 3);
    expect((await get(`/api/accountuser/${contributor.id}`, superJwt)).json().lastName).toBe('Tributor');
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/accountuser/pagination/all' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/accountuser', payload: newUser() })).statusCode).toBe(401);
  });
});

describe('saved side menu', () => {
  it('is readable by the user themself and by user managers, not by other admins', async () => {
    const { jwt } = await signIn(t.app, contributor);
    const own = await get(`/api/accountcontributoraccessmenu/${contributor.id}`, jwt);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ userId: contributor.id, menuItems: ['Dashboard', 'Programs', 'Examinations'] });
    expect((await get(`/api/accountcontributoraccessmenu/${contributor.id}`, superJwt)).statusCode).toBe(200);
    expect((await get(`/api/accountcontributoraccessmenu/${superUser.id}`, jwt)).statusCode).toBe(403);
  });
});
