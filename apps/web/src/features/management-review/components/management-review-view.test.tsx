import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManagementReviewReport } from '@certs/shared/management-review/management-review.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { stubCsvExports } from '../../../test/export-stub';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { contributor, superUser } from '../../../test/session-fixtures';
import { ManagementReviewView } from './management-review-view';

const SUPERVISION = { id: '20000000-0000-4000-8000-000000000001', programCode: 'C-WELD-SUP', programTitle: 'Certified Welding Supervisor', programType: 2 };
const INSPECTION = { id: '20000000-0000-4000-8000-000000000002', programCode: 'Q-WELD-INSP', programTitle: 'Welding Inspector', programType: 1 };

const noCases = { received: 0, acknowledgedOnTime: 0, meanDaysToAcknowledge: null, decided: 0, decidedOnTime: 0, meanDaysToDecide: null, byOutcome: [], withdrawn: 0, open: 0, overdue: 0, rows: [] };

function reportFor(year: number, programs: (typeof SUPERVISION)[]): ManagementReviewReport {
  return {
    year,
    from: `${year}-01-01`,
    to: `${year}-12-31`,
    timeZone: 'Australia/Sydney',
    accountName: 'Welding Certification Board',
    isAllPrograms: programs.length > 1,
    programs,
    generatedOn: `${year + 1}-01-15T00:00:00.000Z`,
    applications: { started: 12, submitted: 9, byStatus: [{ label: 'Awarded', count: 4 }] },
    awards: { made: 4, byType: [{ label: 'Awarded', count: 4 }], suspended: 1, released: 0, withdrawn: 2, cancelled: 0, expired: 0 },
    byProgram: programs.map((program) => ({ programId: program.id, programCode: program.programCode, programTitle: program.programTitle, started: 6, submitted: 4, awarded: 2, suspended: 1, withdrawn: 1, cancelled: 0, appeals: 1, complaints: 0, sittings: 5 })),
    appeals: {
      ...noCases,
      received: 1,
      decided: 1,
      decidedOnTime: 1,
      meanDaysToDecide: 20,
      byOutcome: [{ label: 'Upheld', count: 1 }],
      rows: [
        {
          reference: 'APL-2025-00001',
          programCode: 'C-WELD-SUP',
          subject: 'A result',
          receivedOn: '2025-02-01',
          acknowledgedOn: '2025-02-03',
          decidedOn: '2025-02-21',
          status: 'Decided',
          outcome: 'Upheld',
          handlerName: 'Hal Handler',
          daysToDecide: 20,
          isOnTime: true,
        },
      ],
    },
    complaints: noCases,
    impartiality: {
      conflictsDeclared: 2,
      conflictsEnded: 1,
      conflictsByKind: [{ label: 'A relative', count: 2 }],
      refusals: 3,
      overrides: 1,
      byRole: [{ role: 'Assessor', refused: 3, overridden: 1 }],
      overrideRows: [{ on: '2025-04-03', programCode: 'C-WELD-SUP', staffName: 'Sam Assessor', role: 'Assessor', reasons: ['declared a conflict: relative'], overrideReason: 'No other assessor', byName: 'Ada Admin' }],
      staffServing: 5,
      agreementsSigned: 4,
      staffWithoutAgreement: ['Max Manager'],
    },
    exams: { sittings: 5, passRate: 80, rows: [{ programCode: 'C-WELD-SUP', moduleCode: 'SUP-1', moduleTitle: 'Coordination', testTitle: 'Coordination exam', sittings: 5, passed: 4, passRate: 80, meanScore: 74.2 }] },
  };
}

afterEach(() => {
  clearSession('logout');
  reloadSessionFromStorage();
});

