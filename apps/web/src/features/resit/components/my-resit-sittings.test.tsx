import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResitModule } from '@certs/shared/resit/resit.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MyResitSittings } from './my-resit-sittings';

const sentResit: ResitModule = {
  id: 'resit-1',
  applicationId: 'app-1',
  applicationNumber: 'Q-2026-00042',
  applicationStatus: 'Applied for re-sit',
  programId: 'program-1',
  programCode: 'Q-WELD-INSP',
  programTitle: 'Welding Inspector',
  applicantName: 'Ari Applicant',
  applicationModuleId: 'module-1',
  moduleCode: 'IWI-M1',
  moduleTitle: 'Welding processes',
  attempt: 1,
  stage: 'Resit Examination',
  feeCents: 27500,
  currency: 'AUD',
  feeBasis: 'nonMember',
  invoiceId: 'invoice-2',
  invoiceStatus: 'Paid',
  invoiceTotalCents: 27500,
  paymentTrackerId: null,
  examKind: 'Pen & Paper',
  whatToBring: null,
  scheduledAt: '2026-11-10T23:00:00.000Z',
  scheduleTimeZone: 'Australia/Sydney',
  scheduledLocal: '2026-11-11T10:00',
  durationMinutes: 120,
  venue: { id: 'venue-1', name: 'Wollongong Testing Hall' },
  testCentre: null,
  examiner: null,
  invigilator: null,
  examDefinition: null,
  scheduleNote: '',
  scheduleSentOn: '2026-11-01T01:00:00.000Z',
  examInstanceId: null,
  result: null,
  resultPercentage: null,
  resultNotes: '',
  resultSource: null,
  assessmentSubmittedOn: null,
  resultSubmittedOn: null,
  createdOn: '2026-10-20T01:00:00.000Z',
};

const page = (rows: ResitModule[]) => ({ rows, page: 1, pageSize: 250, totalRows: rows.length });

afterEach(() => vi.unstubAllGlobals());

describe('MyResitSittings on Examinations (issue 45)', () => {
  it("lists each sent re-sit still to be sat with its time, length and venue, and nothing of one not sent or already assessed", async () => {
    const notSent: ResitModule = { ...sentResit, id: 'resit-2', moduleCode: 'IWI-M2', scheduleSentOn: null };
    const assessed: ResitModule = { ...sentResit, id: 'resit-3', moduleCode: 'IWI-M3', stage: 'Resit Examination Assessment' };
    stubFetch(({ url }) =>
      url.startsWith('/api/qualificationapplicationresitmodule/incomplete/resitModules') ? jsonResponse(page([sentResit, notSent, assessed])) : jsonResponse(page([])),
    );
    renderWithProviders(<MyResitSittings />);
    const [sitting, ...others] = await screen.findAllByTestId('my-resit-sitting');
    expect(others).toHaveLength(0);
    expect(sitting).toHaveTextContent('Re-sit 1 of IWI-M1 Welding processes');
    expect(sitting).toHaveTextContent(/Pen & Paper exam, 11-Nov-2026 10:00 AM AEDT · 120 minutes/);
    expect(sitting).toHaveTextContent('Venue: Wollongong Testing Hall');
  });

  it('shows nothing while there is no re-sit to sit', async () => {
    const { calls } = stubFetch(() => jsonResponse(page([])));
    renderWithProviders(<MyResitSittings />);
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('my-resit-sittings')).not.toBeInTheDocument();
  });
});
