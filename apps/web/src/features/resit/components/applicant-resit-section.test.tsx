import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResitApplicationView, ResitModule } from '@certs/shared/resit/resit.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ApplicantResitSection } from './applicant-resit-section';

const APPLICATION_ID = '70000000-0000-4000-8000-000000000001';

const failedModule: ResitApplicationView['modules'][number] = {
  applicationModuleId: '70000000-0000-4000-8000-000000000011',
  programModuleId: '70000000-0000-4000-8000-000000000021',
  moduleCode: 'M2',
  moduleTitle: 'Weld inspection',
  firstResult: 'Fail',
  currentResult: 'Fail',
  reSitAllowed: true,
  resitsTaken: 0,
  feeCents: 12000,
  cannotApplyBecause: null,
  passPercentage: 70,
  invigilated: false,
};

const unpaidResit: ResitModule = {
  id: '70000000-0000-4000-8000-000000000031',
  applicationId: APPLICATION_ID,
  applicationNumber: 'WQ-2026-00003',
  applicationStatus: 'Applied for re-sit',
  programId: '70000000-0000-4000-8000-000000000041',
  programCode: 'WQ-1',
  programTitle: 'Welder qualification',
  applicantName: 'Nia Holder',
  applicationModuleId: '70000000-0000-4000-8000-000000000012',
  moduleCode: 'M1',
  moduleTitle: 'Fillet welds',
  attempt: 1,
  stage: 'Resit Applied',
  feeCents: 9500,
  currency: 'AUD',
  feeBasis: 'member',
  invoiceId: '70000000-0000-4000-8000-000000000051',
  invoiceStatus: 'Issued',
  invoiceTotalCents: 9500,
  paymentTrackerId: '70000000-0000-4000-8000-000000000061',
  examKind: null,
  whatToBring: null,
  scheduledAt: null,
  scheduleTimeZone: null,
  scheduledLocal: null,
  durationMinutes: null,
  venue: null,
  testCentre: null,
  examiner: null,
  invigilator: null,
  examDefinition: null,
  scheduleNote: '',
  scheduleSentOn: null,
  examInstanceId: null,
  result: null,
  resultPercentage: null,
  resultNotes: '',
  resultSource: null,
  assessmentSubmittedOn: null,
  resultSubmittedOn: null,
  createdOn: '2026-11-20T01:00:00.000Z',
};

function viewIn(currency: string): ResitApplicationView {
  return {
    applicationId: APPLICATION_ID,
    applicationStatus: 'Applied for re-sit',
    maxResitsPerModule: null,
    currency,
    modules: [failedModule],
    resits: [{ ...unpaidResit, currency }],
    canManage: false,
    choices: null,
    awardDateRange: null,
  };
}

function show(view: ResitApplicationView) {
  stubFetch((call) => (call.url.startsWith('/api/qualificationapplicationresitmodule/resitModules') ? jsonResponse(view) : jsonResponse({ message: 'unexpected' }, 404)));
  renderWithProviders(
    <ApplicantResitSection word="qualificationapplicationresitmodule" applicationId={APPLICATION_ID} payHref={(id) => `/student/payments/${id}`} />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const sentResit = (overrides: Partial<ResitModule>): ResitModule => ({
  ...unpaidResit,
  stage: 'Resit Examination',
  invoiceStatus: 'Paid',
  paymentTrackerId: null,
  scheduledAt: '2026-11-10T23:00:00.000Z',
  scheduleTimeZone: 'Australia/Sydney',
  scheduledLocal: '2026-11-11T10:00',
  durationMinutes: 120,
  scheduleSentOn: '2026-11-01T01:00:00.000Z',
  ...overrides,
});

describe('ApplicantResitSection', () => {
  it("gives a sent re-sit's date, time, length and venue, or online with the system check (issue 45)", async () => {
    const atVenue = sentResit({ examKind: 'Pen & Paper', venue: { id: '70000000-0000-4000-8000-000000000071', name: 'Wollongong Testing Hall' }, scheduleNote: 'Room 3, ground floor.' });
    const online = sentResit({ id: '70000000-0000-4000-8000-000000000032', moduleCode: 'M2', examKind: 'Online' });
    show({ ...viewIn('AUD'), resits: [atVenue, online] });
    const [first, second] = await screen.findAllByTestId('resit-row');
    expect(first).toHaveTextContent('Re-sit exam scheduled');
    expect(first).toHaveTextContent(/Pen & Paper exam, 11-Nov-2026 10:00 AM AEDT · 120 minutes/);
    expect(first).toHaveTextContent('Venue: Wollongong Testing Hall');
    expect(first).toHaveTextContent('What to bring: Photo identification, pens');
    expect(first).toHaveTextContent('Note: Room 3, ground floor.');
    expect(second).toHaveTextContent(/Online exam, 11-Nov-2026 10:00 AM AEDT · 120 minutes/);
    expect(within(second!).getByRole('link', { name: 'Run the system check' })).toHaveAttribute('href', '/student/examinations/system-check');
    // The failed module reads as a sentence.
    expect(screen.getByText(/M2 Weld inspection was not passed\. You may re-sit it/)).toBeInTheDocument();
  });


  it("writes a New Zealand body's re-sit fees in NZ$, before and after the invoice", async () => {
    show(viewIn('NZD'));
    expect(await screen.findByText(/You may re-sit it for NZ\$120\.00 \(incl\. GST\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay invoice (NZ$95.00) for the re-sit of M1' })).toBeInTheDocument();
  });

  it("keeps an Australian body's fees in $", async () => {
    show(viewIn('AUD'));
    expect(await screen.findByText(/You may re-sit it for \$120\.00 \(incl\. GST\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay invoice ($95.00) for the re-sit of M1' })).toBeInTheDocument();
    expect(screen.queryByText(/NZ\$/)).not.toBeInTheDocument();
  });
});
