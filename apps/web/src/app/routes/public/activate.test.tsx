import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ActivateRoute } from './activate';

const APPLICANT_ID = '00000000-0000-4000-8000-0000000000c1';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ActivateRoute', () => {
  it('asks whether the account is active with its activation link, so that no call fails (issue 45 item 18)', async () => {
    const { calls } = stubFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/unauth/applicantregistration/activationpath/link-token') return jsonResponse({ id: APPLICANT_ID, email: 'robin@example.test', message: 'Your account is active' });
      // The server answers the status only to the holder of an activation link, as it does.
      if (url.pathname === `/unauth/applicantregistration/${APPLICANT_ID}` && url.searchParams.get('token') === 'link-token') return jsonResponse({ id: APPLICANT_ID, isActivated: true });
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Registration not found' }, 404);
    });
    renderWithProviders(null, { route: '/register/activate/link-token', routes: [{ path: '/register/activate/:token', element: <ActivateRoute /> }] });
    expect(await screen.findByText('Account activated')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url.startsWith(`/unauth/applicantregistration/${APPLICANT_ID}`))).toBe(true));
    const status = calls.find((call) => call.url.startsWith(`/unauth/applicantregistration/${APPLICANT_ID}`))!;
    expect(new URL(status.url, 'http://localhost').searchParams.get('token')).toBe('link-token');
  });
});
