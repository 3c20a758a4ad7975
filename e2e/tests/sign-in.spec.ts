import { expect, test, type Page } from '../fixtures/test';
import { DEMO, mainMenu, signInAs, signOut } from '../fixtures/demo-accounts';
import { personAt } from '../fixtures/journey';

const ALL_MENU_ITEMS = ['Dashboard', 'Programs', 'Examinations', 'Libraries', 'Archives', 'Users', 'Emails', 'Reports', 'Appeals', 'Complaints', 'Impartiality', 'Exam Quality', 'Discount Codes', 'Contact Us', 'Utilities'];

test('the applicant signs in at /student/login and lands on the applicant home', async ({ page }) => {
  await signInAs(page, '/student/login', DEMO.applicant);
  await expect(page).toHaveURL(/\/student\/applicantHome$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ari Applicant');
  await expect(page.getByTestId('signed-in-email')).toHaveText(DEMO.applicant);
  await expect(page.getByTestId('header-user-name')).toHaveText('Ari Applicant');
});

test('the super user signs in at /admin/login and sees all eleven menu items', async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.superUser);
  await expect(page).toHaveURL(/\/admin\/superUserHome$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Sam Super');
  await expect(mainMenu(page).getByRole('link')).toHaveText(ALL_MENU_ITEMS);
});

test('the contributor sees only the three items of its saved menu', async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.contributor);
  await expect(page).toHaveURL(/\/admin\/accountContributorHome$/);
  await expect(mainMenu(page).getByRole('link')).toHaveText(['Dashboard', 'Programs', 'Examinations']);
  // A menu area outside the saved menu is refused on screen too.
  await page.goto('/admin/users');
  await expect(page.getByText('You do not have access to this area.')).toBeVisible();
});

test('each other role lands on its own home page', async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.accountAdmin);
  await expect(page).toHaveURL(/\/admin\/accountAdminHome$/);
  await signOut(page);
  await signInAs(page, '/admin/login', DEMO.user);
  await expect(page).toHaveURL(/\/admin\/userHome$/);
  await expect(mainMenu(page).getByRole('link')).toHaveText(['Dashboard', 'Reports']);
});

test('logout from an admin page lands on /admin/login and the session is gone', async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.superUser);
  await mainMenu(page).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fusers$/);
});

test('a wrong password and the wrong login page are refused with the server message', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO.superUser);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  // What was typed stays.
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.superUser);

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO.applicant);
  await page.getByLabel('Password').fill('Demo1234!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a page opened without a session goes to the matching login and comes back after sign-in', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fusers$/);
  await page.getByLabel('Email').fill(DEMO.superUser);
  await page.getByLabel('Password').fill('Demo1234!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
});

test('an expired access token is refreshed once from the cookie, without the user noticing', async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.superUser);
  // Spoil the stored access token, as if it had expired; the refresh cookie is still good.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      const value = localStorage.getItem(key) ?? '';
      if (value.includes('eyJ')) localStorage.setItem(key, value.replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/, 'expired.token.value'));
    }
  });
  await page.goto('/admin/users');
  await expect(page.getByTestId('users-table')).toContainText('super@demo.local');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('expired.token.value');
});

// Issue 45 item 18: a page opened after the token lapsed logged two or three 401s before the refresh.
test('a page opened after the access token lapsed refreshes it first, so that no call is refused', async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.superUser);
  // The stored token's expiry moved into the past, as after a break of more than 15 minutes.
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('certs.session') ?? '{}') as { jwt: string };
    const [header, payload, signature] = session.jwt.split('.');
    const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
    const lapsed = btoa(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    localStorage.setItem('certs.session', JSON.stringify({ ...session, jwt: `${header}.${lapsed}.${signature}` }));
  });
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await page.goto('/admin/users');
  await expect(page.getByTestId('users-table')).toContainText('super@demo.local');
  expect(refused).toEqual([]);
});

test('public pages exist in the router', async ({ page }) => {
  for (const [path, heading] of [
    ['/register', 'Register'],
    ['/schedule', 'Exam schedule'],
    ['/personnel-search', 'Personnel search'],
    ['/forgot-password', 'Forgot password'],
    ['/aicip-personnel-search', 'AICIP personnel search'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  }
});

// Issue 15, item 12: the access token once stayed good for 15 minutes after logout.
test('logout ends that browser\'s access token at once, and the same account elsewhere goes on', async ({ browser, request }) => {
  const jwtOf = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('certs.session') ?? '{}') as { jwt?: string }).jwt ?? '');
  const leaving = await personAt(browser, '/admin/login', DEMO.contributor);
  const staying = await personAt(browser, '/admin/login', DEMO.contributor);
  const leavingJwt = await jwtOf(leaving);
  const me = (jwt: string) => request.get('/api/users/me', { headers: { authorization: `Bearer ${jwt}` } });
  expect((await me(leavingJwt)).status()).toBe(200);
  await signOut(leaving);
  // The page forgets the session at once and goes to the login page while its logout request may
  // still be on its way (decision 020); the token ends when the server has it.
  await expect.poll(async () => (await me(leavingJwt)).status()).toBe(401);
  expect((await me(await jwtOf(staying))).status()).toBe(200);
  await staying.reload();
  await expect(staying).toHaveURL(/\/admin\/accountContributorHome$/);
  await leaving.context().close();
  await staying.context().close();
});
