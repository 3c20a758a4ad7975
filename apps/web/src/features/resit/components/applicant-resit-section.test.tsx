import { screen } from '@testing-library/react';
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
    <ApplicantResitSection word="qualificationapplicationresitmodule" applicationId={APPLICATION_ID} payHref={(id) => `/student/payments/${id}`} examinationsHref="/student/examinations" />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApplicantResitSection', () => {
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
