import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../lib/auth';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { applicant } from '../../../test/session-fixtures';
import { LoginForm } from './login-form';

const NO_RESTRICTION = { isBlocked: false, message: null };
const CHECK_URL = '/unauth/loginrestriction/check';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('LoginForm', () => {
  afterEach(() => clearSession('logout'));

  it('shows the server message in an alert and keeps what was typed', async () => {
    stubFetch(({ url }) =>
      url === CHECK_URL
        ? jsonResponse(NO_RESTRICTION)
        : jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' }, 401),
    );
    renderWithProviders(<LoginForm userType="applicant" onSignedIn={() => {}} />);

    const user = await fillIn('someone@example.com', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByLabelText('Email')).toHaveValue('someone@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-password');
    expect(getSession()).toBeNull();
  });

  it('disables the button while sending, then signs in and stores the session', async () => {
    const answer = deferred<Response>();
    const { calls } = stubFetch(({ url }) => (url === CHECK_URL ? jsonResponse(NO_RESTRICTION) : answer.promise));
    const onSignedIn = vi.fn();
    renderWithProviders(<LoginForm userType="applicant" onSignedIn={onSignedIn} />);

    const user = await fillIn('  applicant@demo.local ', 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    answer.resolve(jsonResponse({ jwt: 'token-1', user: applicant }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(applicant));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    const signInCall = calls.find((call) => call.url === '/auth/local/applicant');
    expect(signInCall?.body).toEqual({ identifier: 'applicant@demo.local', password: 'Demo1234!' });
    expect(getSession()).toEqual({ jwt: 'token-1', user: applicant });
  });

  it('shows the required-field messages of the shared schema without sending', async () => {
    const { calls } = stubFetch(() => jsonResponse(NO_RESTRICTION));
    renderWithProviders(<LoginForm userType="admin" onSignedIn={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/auth/'))).toBe(false);
  });

  it('blocks a sign-in the login restriction forbids and shows its message', async () => {
    const { calls } = stubFetch(({ url }) =>
      url === CHECK_URL ? jsonResponse({ isBlocked: true, message: 'Sign-in is paused for exam day.' }) : jsonResponse({ jwt: 'x', user: applicant }),
    );
    renderWithProviders(<LoginForm userType="applicant" onSignedIn={() => {}} />);

    const user = await fillIn('applicant@demo.local', 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in is paused for exam day.');
    const check = calls.find((call) => call.url === CHECK_URL);
    expect(check?.body).toEqual({ identifier: 'applicant@demo.local', userType: 'applicant' });
    expect(calls.some((call) => call.url === '/auth/local/applicant')).toBe(false);
  });

  it('allows sign-in when the restriction cannot be fetched', async () => {
    const onSignedIn = vi.fn();
    stubFetch(({ url }) =>
      url === CHECK_URL ? new Response('down', { status: 503 }) : jsonResponse({ jwt: 'token-2', user: applicant }),
    );
    renderWithProviders(<LoginForm userType="applicant" onSignedIn={onSignedIn} />);
    const user = await fillIn('applicant@demo.local', 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  });

  it('shows the 403 message the server gives when it blocks the sign-in itself', async () => {
    stubFetch(({ url }) =>
      url === CHECK_URL
        ? jsonResponse(NO_RESTRICTION)
        : jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'Only invited applicants may sign in today.' }, 403),
    );
    renderWithProviders(<LoginForm userType="applicant" onSignedIn={() => {}} />);
    const user = await fillIn('applicant@demo.local', 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only invited applicants may sign in today.');
  });

  it('asks for a code after the password when two-step sign-in is on, and signs in with it', async () => {
    const onSignedIn = vi.fn();
    const { calls } = stubFetch(({ url }) => {
      if (url === CHECK_URL) return jsonResponse(NO_RESTRICTION);
      if (url === '/auth/local/applicant') return jsonResponse({ secondFactor: 'code', challengeToken: 'challenge-1' });
      const body = calls.at(-1)?.body as { code?: string } | undefined;
      return body?.code === '123456'
        ? jsonResponse({ jwt: 'token-3', user: applicant })
        : jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'That code is not right' }, 401);
    });
    renderWithProviders(<LoginForm userType="applicant" onSignedIn={onSignedIn} />);
    const user = await fillIn('applicant@demo.local', 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // Focus moves to the code, and no session exists until the second step.
    const codeField = await screen.findByLabelText('Authentication code');
    expect(codeField).toHaveFocus();
    expect(getSession()).toBeNull();
    await user.type(codeField, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Use the code from your app' }));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(applicant));
    expect(calls.at(-1)).toMatchObject({ url: '/auth/local/mfa', body: { challengeToken: 'challenge-1', code: '123456' } });
    expect(getSession()).toEqual({ jwt: 'token-3', user: applicant });
  });

  it('takes a role that must use two-step sign-in through setting it up, keeping the session only once the recovery codes were seen', async () => {
    const onSignedIn = vi.fn();
    const { calls } = stubFetch(({ url }) => {
      if (url === CHECK_URL) return jsonResponse(NO_RESTRICTION);
      if (url === '/auth/local') return jsonResponse({ secondFactor: 'enrolment', challengeToken: 'challenge-2' });
      if (url === '/auth/local/mfa/enrolment') {
        return jsonResponse({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=' });
      }
      return jsonResponse({ jwt: 'token-4', user: applicant, recoveryCodes: ['abcde-fghjk', 'mnpqr-stvwx'] });
    });
    renderWithProviders(<LoginForm userType="admin" onSignedIn={onSignedIn} />);
    const user = await fillIn('admin@demo.local', 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/auth/local/mfa/enrolment')).toHaveLength(1);
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));

    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent('abcde-fghjk');
    expect(calls.at(-1)).toMatchObject({ url: '/auth/local/mfa/enrolment/confirm', body: { challengeToken: 'challenge-2', code: '654321' } });
    // Not yet signed in: the page would leave before the codes were read.
    expect(getSession()).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSignedIn).toHaveBeenCalledWith(applicant);
    expect(getSession()).toEqual({ jwt: 'token-4', user: applicant });
  });
});
