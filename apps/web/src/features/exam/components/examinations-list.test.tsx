import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyExaminationRow } from '@certs/shared/exam/exam.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ExaminationsList } from './examinations-list';

const paths = {
  launch: (kind: string, id: string) => `/start/${kind}/${id}`,
  sitting: (kind: string, id: string) => `/sit/${kind}/${id}`,
  review: (id: string) => `/review/${id}`,
};

const now = Date.now();
const base: MyExaminationRow = {
  examInstanceId: null,
  kind: 'module',
  testId: '50000000-0000-4000-8000-000000000001',
  title: 'IWI-M1 module exam',
  programCode: 'IWI',
  programTitle: 'International Welding Inspector',
  moduleCode: 'IWI-M1',
  moduleTitle: 'Welding processes',
  applicationModuleId: '50000000-0000-4000-8000-0000000000a1',
  applicationNumber: 'Q-000012',
  // Within its start window: without the result, Start would be offered.
  scheduledAt: new Date(now - 60_000).toISOString(),
  windowClosesAt: new Date(now + 3_600_000).toISOString(),
  scheduleTimeZone: 'Australia/Sydney',
  overallTime: 60,
  status: 'NotStarted',
  startedOn: null,
  submittedOn: null,
  score: null,
  percentage: null,
  isResit: false,
  result: null,
  resultPercentage: null,
  isClosed: false,
};

function renderList(rows: MyExaminationRow[]) {
  stubFetch(async (call) => {
    if (call.url.startsWith('/api/launchexam/servertime')) return jsonResponse({ serverTime: Date.now() });
    if (call.url.startsWith('/api/examinations/trials')) return jsonResponse([]);
    if (call.url.startsWith('/api/examinations/my')) return jsonResponse({ rows, page: 1, pageSize: 10, totalRows: rows.length });
    return jsonResponse({ message: 'unexpected' }, 404);
  });
  renderWithProviders(<ExaminationsList paths={paths} />);
}

describe("the candidate's examinations list (issue 21)", () => {
  it('shows a marked module exam’s released result and percentage instead of "Submitted" and "—"', async () => {
    renderList([
      {
        ...base,
        examInstanceId: '50000000-0000-4000-8000-0000000000e1',
        status: 'Submitted',
        startedOn: new Date(now - 30 * 60_000).toISOString(),
        submittedOn: new Date(now - 5 * 60_000).toISOString(),
        result: 'Pass',
        resultPercentage: 82.5,
        isClosed: true,
      },
    ]);
    const table = await screen.findByRole('table', { name: 'Your examinations' });
    const row = (await within(table).findByText('IWI-M1 module exam')).closest('tr')!;
    expect(within(row).getByText('Passed')).toBeInTheDocument();
    expect(within(row).getByText('82.5%')).toBeInTheDocument();
    expect(within(row).getByText('Result released')).toBeInTheDocument();
    expect(within(row).queryByText('Submitted')).not.toBeInTheDocument();
  });

  it('offers no Start for a module whose result is recorded, even inside its window', async () => {
    renderList([{ ...base, isClosed: true }]);
    const table = await screen.findByRole('table', { name: 'Your examinations' });
    const row = (await within(table).findByText('IWI-M1 module exam')).closest('tr')!;
    expect(within(row).getByText('Result recorded')).toBeInTheDocument();
    expect(within(row).getByText('Closed')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /Start/ })).not.toBeInTheDocument();
  });

  it('still offers Start for an open module without a result', async () => {
    renderList([base]);
    expect(await screen.findByRole('link', { name: 'Start IWI-M1 module exam' })).toBeInTheDocument();
  });
});
