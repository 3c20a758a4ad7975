import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { superUser } from '../../../test/session-fixtures';
import { useSyncCurrentUser } from '../api/fetch-current-user';
import { TimeZoneSelect } from './time-zone-select';

/** The header as a layout has it: the signed-in user read again when it opens, and the select. */
function HeaderWithSync() {
  useSyncCurrentUser();
  return <TimeZoneSelect />;
}

describe('TimeZoneSelect', () => {
  afterEach(() => {
    clearSession('logout');
    vi.unstubAllGlobals();
  });

  it('has a visible label, not only a name for screen readers', () => {
    renderWithProviders(<TimeZoneSelect />);
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    expect(select).not.toHaveAttribute('aria-label');
    const label = screen.getByText('Time zone');
    expect(label.tagName).toBe('LABEL');
    expect(label).toHaveAttribute('for', select.id);
    expect(label).toBeVisible();
    expect(select).toHaveValue('Australia/Sydney');
  });

  it('keeps a zone saved while the layout’s read of the user, sent before the save, is still on its way', async () => {
    saveSession({ jwt: 'token', user: superUser });
    let answerRead: () => void = () => undefined;
    const readAnswered = new Promise<void>((resolve) => (answerRead = resolve));
    const stub = stubFetch(async (call) => {
      if (call.url === '/api/users/me') {
        // The read left at sign-in, before the save; it answers after the save, with the old zone.
        await readAnswered;
        return jsonResponse(superUser);
      }
      if (call.url === '/api/users/me/preferences') return jsonResponse({ ...superUser, timeZone: 'Australia/Brisbane' });
      return jsonResponse({ message: `unexpected ${call.url}` }, 404);
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<HeaderWithSync />);
    await waitFor(() => expect(stub.calls.some((call) => call.url === '/api/users/me')).toBe(true));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Australia/Brisbane');
    expect(await screen.findByText('Times are now shown in Brisbane time.')).toBeInTheDocument();
    answerRead();
    // Nothing is being read any more: the late answer has landed, or was called off.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Australia/Brisbane');
    expect(getSession()?.user.timeZone).toBe('Australia/Brisbane');
  });
});
