import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SittingRow } from '@certs/shared/exam/exam.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ApplicationSittings } from './application-sittings';

const APPLICATION_ID = '50000000-0000-4000-8000-0000000000a1';
const sitting = (overrides: Partial<SittingRow>): SittingRow => ({
  examInstanceId: '50000000-0000-4000-8000-0000000000e1',
  kind: 'module',
  applicantName: 'Remy Resitter',
  applicantEmail: 'remy@example.com',
  title: 'IWI-M1 module exam',
  programId: null,
  programCode: 'Q-WELD-INSP',
  moduleCode: 'IWI-M1',
  applicationId: APPLICATION_ID,
  applicationNumber: 'Q-2026-00012',
  applicationModuleId: '50000000-0000-4000-8000-0000000000b1',
  scheduledAt: '2026-11-01T00:00:00.000Z',
  startedOn: '2026-11-01T00:01:00.000Z',
  deadline: null,
  submittedOn: '2026-11-01T00:30:00.000Z',
  status: 'Submitted',
  submittedHow: null,
  extraMinutes: 0,
  score: 0,
  percentage: 0,
  result: 'Fail',
  needsMarking: false,
  isClosed: true,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe("staff's online sittings of an application (issue 45 item 5)", () => {
  it('lists a re-sat module’s latest sitting first and marks the first sitting as earlier', async () => {
    const first = sitting({});
    const resit = sitting({ examInstanceId: '50000000-0000-4000-8000-0000000000e2', scheduledAt: '2026-12-01T00:00:00.000Z', startedOn: '2026-12-01T00:01:00.000Z', score: 4, percentage: 100, result: 'Pass' });
    const otherModule = sitting({ examInstanceId: '50000000-0000-4000-8000-0000000000e3', moduleCode: 'IWI-M2', title: 'IWI-M2 module exam', applicationModuleId: '50000000-0000-4000-8000-0000000000b2', scheduledAt: '2026-10-01T00:00:00.000Z', percentage: 80, result: 'Pass' });
    // Given oldest first: the panel puts the latest sitting first whatever order the list comes in.
    stubFetch(() => jsonResponse({ rows: [otherModule, first, resit], page: 1, pageSize: 50, totalRows: 3 }));
    renderWithProviders(<ApplicationSittings applicationId={APPLICATION_ID} applicationNumber="Q-2026-00012" markingHref={(id) => `/admin/sittings/${id}`} />);
    const panel = await screen.findByTestId('application-sittings');
    const lines = within(panel).getAllByText(/module exam:/).map((line) => line.textContent);
    expect(lines).toEqual(['IWI-M1 IWI-M1 module exam: 100% Pass', 'IWI-M1 IWI-M1 module exam: 0% Fail (earlier sitting)', 'IWI-M2 IWI-M2 module exam: 80% Pass']);
  });
});
