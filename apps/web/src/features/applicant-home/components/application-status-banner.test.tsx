import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '@certs/shared/application/application.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { award, DAY, onlineExam, pendingPayment, schedule } from '../model/test-data';
import { ApplicationStatusBanner } from './application-status-banner';

const application: Application = {
  id: 'app-1',
  applicationNumber: 'Q-2026-00042',
  applicantId: 'applicant-1',
  programId: 'program-1',
  programCode: 'Q-WELD-INSP',
  programTitle: 'Welding Inspector',
  programType: 1,
  status: 'Examinations Stage',
  declarationAccepted: true,
  answers: [],
  createdOn: '2026-11-01T00:00:00.000Z',
  submittedOn: '2026-11-02T00:00:00.000Z',
  modifiedOn: '2026-11-02T00:00:00.000Z',
};

/** The server's answers: the application's payment links and its schedule. */
function serve(payments: unknown[], examinations: unknown) {
  return stubFetch(({ url }) => {
    if (url.includes('/paymentgateway/payment/byapplication/app-1')) return jsonResponse(payments);
    if (url.includes('/qualificationapplication/app-1/myschedule')) return jsonResponse(examinations);
    return jsonResponse({ message: `unexpected ${url}` }, 500);
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the status banner of the applicant’s application', () => {
  it('while payment is due: says what happens next, and Pay invoice is its action with the amount and the last day', async () => {
    const due = { ...pendingPayment, expiresOn: new Date(Date.now() + 7 * DAY).toISOString() };
    serve([due], schedule([]));
    renderWithProviders(<ApplicationStatusBanner type="qualificationapplication" application={application} awards={[]} />);
    const banner = screen.getByTestId('application-read-only');
    const pay = await within(banner).findByRole('link', { name: 'Pay invoice INV-000042' });
    expect(pay).toHaveAttribute('href', '/student/payments/tracker-1');
    expect(banner).toHaveTextContent('Examinations Stage');
    expect(banner).toHaveTextContent('Waiting for your payment of invoice INV-000042');
    expect(banner).toHaveTextContent(/\$1,197\.00 AUD, pay by \d{2}-[A-Z][a-z]{2}-\d{4}/);
    expect(banner).not.toHaveTextContent(/staff will contact you/i);
  });

  it('once paid and scheduled: the next exam with its date, time, and where to sit it online', async () => {
    const exam = { ...onlineExam, scheduledAt: new Date(Date.now() + 3 * DAY).toISOString() };
    serve([{ ...pendingPayment, status: 'Success', displayedStatus: 'Success', paidOn: application.submittedOn }], schedule([exam]));
    renderWithProviders(<ApplicationStatusBanner type="qualificationapplication" application={application} awards={[]} />);
    const banner = screen.getByTestId('application-read-only');
    expect(await within(banner).findByText('Your next examination: IWI-M1 Welding processes.')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'sit it in Examinations' })).toHaveAttribute('href', '/student/examinations');
    expect(banner).toHaveTextContent('90 minutes');
    expect(within(banner).queryByRole('link', { name: /Pay invoice/ })).not.toBeInTheDocument();
  });

  it('once awarded: names the certificate and its expiry', async () => {
    serve([], schedule([], { overallResult: 'Awarded', resultRecordedOn: award.awardDate, modules: [] }));
    renderWithProviders(<ApplicationStatusBanner type="qualificationapplication" application={{ ...application, status: 'Awarded' }} awards={[award]} />);
    const banner = screen.getByTestId('application-read-only');
    expect(await within(banner).findByText('Awarded. Your certificate QWI-2026-0001 is ready to download below.')).toBeInTheDocument();
    expect(banner).toHaveTextContent('Certificate QWI-2026-0001 expires 20-Nov-2031.');
  });
});
