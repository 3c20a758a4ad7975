import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { clearSession, getSession, reloadSessionFromStorage, saveSession } from '../lib/auth';
import { jsonResponse, stubFetch, type RecordedCall } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render-with-providers';
import { applicant, contributor, superUser } from '../test/session-fixtures';
import { routes } from './router';

// Pages load on demand (lazy-route.tsx): the first visit of each imports its module, which vitest
// transforms then, seconds on a busy machine. The queries still wait for what a person would see.
configure({ asyncUtilTimeout: 20_000 });

function serve(user: SessionUser | null, extra: (call: RecordedCall) => Response | null = () => null) {
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/unauth/loginrestriction/check') return jsonResponse({ isBlocked: false, message: null });
    if (call.url === '/api/users/me' && user) return jsonResponse(user);
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
}

function renderApp(route: string, user: SessionUser | null, extra?: (call: RecordedCall) => Response | null) {
  if (user) saveSession({ jwt: 'token', user });
  const stub = serve(user, extra);
  return { ...renderWithProviders(null, { route, routes }), ...stub };
}

describe('app routes', () => {
  afterEach(() => {
    clearSession('logout');
    reloadSessionFromStorage();
  });

  it('sends / to the applicant login', async () => {
    const { router } = renderApp('/', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Applicant sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student/login');
  });

  it('sends an admin route without a session to the admin login with next', async () => {
    const { router } = renderApp('/admin/users', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin sign in' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin/login?next=%2Fadmin%2Fusers');
  });

  it('does not let an applicant session into the admin area', async () => {
    const { router } = renderApp('/admin/superUserHome', applicant);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('shows the applicant home with who is signed in', async () => {
    renderApp('/student/applicantHome', applicant);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ari Applicant' })).toBeInTheDocument();
    expect(screen.getByTestId('signed-in-email')).toHaveTextContent('applicant@demo.local');
    expect(screen.getByTestId('signed-in-role')).toHaveTextContent('Applicant');
  });

  it('lists every menu item for the super user, in menu order', async () => {
    renderApp('/admin/superUserHome', superUser);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual([...ADMIN_MENU_ITEMS]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam Super' })).toBeInTheDocument();
  });

  it("lists only a contributor's saved menu, and keeps them on their own home", async () => {
    const { router } = renderApp('/admin/superUserHome', contributor);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Programs', 'Examinations']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/accountContributorHome'));
    expect(await screen.findByTestId('signed-in-role')).toHaveTextContent('Account Contributor');
  });

  it('opens the Dashboard, built since (issue 20), instead of the "not available yet" page', async () => {
    renderApp('/admin/dashboard', contributor);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('This area is not available yet.')).not.toBeInTheDocument();
  });

  it.each([
    ['/personnel-search', 'Personnel search', '/unauth/application/companyreports/search'],
    ['/aicip-personnel-search', 'AICIP personnel search', '/unauth/application/companyreports/aicip'],
  ])('has the public register %s, searched without signing in', async (path, heading, endpoint) => {
    const { calls } = renderApp(path, null, (call) =>
      call.url === endpoint ? jsonResponse({ rows: [], page: 1, pageSize: 10, totalRows: 0 }) : null,
    );
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search for' }), 'Nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No certificate holder matches “Nobody”.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === endpoint)?.body).toEqual({ searchTerm: 'Nobody', currentPage: 1, perPageCount: 10 });
  });

  it('has the public verification page of a certificate', async () => {
    renderApp('/verify/C-WELD-SUP-0001', null, (call) =>
      call.url === '/unauth/verify/C-WELD-SUP-0001'
        ? jsonResponse({ name: 'Hana Holder', programCode: 'C-WELD-SUP', programTitle: 'Welding Supervisor', certificateNumber: 'C-WELD-SUP-0001', awardDate: '2026-02-03', expiresOn: null, status: 'on hold', designations: [], issuingBody: 'Welding Certification Board of Australia and New Zealand', issuingBodyLogoUrl: null })
        : null,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'On hold' })).toBeInTheDocument();
    expect(screen.getByText('This certificate is not valid at present.')).toBeInTheDocument();
    expect(screen.getByText('Hana Holder')).toBeInTheDocument();
  });

  it('has the public exam schedule without signing in', async () => {
    const { calls } = renderApp('/schedule', null, (call) =>
      call.url.startsWith('/unauth/schedule') ? jsonResponse({ from: '2026-11-22', to: '2027-02-19', places: [], days: [] }) : null,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Exam schedule' })).toBeInTheDocument();
    expect(await screen.findByText('No exam sessions, at a venue, a test centre or online, are scheduled in this period.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/unauth/schedule'))).toBe(true);
  });

  it.each([
    ['/register', 'Register', 'Create account'],
    ['/forgot-password', 'Forgot password', 'Send reset link'],
  ])('has the account page %s', async (path, heading, button) => {
    renderApp(path, null);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
  });

  it('logs out to the login of the current area, clearing the session', async () => {
    const { router, calls } = renderApp('/admin/programs', contributor, (call) =>
      call.url === '/auth/local/logout' ? new Response(null, { status: 204 }) : null,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin sign in' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin/login');
    expect(getSession()).toBeNull();
    expect(calls.some((call) => call.url === '/auth/local/logout' && call.method === 'POST')).toBe(true);
  });

  it('forgets the user at once, while the server has not yet answered the logout, and a new sign-in waits for that answer', async () => {
    let answerLogout: (response: Response) => void = () => undefined;
    const stub = stubFetch((call) => {
      if (call.url === '/auth/local/logout') return new Promise<Response>((resolve) => (answerLogout = resolve));
      if (call.url === '/unauth/loginrestriction/check') return jsonResponse({ isBlocked: false, message: null });
      if (call.url === '/auth/local/applicant') return jsonResponse({ jwt: 'new-token', user: applicant });
      if (call.url === '/api/users/me') return jsonResponse(applicant);
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
    });
    saveSession({ jwt: 'token', user: applicant });
    const { router } = renderWithProviders(null, { route: '/student/applicantHome', routes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applicant sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student/login');
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('certs.session')).toBeNull();
    expect(stub.calls.filter((call) => call.url === '/auth/local/logout')).toHaveLength(1);

    // Signing in again at once: the logout's answer clears the refresh cookie, so the sign-in is
    // sent only after it, never answered before it.
    await user.type(screen.getByLabelText('Email'), applicant.email);
    await user.type(screen.getByLabelText('Password'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(stub.calls.some((call) => call.url === '/unauth/loginrestriction/check')).toBe(true));
    expect(stub.calls.some((call) => call.url === '/auth/local/applicant')).toBe(false);
    answerLogout(new Response(null, { status: 204 }));
    await waitFor(() => expect(getSession()?.jwt).toBe('new-token'));
    const order = stub.calls.map((call) => call.url).filter((url) => url.startsWith('/auth/local'));
    expect(order).toEqual(['/auth/local/logout', '/auth/local/applicant']);
  });

  it('saves a new time zone and keeps it in the stored user', async () => {
    const { calls } = renderApp('/student/applicantHome', applicant, (call) =>
      call.url === '/api/users/me/preferences' ? jsonResponse({ ...applicant, timeZone: 'Australia/Perth' }) : null,
    );
    await userEvent.setup().selectOptions(await screen.findByLabelText('Time zone'), 'Perth');
    await waitFor(() => expect(getSession()?.user.timeZone).toBe('Australia/Perth'));
    expect(calls.find((call) => call.url === '/api/users/me/preferences')?.body).toEqual({ timeZone: 'Australia/Perth' });
    expect(screen.getByLabelText('Time zone')).toHaveValue('Australia/Perth');
  });
});
