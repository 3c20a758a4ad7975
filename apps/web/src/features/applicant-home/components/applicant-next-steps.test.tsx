import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { award, DAY, onlineExam, pendingPayment, schedule, sentResit } from '../model/test-data';
import { ApplicantNextSteps } from './applicant-next-steps';

const row = { programCode: 'Q-WELD-INSP', programTitle: 'Welding Inspector', programType: 1, createdOn: '2026-11-01T00:00:00.000Z', submittedOn: '2026-11-02T00:00:00.000Z' };
const paying = { ...row, id: 'app-1', applicationNumber: 'Q-2026-00042', status: 'Examinations Stage' };
const scheduled = { ...row, id: 'app-2', applicationNumber: 'Q-2026-00043', status: 'Examinations Stage' };
const draft = { ...row, id: 'app-3', applicationNumber: 'Q-2026-00044', status: 'Application Started', submittedOn: null };
const failed = { ...row, id: 'app-4', applicationNumber: 'Q-2026-00045', status: 'Failed' };
const held = { ...row, id: 'app-5', applicationNumber: 'Q-2026-00046', status: 'Awarded OnHold' };
const resitting = { ...row, id: 'app-6', applicationNumber: 'Q-2026-00047', status: 'Applied for re-sit' };

function serve(rows: unknown[]) {
  const exam = { ...onlineExam, scheduledAt: new Date(Date.now() + 3 * DAY).toISOString() };
  return stubFetch(({ url }) => {
    if (url.includes('/api/applicant/applications')) return jsonResponse({ rows, page: 1, pageSize: 250, totalRows: rows.length });
    if (url.includes('/byapplication/app-1')) return jsonResponse([{ ...pendingPayment, expiresOn: new Date(Date.now() + 7 * DAY).toISOString() }]);
    if (url.includes('/byapplication/')) return jsonResponse([]);
    if (url.includes('/app-2/myschedule')) return jsonResponse(schedule([exam]));
    if (url.includes('/app-4/myschedule')) return jsonResponse(schedule([], { overallResult: 'Failed', resultRecordedOn: '2026-11-20T00:00:00.000Z', modules: [] }));
    if (url.includes('/app-5/myschedule')) return jsonResponse(schedule([], { overallResult: 'Awarded', resultRecordedOn: '2026-11-20T00:00:00.000Z', modules: [] }));
    if (url.includes('/app-6/myschedule')) return jsonResponse(schedule([], { overallResult: 'Failed', resultRecordedOn: '2026-11-20T00:00:00.000Z', modules: [] }));
    if (url.includes('/myschedule')) return jsonResponse(schedule([]));
    if (url.includes('/resitModules?applicationId=app-6')) {
      return jsonResponse({ applicationId: 'app-6', applicationStatus: 'Applied for re-sit', maxResitsPerModule: null, currency: 'AUD', modules: [], resits: [{ ...sentResit, applicationId: 'app-6', scheduledAt: new Date(Date.now() + 2 * DAY).toISOString() }], canManage: false, choices: null, awardDateRange: null });
    }
    if (url.includes('/api/applicant/awards')) return jsonResponse({ rows: [{ ...award, id: 'award-5', applicationId: 'app-5', status: 'on hold', statusReason: 'Referee statement under review' }], page: 1, pageSize: 250, totalRows: 1 });
    return jsonResponse({ message: `unexpected ${url}` }, 500);
  });
}

const renderHome = () =>
  renderWithProviders(<ApplicantNextSteps applicationHref={(r) => `/student/applications/qualificationapplication/${r.id}`} statusBadge={(status) => <span>{status}</span>} awards={<p>Your awards here</p>} />);

afterEach(() => vi.unstubAllGlobals());

describe('the applicant’s next steps on their home page', () => {
  it('lists each application in progress with what it waits for, the invoice to pay, the exam coming up and the result', async () => {
    serve([paying, scheduled, draft, failed]);
    renderHome();

    const toPay = await screen.findByTestId('invoices-to-pay');
    expect(within(toPay).getByRole('link', { name: 'Pay invoice INV-000042' })).toHaveAttribute('href', '/student/payments/tracker-1');
    expect(toPay).toHaveTextContent(/\$1,197\.00 AUD, pay by/);
    // Pay is offered once on the page: the application's row says what it waits for.
    expect(screen.getAllByRole('link', { name: /Pay invoice/ })).toHaveLength(1);

    const inProgress = screen.getByTestId('applications-in-progress');
    expect(within(inProgress).getByTestId('in-progress-Q-2026-00042')).toHaveTextContent('Waiting for your payment of invoice INV-000042');
    expect(await within(inProgress).findByText('Your next examination: IWI-M1 Welding processes.')).toBeInTheDocument();
    expect(within(inProgress).getByTestId('in-progress-Q-2026-00044')).toHaveTextContent('Finish it and submit it');
    expect(within(inProgress).getByRole('link', { name: 'Q-2026-00044' })).toHaveAttribute('href', '/student/applications/qualificationapplication/app-3');
    // A finished application is a result, not in progress.
    expect(within(inProgress).queryByText('Q-2026-00045')).not.toBeInTheDocument();

    const exams = screen.getByTestId('exams-coming-up');
    expect(exams).toHaveTextContent('IWI-M1 · Welding processes');
    expect(exams).toHaveTextContent(/\d{2}-[A-Z][a-z]{2}-\d{4} \d{1,2}:\d{2}/);
    expect(within(exams).getByRole('link', { name: 'sit it in Examinations' })).toBeInTheDocument();
    expect(exams).toHaveTextContent('Run the system check and try a practice exam there beforehand to check your computer');

    const results = screen.getByTestId('results');
    expect(results).toHaveTextContent('Q-2026-00045');
    expect(results).toHaveTextContent('Failed');
    expect(screen.getByText('Your awards here')).toBeInTheDocument();
  });

  it('shows a result whose award is on hold as such, and a re-sit coming up with its time and venue (issue 45)', async () => {
    serve([held, resitting]);
    renderHome();
    const results = await screen.findByTestId('results');
    expect(await within(results).findByText('Awarded, now on hold')).toBeInTheDocument();
    const exams = await screen.findByTestId('exams-coming-up');
    expect(exams).toHaveTextContent('Re-sit: IWI-M1 · Welding processes');
    expect(exams).toHaveTextContent('120 minutes');
    expect(exams).toHaveTextContent('Venue: Wollongong Testing Hall');
    expect(await screen.findByText('Your next examination: the re-sit of IWI-M1 Welding processes.')).toBeInTheDocument();
  });

  it('with no applications, says so and shows no empty sections', async () => {
    serve([]);
    renderHome();
    expect(await screen.findByText('No application in progress. Choose a program below to apply.')).toBeInTheDocument();
    expect(screen.queryByTestId('invoices-to-pay')).not.toBeInTheDocument();
    expect(screen.queryByTestId('exams-coming-up')).not.toBeInTheDocument();
    expect(screen.queryByTestId('results')).not.toBeInTheDocument();
  });
});
