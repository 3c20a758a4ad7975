import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { accounts } from '../../db/schema/account';

let t: TestApp;
let nz: { id: string; name: string; shortName: string };
let superUser: CreatedUser;
let superJwt: string;
let auAdminJwt: string;
let nzAdmin: CreatedUser;
let nzAdminJwt: string;
let auProgram: { id: string; programCode: string };
let nzProgram: { id: string; programCode: string };
const allButUtilities = ADMIN_MENU_ITEMS.filter((item) => item !== 'Utilities');

const nzSettings = (overrides: Record<string, unknown> = {}) => ({
  name: 'Welding Certification New Zealand',
  shortName: 'wcnz',
  country: 'NZ',
  abn: '',
  nzbn: '9429041234563',
  gstNumber: '49-091-850',
  address: '1 Queen Street, Auckland 1010, New Zealand',
  contactEmail: 'accounts@wcnz.example',
  mailSenderName: 'Welding Certification New Zealand',
  timeZone: 'Pacific/Auckland',
  currency: 'NZD',
  gstRatePercent: 15,
  invoicePrefix: 'NZINV',
  certificateNumberPattern: 'WCNZ-{YYYY}-{N}',
  stripePublishableKey: 'pk_test_nz',
  stripeSecretKey: 'sk_test_nz_secret_value',
  stripeWebhookSecret: '',
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp({ AWARDING_BODY_NAME: 'Board From The Environment' });
  const db = t.database.db;
  nz = await createAccount(db, { name: 'Kiwi Welding Body' });
  superUser = await createUser(db, { role: ROLES.SuperUser });
  const auAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: allButUtilities, lastName: 'Aussie' });
  nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: allButUtilities, lastName: 'Kiwi', accountId: nz.id });
  superJwt = (await signIn(t.app, superUser)).jwt;
  auAdminJwt = (await signIn(t.app, auAdmin)).jwt;
  nzAdminJwt = (await signIn(t.app, nzAdmin)).jwt;
  auProgram = await createProgram(db, { programManagerId: auAdmin.id, programTitle: 'Australian program' });
  nzProgram = await createProgram(db, { programManagerId: nzAdmin.id, programTitle: 'Kiwi program', accountId: nz.id });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, jwt: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

describe('the first account', () => {
  it('follows the AWARDING_BODY_* settings until its settings are saved', async () => {
    const response = await call('GET', `/api/accounts/${FIRST_ACCOUNT_ID}`, superJwt);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Board From The Environment', followsEnvironment: true, currency: 'AUD', gstRatePercent: 10 });
  });
});

describe('the current account and the switcher', () => {
  it('tells staff which account they work in; only a super user sees the others', async () => {
    const mine = (await call('GET', '/api/accounts/current', nzAdminJwt)).json();
    expect(mine.account).toMatchObject({ id: nz.id, name: 'Kiwi Welding Body' });
    expect(mine.accounts).toHaveLength(1);
    expect(mine.canSwitch).toBe(false);
    expect(mine.hasSeveralAccounts).toBe(true);
    const superView = (await call('GET', '/api/accounts/current', superJwt)).json();
    expect(superView.account.id).toBe(FIRST_ACCOUNT_ID);
    expect(superView.canSwitch).toBe(true);
    expect(superView.accounts.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([FIRST_ACCOUNT_ID, nz.id]));
  });

  it('moves a super user into another account, whose programs they then see instead', async () => {
    const jwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.SuperUser }))).jwt;
    const codes = async () => (await call('GET', '/api/program/pagination?page=1&pageSize=250', jwt)).json().rows.map((row: { programCode: string }) => row.programCode);
    expect(await codes()).toContain(auProgram.programCode);
    expect(await codes()).not.toContain(nzProgram.programCode);
    const switched = await call('POST', '/api/accounts/current', jwt, { accountId: nz.id });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().account.id).toBe(nz.id);
    expect(await codes()).toContain(nzProgram.programCode);
    expect(await codes()).not.toContain(auProgram.programCode);
  });

  it('refuses the switch to anyone but a super user, and changes nothing', async () => {
    const response = await call('POST', '/api/accounts/current', nzAdminJwt, { accountId: FIRST_ACCOUNT_ID });
    expect(response.statusCode).toBe(403);
    expect((await call('GET', '/api/accounts/current', nzAdminJwt)).json().account.id).toBe(nz.id);
    expect((await call('GET', '/api/accounts', nzAdminJwt)).statusCode).toBe(403);
  });
});

describe('the platform overview', () => {
  it("counts each account's programs and staff for super users, and refuses anyone else", async () => {
    const response = await call('GET', '/api/accounts/overview', superJwt);
    expect(response.statusCode).toBe(200);
    const kiwi = response.json().accounts.find((row: { id: string }) => row.id === nz.id);
    expect(kiwi).toMatchObject({ name: 'Kiwi Welding Body', programs: 1, publishedPrograms: 0 });
    expect(kiwi.activeStaff).toBeGreaterThanOrEqual(1);
    expect(typeof response.json().mailsQueued).toBe('number');
    expect((await call('GET', '/api/accounts/overview', nzAdminJwt)).statusCode).toBe(403);
  });
});