describe('the management review page', () => {
  it('shows the year’s sections, follows the year and program chosen, and downloads the CSV and PDF of that choice', async () => {
    saveSession({ jwt: 'token', user: superUser });
    const exports = stubCsvExports();
    const { calls } = stubFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/api/managementreview/programs') return jsonResponse({ isAccountWide: true, programs: [SUPERVISION, INSPECTION] });
      if (url.pathname === '/api/managementreview') {
        const programId = url.searchParams.get('programId');
        return jsonResponse(reportFor(Number(url.searchParams.get('year')), programId ? [SUPERVISION] : [SUPERVISION, INSPECTION]));
      }
      if (url.pathname === '/api/managementreview/csv') return new Response('Section,Program,Measure,Value\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="management-review-2025-C-WELD-SUP.csv"' } });
      if (url.pathname === '/api/managementreview/pdf') return new Response('%PDF-', { headers: { 'content-type': 'application/pdf' } });
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
    });
    const user = userEvent.setup();
    renderWithProviders(<ManagementReviewView currentYear={2026} />);

    expect(await screen.findByRole('heading', { level: 2, name: 'Applications' })).toBeInTheDocument();
    for (const name of ['Awards, suspensions and withdrawals', 'By program', 'Appeals', 'Complaints', 'Impartiality', 'Exam statistics']) expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByTestId('review-scope')).toHaveTextContent('every program of the account');
    const applications = within(screen.getByTestId('review-applications'));
    expect(applications.getByRole('rowheader', { name: 'Started in the year' }).closest('tr')).toHaveTextContent('12');
    expect(within(screen.getByTestId('review-awards')).getByRole('rowheader', { name: 'Suspended (Awarded OnHold)' }).closest('tr')).toHaveTextContent('1');
    expect(within(screen.getByTestId('review-appeals')).getByRole('row', { name: /APL-2025-00001/ })).toHaveTextContent('Upheld');
    expect(within(screen.getByTestId('review-impartiality')).getByRole('row', { name: /Sam Assessor/ })).toHaveTextContent('No other assessor');
    // Days as people read dates (issue 45 item 9), not as the API's YYYY-MM-DD.
    expect(screen.getByTestId('review-scope')).toHaveTextContent('Welding Certification Board, 01-Jan-2026 to 31-Dec-2026 (Australia/Sydney)');
    expect(within(screen.getByTestId('review-appeals')).getByRole('row', { name: /APL-2025-00001/ })).toHaveTextContent(/01-Feb-2025.*03-Feb-2025.*21-Feb-2025/);
    expect(within(screen.getByTestId('review-impartiality')).getByRole('row', { name: /Sam Assessor/ })).toHaveTextContent('03-Apr-2025');
    expect(screen.getByText('Not signed: Max Manager')).toBeInTheDocument();
    expect(within(screen.getByTestId('review-exams')).getByRole('row', { name: /Coordination exam/ })).toHaveTextContent('74.2');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2025');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Program' }), SUPERVISION.id);
    await waitFor(() => expect(screen.getByTestId('review-scope')).toHaveTextContent('C-WELD-SUP Certified Welding Supervisor'));
    expect(calls.some((call) => call.url.includes(`/api/managementreview?year=2025&programId=${SUPERVISION.id}`))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(exports.downloads()).toEqual(['management-review-2025-C-WELD-SUP.csv', 'management-review-2025-C-WELD-SUP.pdf']));
    expect(calls.map((call) => call.url)).toEqual(expect.arrayContaining([`/api/managementreview/csv?year=2025&programId=${SUPERVISION.id}`, `/api/managementreview/pdf?year=2025&programId=${SUPERVISION.id}`]));
  });

  it('tells staff who neither administer the account nor manage a program that the review is not theirs', async () => {
    saveSession({ jwt: 'token', user: contributor });
    const { calls } = stubFetch((call) => {
      if (new URL(call.url, 'http://localhost').pathname === '/api/managementreview/programs') return jsonResponse({ isAccountWide: false, programs: [] });
      return jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'No' }, 403);
    });
    renderWithProviders(<ManagementReviewView currentYear={2026} />);
    expect(await screen.findByText('The management review is for account administrators and program managers.')).toBeInTheDocument();
    expect(calls.map((call) => new URL(call.url, 'http://localhost').pathname)).toEqual(['/api/managementreview/programs']);
  });
});
