import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE_FIELDS, type CertificateTemplate } from '@certs/shared/certificate/certificate-template.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { superUser } from '../../../test/session-fixtures';
import { AssignPrograms } from './assign-programs';
import { RequirementsChecklist } from './requirements-checklist';

const withoutScopeAndExpiry = DEFAULT_TEMPLATE_FIELDS.filter((field) => field.field !== 'scope' && field.field !== 'expiryDate');

afterEach(() => {
  clearSession('logout');
  reloadSessionFromStorage();
});

describe('what a certificate must state', () => {
  it('ticks off each requirement placed and names those the template lacks', () => {
    renderWithProviders(<RequirementsChecklist fields={withoutScopeAndExpiry} />);
    const list = screen.getByTestId('certificate-requirements');
    const missing = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('data-met') === 'false')
      .map((item) => item.textContent);
    expect(missing).toEqual([expect.stringContaining('Scope (missing: place the Scope field)'), expect.stringContaining('Expiry date (missing: place the Expiry date field)')]);
    expect(screen.getByRole('status')).toHaveTextContent('The template lacks: scope, expiry date');
  });

  it('says so when the template states everything', () => {
    renderWithProviders(<RequirementsChecklist fields={DEFAULT_TEMPLATE_FIELDS} />);
    expect(screen.getByRole('status')).toHaveTextContent('The template states everything a certificate must.');
  });
});

describe('assigning a template', () => {
  it('marks the programs the template falls short for and shows the server’s refusal', async () => {
    saveSession({ jwt: 'token', user: superUser });
    const template: CertificateTemplate = {
      id: '30000000-0000-4000-8000-000000000001',
      title: 'Short',
      orientation: 'landscape',
      fields: withoutScopeAndExpiry,
      background: null,
      signature: null,
      isDefault: false,
      programs: [],
      modifiedOn: '2026-11-20T00:00:00.000Z',
    };
    stubFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/api/certificatetemplate/programs')
        return jsonResponse([
          { id: '20000000-0000-4000-8000-000000000002', programCode: 'C-SUP', programTitle: 'Supervisor', programType: 2, templateId: null },
          { id: '20000000-0000-4000-8000-000000000001', programCode: 'Q-INSP', programTitle: 'Inspector', programType: 1, templateId: null },
        ]);
      if (call.method === 'PUT') return jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'The template lacks: scope, expiry date' }, 400);
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
    });
    const user = userEvent.setup();
    renderWithProviders(<AssignPrograms template={template} />);
    const input = await screen.findByRole('textbox', { name: 'Use for program' });
    await user.click(input);
    const listbox = await waitFor(() => {
      const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
      if (!found) throw new Error('the dropdown has not opened');
      return found;
    });
    // A Qualification does not expire: the same template lacks only the scope there.
    expect(within(listbox).getByRole('option', { name: 'Q-INSP Inspector (lacks: scope)', hidden: true })).toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: 'C-SUP Supervisor (lacks: scope, expiry date)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The template lacks: scope, expiry date');
  });
});