describe('account settings', () => {
  it('lets a super user create an account, and never sends the gateway secret back', async () => {
    const response = await call('POST', '/api/accounts', superJwt, nzSettings());
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ shortName: 'wcnz', currency: 'NZD', gstRatePercent: 15, hasStripeSecretKey: true, hasStripeWebhookSecret: false, followsEnvironment: false });
    expect(response.body).not.toContain('sk_test_nz_secret_value');
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, created.id));
    expect(row?.stripeSecretKeyEncrypted).toBeTruthy();
    expect(row?.stripeSecretKeyEncrypted).not.toContain('sk_test_nz');
    const again = await call('POST', '/api/accounts', superJwt, nzSettings());
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors).toEqual({ shortName: ACCOUNT_MESSAGES.shortNameTaken });
  });

  it('refuses bad identifiers with a message at each field', async () => {
    const response = await call('POST', '/api/accounts', superJwt, nzSettings({ shortName: 'bad-ids', nzbn: '9429041234564', gstNumber: '136410133', gstRatePercent: 15.555 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({ nzbn: ACCOUNT_MESSAGES.nzbnInvalid, gstNumber: ACCOUNT_MESSAGES.gstNumberInvalid, gstRatePercent: ACCOUNT_MESSAGES.gstRateRange });
    const au = await call('POST', '/api/accounts', superJwt, nzSettings({ shortName: 'bad-abn', country: 'AU', abn: '12 345 678 901' }));
    expect(au.json().fieldErrors).toMatchObject({ abn: ACCOUNT_MESSAGES.abnInvalid });
    expect((await call('GET', '/api/accounts', superJwt)).json().map((a: { shortName: string }) => a.shortName)).not.toContain('bad-ids');
  });

  it("lets an account administrator save their own account, keeping the kept secret when none is sent", async () => {
    const before = (await call('GET', `/api/accounts/${nz.id}`, nzAdminJwt)).json();
    const saved = await call('PUT', `/api/accounts/${nz.id}`, nzAdminJwt, nzSettings({ shortName: nz.shortName, name: 'Kiwi Welding Body', stripeSecretKey: 'sk_kept' }));
    expect(saved.statusCode).toBe(200);
    const kept = await call('PUT', `/api/accounts/${nz.id}`, nzAdminJwt, nzSettings({ shortName: nz.shortName, name: 'Kiwi Welding Body', stripeSecretKey: '' }));
    expect(kept.json()).toMatchObject({ hasStripeSecretKey: true, invoicePrefix: 'NZINV', modifiedOn: expect.any(String) });
    expect(kept.json().modifiedOn).not.toBe(before.modifiedOn);
  });

  it("answers 404 to an account administrator asking for another account's settings, and changes nothing", async () => {
    expect((await call('GET', `/api/accounts/${FIRST_ACCOUNT_ID}`, nzAdminJwt)).statusCode).toBe(404);
    const write = await call('PUT', `/api/accounts/${FIRST_ACCOUNT_ID}`, nzAdminJwt, nzSettings({ shortName: 'main', name: 'Taken over' }));
    expect(write.statusCode).toBe(404);
    expect((await call('GET', `/api/accounts/${FIRST_ACCOUNT_ID}`, auAdminJwt)).json().name).toBe('Board From The Environment');
  });

  it('refuses settings to contributors (403)', async () => {
    const contributor = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    expect((await call('GET', `/api/accounts/${FIRST_ACCOUNT_ID}`, (await signIn(t.app, contributor)).jwt)).statusCode).toBe(403);
  });
});

describe("nothing of one account reaches another's staff", () => {
  it('lists only the own account\'s programs, and answers 404 for the other\'s', async () => {
    const list = (await call('GET', '/api/program/pagination?page=1&pageSize=250', nzAdminJwt)).json();
    expect(list.rows.map((row: { programCode: string }) => row.programCode)).toEqual([nzProgram.programCode]);
    expect((await call('GET', `/api/program/${auProgram.id}`, nzAdminJwt)).statusCode).toBe(404);
    expect((await call('GET', `/api/userprivilege/program/${auProgram.id}`, nzAdminJwt)).statusCode).toBe(404);
    expect((await call('GET', `/api/program/${nzProgram.id}`, nzAdminJwt)).statusCode).toBe(200);
  });

  it("lists only the own account's staff, and refuses another account's user (404)", async () => {
    const users = (await call('GET', '/api/accountuser/pagination/all?page=1&pageSize=250', nzAdminJwt)).json();
    const names = users.rows.map((row: { lastName: string }) => row.lastName);
    expect(names).toContain('Kiwi');
    expect(names).not.toContain('Aussie');
    expect((await call('GET', `/api/accountuser/${superUser.id}`, nzAdminJwt)).statusCode).toBe(404);
    const auUsers = (await call('GET', '/api/accountuser/pagination/all?page=1&pageSize=250', auAdminJwt)).json();
    expect(auUsers.rows.map((row: { lastName: string }) => row.lastName)).not.toContain('Kiwi');
  });

  it("does not let a program of one account be managed by the other's staff", async () => {
    const response = await call('POST', '/api/program', nzAdminJwt, {
      programCode: 'NZ-NEW-1',
      programTitle: 'Kiwi new program',
      programType: 2,
      programManager: superUser.id,
    });
    expect(response.statusCode).toBe(400);
  });
});
