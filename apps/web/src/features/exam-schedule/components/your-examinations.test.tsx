import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyExaminations } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { YourExaminations } from './your-examinations';

const results: MyExaminations = {
  modules: [],
  beingRescheduled: [],
  result: {
    overallResult: 'Awarded',
    resultRecordedOn: '2026-12-01T01:00:00.000Z',
    modules: [
      { moduleCode: 'IWI-M1', moduleTitle: 'Welding processes', result: 'Fail', resultPercentage: 40 },
      { moduleCode: 'IWI-M2', moduleTitle: 'Materials', result: 'Pass', resultPercentage: 80 },
    ],
  },
};

afterEach(() => vi.unstubAllGlobals());

describe("the candidate's module results (issue 45 item 5)", () => {
  it("gives a re-sat module the re-sit's result and lists its sittings latest first, the first marked earlier", async () => {
    stubFetch(() => jsonResponse(results));
    renderWithProviders(
      <YourExaminations type="qualificationapplication" applicationId="app-1" laterAttempts={[{ moduleCode: 'IWI-M1', attempt: 1, result: 'Pass', resultPercentage: 100 }]} />,
    );
    const resat = await screen.findByTestId('module-result-IWI-M1');
    expect(within(resat).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'IWI-M1 Welding processesRe-sit 1: Pass 100.00%First sitting: Fail 40.00% (earlier)',
      'Pass',
      '100.00%',
    ]);
    expect(within(screen.getByTestId('module-result-IWI-M2')).queryByRole('list')).not.toBeInTheDocument();
  });
});
