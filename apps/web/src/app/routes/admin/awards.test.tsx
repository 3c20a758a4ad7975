import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { superUser } from '../../../test/session-fixtures';
import { AdminAwardsRoute } from './awards';

afterEach(() => {
  cleanup();
  clearSession('logout');
  reloadSessionFromStorage();
});

describe('the Awards page', () => {
  it('has the trail Programs / Awards without an empty crumb when no program is chosen (issue 45 item 10)', async () => {
    saveSession({ jwt: 'token', user: superUser });
    stubFetch(() => jsonResponse({ rows: [], page: 1, pageSize: 10, totalRows: 0 }));
    renderWithProviders(<AdminAwardsRoute />, { route: '/admin/awards' });
    const trail = (await screen.findByRole('link', { name: 'Programs' })).parentElement!;
    expect(trail).toHaveTextContent(/^Programs\/Awards$/);
  });
});
